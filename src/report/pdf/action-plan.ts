import { ACTION_STATUS_LABELS, formatDay, type PlannedAction } from '../../core';
import {
  ACTION_PLAN_HEADING,
  CARRIED_MARK,
  OVERDUE_LABEL,
  carriedNote,
  isOverdue,
  planSummary,
  topicAction,
  topicTypeLabel,
} from '../../shared/action-plan-words';
import type { ReportWriter, TableColumn } from './report-writer';
import { writeHeading } from './section-heading';
import { TYPE } from './theme';

/** The plan's columns: the action names its row (a row header), then what the page's fields hold. */
const COLUMNS: readonly TableColumn[] = [
  { header: 'Action', share: 0.3 },
  { header: 'Area/Type', share: 0.2 },
  { header: 'Status', share: 0.14 },
  { header: 'Owner', share: 0.17 },
  { header: 'Target date', share: 0.19 },
];

/** What an empty owner or date cell says: a blank cell reads as nothing to a screen reader. */
const NOT_SET = 'Not set';

/**
 * "Your action plan": what the care manager marked on their private results page, as a table with
 * the same words as the page, on a page of its own. Nothing at all when nothing is marked (the report
 * then has no actionPlan). A target date before `today` on an action not done says "Overdue" in its
 * cell, in words; the sentence above the table names the day that was judged on, and the result
 * any item marked "carried" came from.
 */
export function writeActionPlan(
  writer: ReportWriter,
  actions: readonly PlannedAction[] | undefined,
  today: string,
): void {
  if (!actions || actions.length === 0) return;
  writer.newPage();
  writeHeading(writer, ACTION_PLAN_HEADING);
  const items = actions.map((action) => action.item);
  // A plan a retake started with says where its carried items came from (decision 0060).
  const carried = carriedNote(items.flatMap((item) => (item.carriedFrom ? [item.carriedFrom] : [])));
  const summary = `What you marked on your results page, as it stood on ${formatDay(today)}: ${planSummary(items)}.`;
  writer.text('P', carried ? `${summary} ${carried}` : summary, TYPE.body, { gapAfter: 10 });
  writer.table(
    COLUMNS,
    actions.map(({ topic, item }) => [
      topicAction(topic),
      topicTypeLabel(topic),
      item.carriedFrom
        ? `${ACTION_STATUS_LABELS[item.status]}, ${CARRIED_MARK}`
        : ACTION_STATUS_LABELS[item.status],
      item.owner ?? NOT_SET,
      targetCell(item.targetDate, isOverdue(item, today)),
    ]),
    { rowHeaders: true },
  );
}

/** "3 November 2026", or "3 November 2026 (Overdue)" when it has passed on an action not done. */
function targetCell(targetDate: string | undefined, overdue: boolean): string {
  if (targetDate === undefined) return NOT_SET;
  const day = formatDay(targetDate) ?? targetDate;
  return overdue ? `${day} (${OVERDUE_LABEL})` : day;
}
