import { AREAS, formatDay, type ActionPlanItem, type ActionStatus, type ActionTopic } from '../core';

/**
 * How the action plan reads wherever it is shown (the private results page and the PDF): the
 * section's heading, the summary of what is marked, what kind of topic each is, and when one is
 * overdue. One place, so the page and the printout say the same.
 */
export const ACTION_PLAN_HEADING = 'Your action plan';

/**
 * Said on an earlier result's plan once a later result was retaken from it (decision 0060): the
 * plan carried on to that result, and this one is kept to read.
 */
export const PLAN_MOVED_TITLE = 'A later result holds this plan now';
export const PLAN_MOVED_NOTE =
  'You have taken the audit again since these results, and your plan carried on to the new ones: keep it up to date through the link in your latest e-mail. Here it stays as it was, to read.';
/** The server's answer to a change of such a plan (409 superseded), which changes nothing. */
export const PLAN_MOVED_REFUSAL =
  'This plan can no longer be changed here: a later result holds it now. Change it through the link in your latest e-mail.';

/** "Carried from your results of 3 November 2026": an item a retake started with, unchanged since. */
export function carriedLabel(carriedFrom: string): string {
  return `Carried from your results of ${formatDay(carriedFrom) ?? carriedFrom}`;
}

/** How the PDF's status cell marks an item carried from an earlier result: "Done, carried". */
export const CARRIED_MARK = 'carried';

/**
 * The PDF's sentence under its plan's summary when items were carried: "Actions marked “carried”
 * come from your results of 3 November 2026, unchanged since." Undefined when none were. A retake
 * carries from the one result before it, so there is one day; were there more, each is named.
 */
export function carriedNote(days: readonly string[]): string | undefined {
  const named = [...new Set(days)].sort().map((day) => formatDay(day) ?? day);
  if (named.length === 0) return undefined;
  const list = named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
  return `Actions marked “${CARRIED_MARK}” come from your results of ${list}, unchanged since.`;
}

/** A marked action past its date is said to be so in this word, never by colour alone. */
export const OVERDUE_LABEL = 'Overdue';

/**
 * True when `item`'s target date (YYYY-MM-DD) is before `today` (YYYY-MM-DD) and it is not done.
 * "Today" is the UK's day (ukDay), as the team's follow-ups count it, so the page and the PDF agree.
 */
export function isOverdue(item: Pick<ActionPlanItem, 'status' | 'targetDate'>, today: string): boolean {
  // YYYY-MM-DD strings sort as the days they name.
  return item.status !== 'done' && item.targetDate !== undefined && item.targetDate < today;
}

/** "3 planned, 1 in progress, 2 done": every status counted, a zero included, so the line reads the same each time. */
export function planSummary(plan: readonly Pick<ActionPlanItem, 'status'>[]): string {
  const count = (status: ActionStatus) => plan.filter((item) => item.status === status).length;
  return `${count('planned')} planned, ${count('in_progress')} in progress, ${count('done')} done`;
}

/** "Priority · Data Management" for a priority (its statement's area), "Area advice" for an area. */
export function topicTypeLabel(topic: Pick<ActionTopic, 'key' | 'kind'>): string {
  if (topic.kind === 'area') return 'Area advice';
  // A priority's key is statement:<area>-<question> (priorityKey).
  const areaId = /^statement:([a-z]+)-\d$/.exec(topic.key)?.[1];
  const area = AREAS.find((candidate) => candidate.id === areaId);
  return area ? `Priority · ${area.title}` : 'Priority';
}

/** What the action is: a priority's label, or an area's title and its advice ("Data Management: Build the foundations"). */
export function topicAction(topic: Pick<ActionTopic, 'kind' | 'title' | 'detail'>): string {
  return topic.kind === 'area' ? `${topic.title}: ${topic.detail}` : topic.title;
}
