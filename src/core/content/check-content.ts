import { AREA_IDS, AREAS, QUESTIONS_PER_AREA } from '../areas';
import { BANDS, type Band } from '../insight/bands';
import {
  DSPT_STANDARDS,
  KEY_QUESTIONS,
  type DsptStandardNumber,
  type KeyQuestion,
} from '../insight/key-questions';
import {
  AUDIT_CONTENT_SCHEMA,
  CONTENT_LIMITS,
  type AreaContent,
  type AuditContent,
  type FrameworkItem,
  type StatementContent,
} from './audit-content';

/** A checked document, or every reason it was refused, each a sentence an editor can act on. */
export type ContentCheck = { ok: true; content: AuditContent } | { ok: false; problems: string[] };

/** Statement keys and framework item ids: lower case words joined by hyphens, as `operational-1`. */
export const CONTENT_KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const RECOMMENDATIONS_PER_AREA = 3;

/**
 * Checks a document an editor saved or imported against the audit's fixed shape (five areas in
 * order, five statements each, three recommendations, advice for each band), the length limits
 * and plain text (no markup, no line breaks), and returns a clean copy holding only known fields.
 * Nothing is corrected silently: every problem is named.
 */
export function checkContent(value: unknown): ContentCheck {
  const problems: string[] = [];
  const doc = record(value);
  if (!doc) return { ok: false, problems: ['The content must be a JSON object.'] };
  if (typeof doc.schema === 'number' && doc.schema > AUDIT_CONTENT_SCHEMA) {
    return {
      ok: false,
      problems: [
        `This content is in format ${doc.schema}, newer than this site reads (format ${AUDIT_CONTENT_SCHEMA}). Update the site first.`,
      ],
    };
  }
  if (doc.schema !== AUDIT_CONTENT_SCHEMA)
    problems.push(`The content format must be ${AUDIT_CONTENT_SCHEMA}.`);

  const texts = new Texts(problems);
  const headings = record(doc.bandHeadings);
  const bandHeadings = {} as Record<Band, string>;
  for (const band of BANDS) {
    bandHeadings[band.id] = texts.required(
      headings?.[band.id],
      `The heading of the band “${band.heading}”`,
      CONTENT_LIMITS.bandHeading,
    );
  }
  const intro = record(doc.recommendationsIntro);
  const recommendationsIntro = {
    improve: texts.required(
      intro?.improve,
      'The words before recommendations (below 80%)',
      CONTENT_LIMITS.recommendationsIntro,
    ),
    sustain: texts.required(
      intro?.sustain,
      'The words before recommendations (80% or more)',
      CONTENT_LIMITS.recommendationsIntro,
    ),
  };
  const framework = checkFramework(doc.framework, texts, problems);
  const frameworkIds = new Set(framework.items.map((item) => item.id));

  const areas: AreaContent[] = [];
  const keys = new Set<string>();
  const areaValues = Array.isArray(doc.areas) ? doc.areas : [];
  if (!Array.isArray(doc.areas) || doc.areas.length !== AREA_IDS.length) {
    problems.push(`There must be exactly ${AREA_IDS.length} areas, in the audit's order.`);
  }
  AREAS.forEach((areaInfo, index) => {
    const area = record(areaValues[index]);
    const where = areaInfo.title;
    if (areaValues[index] !== undefined && area?.id !== areaInfo.id) {
      problems.push(`Area ${index + 1} must be ${where} (id “${areaInfo.id}”).`);
    }
    const statementValues = Array.isArray(area?.statements) ? area.statements : [];
    if (statementValues.length !== QUESTIONS_PER_AREA) {
      problems.push(`${where} must have exactly ${QUESTIONS_PER_AREA} statements.`);
    }
    const statements = Array.from({ length: QUESTIONS_PER_AREA }, (_, n) =>
      checkStatement(statementValues[n], `${where}, statement ${n + 1}`, texts, problems, keys, frameworkIds),
    );
    const recommendationValues = Array.isArray(area?.recommendations) ? area.recommendations : [];
    if (recommendationValues.length !== RECOMMENDATIONS_PER_AREA) {
      problems.push(`${where} must have exactly ${RECOMMENDATIONS_PER_AREA} recommendations.`);
    }
    const recommendations = Array.from({ length: RECOMMENDATIONS_PER_AREA }, (_, n) =>
      texts.required(
        recommendationValues[n],
        `${where}, recommendation ${n + 1}`,
        CONTENT_LIMITS.recommendation,
      ),
    );
    const adviceValue = record(area?.advice);
    const advice = {} as Record<Band, string>;
    for (const band of BANDS) {
      advice[band.id] = texts.required(
        adviceValue?.[band.id],
        `${where}, the advice for “${band.heading}”`,
        CONTENT_LIMITS.advice,
      );
    }
    areas.push({
      id: areaInfo.id,
      intro: texts.optional(area?.intro, `${where}, the introduction`, CONTENT_LIMITS.intro),
      statements,
      recommendations,
      advice,
    });
  });

  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    content: { schema: AUDIT_CONTENT_SCHEMA, bandHeadings, recommendationsIntro, framework, areas },
  };
}

function checkFramework(value: unknown, texts: Texts, problems: string[]): AuditContent['framework'] {
  const framework = record(value);
  const name = texts.required(framework?.name, 'The framework’s name', CONTENT_LIMITS.frameworkName);
  const itemValues = Array.isArray(framework?.items) ? framework.items : [];
  if (!Array.isArray(framework?.items))
    problems.push('The framework must have a list of items (it may be empty).');
  if (itemValues.length > CONTENT_LIMITS.frameworkItems) {
    problems.push(`The framework may have at most ${CONTENT_LIMITS.frameworkItems} items.`);
  }
  const ids = new Set<string>();
  const items: FrameworkItem[] = itemValues
    .slice(0, CONTENT_LIMITS.frameworkItems)
    .map((itemValue, index) => {
      const item = record(itemValue);
      const where = `Framework item ${index + 1}`;
      const id = checkKey(item?.id, `${where}’s id`, problems);
      if (id && ids.has(id)) problems.push(`${where}’s id “${id}” is used twice.`);
      ids.add(id);
      const keyQuestion = KEY_QUESTIONS.find((question) => question === item?.keyQuestion);
      if (!keyQuestion) problems.push(`${where} must sit under one of ${KEY_QUESTIONS.join(', ')}.`);
      return {
        id,
        keyQuestion: keyQuestion ?? 'Safe',
        name: texts.required(item?.name, `${where}’s name`, CONTENT_LIMITS.frameworkItemName),
      };
    });
  return { name, items };
}

function checkStatement(
  value: unknown,
  where: string,
  texts: Texts,
  problems: string[],
  keys: Set<string>,
  frameworkIds: ReadonlySet<string>,
): StatementContent {
  const statement = record(value);
  const key = checkKey(statement?.key, `${where}’s key`, problems);
  if (key && keys.has(key)) problems.push(`${where}’s key “${key}” is used by another statement.`);
  keys.add(key);
  const questionValues = Array.isArray(statement?.keyQuestions) ? statement.keyQuestions : [];
  const keyQuestions = KEY_QUESTIONS.filter((question) => questionValues.includes(question));
  if (keyQuestions.length === 0 || keyQuestions.length !== questionValues.length) {
    problems.push(
      `${where} must name at least one CQC key question, each once, from ${KEY_QUESTIONS.join(', ')}.`,
    );
  }
  const dsptValue = statement?.dspt;
  let dspt: DsptStandardNumber | undefined;
  if (dsptValue !== undefined && dsptValue !== null) {
    if (typeof dsptValue === 'number' && Object.hasOwn(DSPT_STANDARDS, dsptValue)) {
      dspt = dsptValue as DsptStandardNumber;
    } else {
      problems.push(`${where}’s DSPT standard must be a number from 1 to 10, or none.`);
    }
  }
  const itemValues = Array.isArray(statement?.frameworkItems) ? statement.frameworkItems : [];
  if (statement?.frameworkItems !== undefined && !Array.isArray(statement.frameworkItems)) {
    problems.push(`${where}’s framework items must be a list.`);
  }
  const frameworkItems: string[] = [];
  for (const item of itemValues) {
    if (typeof item !== 'string' || !frameworkIds.has(item)) {
      problems.push(`${where} names a framework item that is not in the list: “${String(item)}”.`);
    } else if (frameworkItems.includes(item)) {
      problems.push(`${where} names the framework item “${item}” twice.`);
    } else frameworkItems.push(item);
  }
  return {
    key,
    text: texts.required(statement?.text, `${where}’s text`, CONTENT_LIMITS.statement),
    label: texts.required(statement?.label, `${where}’s short name`, CONTENT_LIMITS.label),
    nextStep: texts.required(statement?.nextStep, `${where}’s next step`, CONTENT_LIMITS.nextStep),
    keyQuestions: keyQuestions as KeyQuestion[],
    ...(dspt !== undefined ? { dspt } : {}),
    frameworkItems,
  };
}

function checkKey(value: unknown, what: string, problems: string[]): string {
  if (typeof value !== 'string' || !CONTENT_KEY_PATTERN.test(value) || value.length > CONTENT_LIMITS.key) {
    problems.push(
      `${what} must be 1–${CONTENT_LIMITS.key} lower case letters or digits, words joined by hyphens (as “operational-1”).`,
    );
    return typeof value === 'string' ? value : '';
  }
  return value;
}

/** Plain text: no markup (a page, an e-mail and a PDF all show it as it is), one paragraph. */
class Texts {
  constructor(private readonly problems: string[]) {}

  required(value: unknown, what: string, max: number): string {
    const text = this.optional(value, what, max);
    if (value === undefined || (typeof value === 'string' && text === '')) {
      this.problems.push(`${what} must not be empty.`);
    }
    return text;
  }

  optional(value: unknown, what: string, max: number): string {
    if (value === undefined) return '';
    if (typeof value !== 'string') {
      this.problems.push(`${what} must be text.`);
      return '';
    }
    if (value !== value.trim()) this.problems.push(`${what} must not start or end with a space.`);
    if ([...value].length > max)
      this.problems.push(`${what} must be at most ${max} characters (it has ${[...value].length}).`);
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(value))
      this.problems.push(`${what} must be one paragraph, with no line breaks.`);
    if (/[<>]/.test(value)) this.problems.push(`${what} must be plain text: “<” and “>” are not allowed.`);
    return value;
  }
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
