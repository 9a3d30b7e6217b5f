import { AREAS } from '../../../core/areas';
import type { AuditContent, FrameworkItem } from '../../../core/content';
import { BANDS } from '../../../core/insight/bands';
import type { KeyQuestion } from '../../../core/insight/key-questions';

/**
 * The editor's form holds the document as typed; what is checked, compared, previewed and sent is
 * `documentOf` it: each field one paragraph (a line break typed in a textarea becomes a space, as
 * the content is one paragraph per field) with no space at either end.
 */
export function plainText(value: string): string {
  return value.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

export function documentOf(form: AuditContent): AuditContent {
  return {
    schema: form.schema,
    bandHeadings: {
      foundations: plainText(form.bandHeadings.foundations),
      next_steps: plainText(form.bandHeadings.next_steps),
      sustain: plainText(form.bandHeadings.sustain),
    },
    recommendationsIntro: {
      improve: plainText(form.recommendationsIntro.improve),
      sustain: plainText(form.recommendationsIntro.sustain),
    },
    framework: {
      name: plainText(form.framework.name),
      items: form.framework.items.map((item) => ({ ...item, name: plainText(item.name) })),
    },
    areas: form.areas.map((area) => ({
      id: area.id,
      intro: plainText(area.intro),
      statements: area.statements.map((statement) => ({
        ...statement,
        key: statement.key.trim(),
        text: plainText(statement.text),
        label: plainText(statement.label),
        nextStep: plainText(statement.nextStep),
      })),
      recommendations: area.recommendations.map(plainText),
      advice: {
        foundations: plainText(area.advice.foundations),
        next_steps: plainText(area.advice.next_steps),
        sustain: plainText(area.advice.sustain),
      },
    })),
  };
}

/** The ids of the form's controls, so a problem can link to the field it is about. */
export const fieldId = {
  bandHeading: (band: string) => `content-band-${band}`,
  recommendationsIntro: (which: 'improve' | 'sustain') => `content-recommendations-${which}`,
  frameworkName: 'content-framework-name',
  frameworkItemName: (index: number) => `content-framework-${index}-name`,
  frameworkItemQuestion: (index: number) => `content-framework-${index}-question`,
  areaIntro: (area: string) => `content-${area}-intro`,
  statement: (area: string, n: number, part: StatementPart) => `content-${area}-s${n}-${part}`,
  recommendation: (area: string, n: number) => `content-${area}-r${n}`,
  advice: (area: string, band: string) => `content-${area}-advice-${band}`,
};

export type StatementPart = 'text' | 'label' | 'next' | 'key' | 'kq' | 'dspt' | 'items';

/**
 * The field a problem from checkContent is about, read from the words it starts with (checkContent
 * names every field the way the form labels it), or undefined for a problem of the whole document.
 */
export function problemField(problem: string, content: AuditContent): string | undefined {
  let best: { prefix: string; id: string } | undefined;
  for (const [prefix, id] of problemPrefixes(content)) {
    if (problem.startsWith(prefix) && (!best || prefix.length > best.prefix.length)) best = { prefix, id };
  }
  return best?.id;
}

function problemPrefixes(content: AuditContent): [string, string][] {
  const prefixes: [string, string][] = [
    ['The words before recommendations (below 80%)', fieldId.recommendationsIntro('improve')],
    ['The words before recommendations (80% or more)', fieldId.recommendationsIntro('sustain')],
    ['The framework’s name', fieldId.frameworkName],
  ];
  for (const band of BANDS) {
    prefixes.push([`The heading of the band “${band.heading}”`, fieldId.bandHeading(band.id)]);
  }
  content.framework.items.forEach((_, index) => {
    const where = `Framework item ${index + 1}`;
    prefixes.push([`${where}’s`, fieldId.frameworkItemName(index)]);
    prefixes.push([`${where} must sit`, fieldId.frameworkItemQuestion(index)]);
  });
  for (const area of AREAS) {
    prefixes.push([`${area.title}, the introduction`, fieldId.areaIntro(area.id)]);
    for (let n = 1; n <= 5; n++) {
      const where = `${area.title}, statement ${n}`;
      const id = (part: StatementPart) => fieldId.statement(area.id, n, part);
      prefixes.push(
        [`${where}’s text`, id('text')],
        [`${where}’s short name`, id('label')],
        [`${where}’s next step`, id('next')],
        [`${where}’s key`, id('key')],
        [`${where}’s DSPT`, id('dspt')],
        [`${where}’s framework items`, id('items')],
        [`${where} names`, id('items')],
        [`${where} must name`, `${id('kq')}-0`],
      );
    }
    for (let n = 1; n <= 3; n++) {
      prefixes.push([`${area.title}, recommendation ${n}`, fieldId.recommendation(area.id, n)]);
    }
    for (const band of BANDS) {
      prefixes.push([`${area.title}, the advice for “${band.heading}”`, fieldId.advice(area.id, band.id)]);
    }
  }
  return prefixes;
}

/**
 * "safe-9": an id for an item an editor adds, one past the highest number under its key question
 * in the list (ids are stable within a version; an item keeps its id when it moves under another
 * key question).
 */
export function newFrameworkItemId(items: readonly FrameworkItem[], keyQuestion: KeyQuestion): string {
  const prefix = keyQuestion.toLowerCase();
  const pattern = new RegExp(`^${prefix}-(\\d+)$`);
  const numbers = items.map((item) => Number(pattern.exec(item.id)?.[1]));
  const highest = Math.max(0, ...numbers.filter((n) => Number.isInteger(n)));
  return `${prefix}-${highest + 1}`;
}

/** The list without one item, and no statement naming it any more. */
export function withoutFrameworkItem(content: AuditContent, index: number): AuditContent {
  const removed = content.framework.items[index];
  if (!removed) return content;
  return {
    ...content,
    framework: { ...content.framework, items: content.framework.items.filter((_, i) => i !== index) },
    areas: content.areas.map((area) => ({
      ...area,
      statements: area.statements.map((statement) =>
        statement.frameworkItems.includes(removed.id)
          ? { ...statement, frameworkItems: statement.frameworkItems.filter((id) => id !== removed.id) }
          : statement,
      ),
    })),
  };
}

/**
 * A document as JSON with every object's keys in order: whether the form has unsaved changes is
 * whether its words differ, not the order the server's JSON (PostgreSQL's jsonb sorts keys) or the
 * checks happened to give its fields.
 */
export function wordsJson(value: unknown): string {
  return JSON.stringify(value, (_key, field: unknown) =>
    field && typeof field === 'object' && !Array.isArray(field)
      ? Object.fromEntries(Object.entries(field).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : field,
  );
}
