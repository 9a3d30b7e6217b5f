import { AREAS } from '../areas';
import { BANDS } from '../insight/bands';
import { dsptStandardName } from '../insight/key-questions';
import type { AuditContent, FrameworkItem, StatementContent } from './audit-content';

/** One field an editor changed, as "What changed" lists it before they publish. */
export interface ContentChange {
  /** Where it is, in the words of the form: "Operational Efficiency, statement 2, text". */
  where: string;
  /** The live version's words ("" when there were none: an item added, an empty intro). */
  before: string;
  /** The draft's words ("" when there are none: an item removed). */
  after: string;
  /** What the change means beyond its words, when it means more (a statement's new key). */
  note?: string;
}

/** Said of a statement whose key changed: its results start afresh in progress over time. */
export const NEW_KEY_NOTE = 'new key: progress will not compare this statement with earlier results';

/**
 * Every field that differs between the live version and a draft, in the order of the form: band
 * headings, the words before recommendations, the framework, then each area. Pure: the page runs
 * it on every edit. Both documents have the audit's fixed shape (five areas, five statements,
 * three recommendations), as checkContent makes sure of what is stored.
 */
export function contentChanges(live: AuditContent, draft: AuditContent): ContentChange[] {
  const changes: ContentChange[] = [];
  const add = (where: string, before: string, after: string, note?: string) => {
    if (before !== after) changes.push(note ? { where, before, after, note } : { where, before, after });
  };

  for (const band of BANDS) {
    add(`Band heading, ${band.heading}`, live.bandHeadings[band.id], draft.bandHeadings[band.id]);
  }
  add(
    'Words before recommendations, below 80%',
    live.recommendationsIntro.improve,
    draft.recommendationsIntro.improve,
  );
  add(
    'Words before recommendations, 80% or more',
    live.recommendationsIntro.sustain,
    draft.recommendationsIntro.sustain,
  );
  frameworkChanges(live.framework, draft.framework, add);

  const liveNames = itemNames(live.framework.items);
  const draftNames = itemNames(draft.framework.items);
  AREAS.forEach((area, areaIndex) => {
    const before = live.areas[areaIndex];
    const after = draft.areas[areaIndex];
    if (!before || !after) return;
    add(`${area.title}, introduction`, before.intro, after.intro);
    before.statements.forEach((statement, n) => {
      const next = after.statements[n];
      if (next)
        statementChanges(`${area.title}, statement ${n + 1}`, statement, next, add, liveNames, draftNames);
    });
    before.recommendations.forEach((recommendation, n) => {
      add(`${area.title}, recommendation ${n + 1}`, recommendation, after.recommendations[n] ?? '');
    });
    for (const band of BANDS) {
      add(`${area.title}, advice, ${band.heading}`, before.advice[band.id], after.advice[band.id]);
    }
  });
  return changes;
}

type Add = (where: string, before: string, after: string, note?: string) => void;

function statementChanges(
  where: string,
  before: StatementContent,
  after: StatementContent,
  add: Add,
  liveNames: ReadonlyMap<string, string>,
  draftNames: ReadonlyMap<string, string>,
) {
  add(`${where}, key`, before.key, after.key, before.key !== after.key ? NEW_KEY_NOTE : undefined);
  add(`${where}, text`, before.text, after.text);
  add(`${where}, short name`, before.label, after.label);
  add(`${where}, next step`, before.nextStep, after.nextStep);
  add(`${where}, key questions`, before.keyQuestions.join(', '), after.keyQuestions.join(', '));
  add(`${where}, DSPT standard`, dsptWords(before.dspt), dsptWords(after.dspt));
  // Compared by id, shown by name: an item renamed in the list is one change there, not here too.
  if (before.frameworkItems.join('\n') !== after.frameworkItems.join('\n')) {
    add(
      `${where}, framework items`,
      before.frameworkItems.map((id) => liveNames.get(id) ?? id).join('; '),
      after.frameworkItems.map((id) => draftNames.get(id) ?? id).join('; '),
    );
  }
}

function frameworkChanges(live: AuditContent['framework'], draft: AuditContent['framework'], add: Add) {
  add('Framework, name', live.name, draft.name);
  const draftById = new Map(draft.items.map((item) => [item.id, item]));
  const liveIds = new Set(live.items.map((item) => item.id));
  for (const item of live.items) {
    const next = draftById.get(item.id);
    if (!next) {
      add(`Framework, item removed`, itemWords(item), '');
      continue;
    }
    add(`Framework, item “${item.name}”, name`, item.name, next.name);
    add(`Framework, item “${next.name}”, key question`, item.keyQuestion, next.keyQuestion);
  }
  for (const item of draft.items) {
    if (!liveIds.has(item.id)) add('Framework, item added', '', itemWords(item));
  }
}

function itemNames(items: readonly FrameworkItem[]): Map<string, string> {
  return new Map(items.map((item) => [item.id, item.name]));
}

function itemWords(item: FrameworkItem): string {
  return `${item.name} (${item.keyQuestion})`;
}

function dsptWords(standard: StatementContent['dspt']): string {
  return standard === undefined ? 'None' : dsptStandardName(standard);
}
