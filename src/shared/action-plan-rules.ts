import { ACTION_OWNER_MAX_LENGTH, ACTION_STATUSES, isoDate } from '../core';
import { characterCount } from './email-request-rules';
import { PLAIN_TEXT_MESSAGE } from './plain-text';
import { isOneLineOfText } from './visit-source-rules';

/**
 * The rules of a change to the action plan (`POST /api/results/<token>/plan`) that the browser needs
 * too: the path, the statuses a change may set, what a person is told, and the owner and target
 * date checks as plain functions. No zod, so the results page ships none of the validation library;
 * the server's schema (action-plan.ts) calls these same functions.
 */

/** Where a results link's plan is changed. */
export function actionPlanPath(token: string): string {
  return `/api/results/${token}/plan`;
}

/**
 * What a change may set a topic to: one of the plan's statuses, or `not_started`, which removes the
 * topic's item (a topic nobody marked has none).
 */
export const ACTION_CHANGE_STATUSES = [...ACTION_STATUSES, 'not_started'] as const;
export type ActionChangeStatus = (typeof ACTION_CHANGE_STATUSES)[number];

/** "Not started": how the status without an item reads beside the plan's own labels. */
export const NOT_STARTED_LABEL = 'Not started';

/** The earliest target date: before the tool existed, a date is a mistake. */
export const EARLIEST_TARGET_DAY = '2020-01-01';
/** How far ahead a target date may be: a plan, not a wish. */
export const TARGET_YEARS_AHEAD = 5;

/** What a person sees when a field is wrong. */
export const ACTION_PLAN_MESSAGES = {
  keyInvalid: 'This is not one of the topics of these results',
  statusInvalid: 'Choose Not started, Planned, In progress or Done',
  ownerInvalid: 'The owner must be text',
  ownerEmpty: 'Enter a name, or leave the owner out',
  ownerTooLong: `Please keep the owner to ${ACTION_OWNER_MAX_LENGTH} characters or fewer`,
  ownerNotPlain: PLAIN_TEXT_MESSAGE,
  targetDateInvalid: 'Enter the target date as a date, YYYY-MM-DD',
  targetDateTooEarly: `The target date cannot be before ${EARLIEST_TARGET_DAY}`,
  targetDateTooLate: `The target date cannot be more than ${TARGET_YEARS_AHEAD} years ahead`,
  nothingToAttach: 'A topic that is not started has no owner or target date',
} as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `day` is YYYY-MM-DD and a day of the calendar (2026-02-30 is not). */
export function isCalendarDay(day: string): boolean {
  if (!ISO_DAY.test(day)) return false;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && isoDate(parsed) === day;
}

/**
 * The latest target date a change may set at `now`: five years after tomorrow (UTC), tomorrow
 * because a visitor east of UTC is a day ahead for some hours. A 29 February five years on, which
 * the calendar lacks, becomes 1 March.
 */
export function latestTargetDay(now: Date = new Date()): string {
  const tomorrow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  tomorrow.setUTCFullYear(tomorrow.getUTCFullYear() + TARGET_YEARS_AHEAD);
  return isoDate(tomorrow);
}

/** What is wrong with an owner (already trimmed), or undefined when nothing is. */
export function ownerProblem(trimmed: string): string | undefined {
  if (trimmed === '') return ACTION_PLAN_MESSAGES.ownerEmpty;
  if (!isOneLineOfText(trimmed)) return ACTION_PLAN_MESSAGES.ownerNotPlain;
  if (characterCount(trimmed) > ACTION_OWNER_MAX_LENGTH) return ACTION_PLAN_MESSAGES.ownerTooLong;
  return undefined;
}

/**
 * What is wrong with a target date at `now`, or undefined when nothing is. A day in the past is
 * fine: the action is then overdue, not invalid.
 */
export function targetDateProblem(day: string, now: Date = new Date()): string | undefined {
  if (!isCalendarDay(day)) return ACTION_PLAN_MESSAGES.targetDateInvalid;
  // YYYY-MM-DD strings sort as the days they name.
  if (day < EARLIEST_TARGET_DAY) return ACTION_PLAN_MESSAGES.targetDateTooEarly;
  if (day > latestTargetDay(now)) return ACTION_PLAN_MESSAGES.targetDateTooLate;
  return undefined;
}
