import * as z from 'zod/mini';
import { AREA_IDS, isoDate, type AreaId } from '../core';
import { contentVersionSchema, responsesSchema } from './email-request';
import { serviceProfileSchema } from './service-profile-schema';

/**
 * The request behind "Download Full Report" (`POST /api/report`): the answers and what the page
 * shows with them, from which the server builds and renders the report. Strict: a field it does
 * not know is an error, so a client that sends scores of its own learns that they are not used.
 */

/** The earliest day a report may carry: before the tool existed, a date is a mistake. */
export const EARLIEST_REPORT_DAY = '2020-01-01';

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `day` is YYYY-MM-DD and a day of the calendar (2026-02-30 is not). */
function isCalendarDay(day: string): boolean {
  if (!ISO_DAY.test(day)) return false;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && isoDate(parsed) === day;
}

/**
 * A day of the calendar from 2020-01-01 to tomorrow (UTC): tomorrow because a visitor east of UTC
 * is a day ahead for some hours, and no later because no report is dated in the future.
 */
const daySchema = (what: string) =>
  z.string({ error: `${what} must be a date, YYYY-MM-DD` }).check(
    z.refine(isCalendarDay, { error: `${what} must be a date, YYYY-MM-DD`, abort: true }),
    z.refine((day) => day >= EARLIEST_REPORT_DAY, {
      error: `${what} cannot be before ${EARLIEST_REPORT_DAY}`,
    }),
    z.refine((day) => day <= isoDate(new Date(Date.now() + DAY_MS)), {
      error: `${what} cannot be in the future`,
    }),
  );

const UNKNOWN_FIELD = 'This field is not part of a report request';

// Unknown keys are named one by one by fieldErrors; anything else is the object's own message.
const strictError = (message: string) => (issue: { code?: string }) =>
  issue.code === 'unrecognized_keys' ? UNKNOWN_FIELD : message;

const percentSchema = z.number({ error: 'A score must be a whole number from 0 to 100' }).check(
  z.refine((n) => Number.isInteger(n), {
    error: 'A score must be a whole number from 0 to 100',
    abort: true,
  }),
  z.gte(0, { error: 'A score must be a whole number from 0 to 100' }),
  z.lte(100, { error: 'A score must be a whole number from 0 to 100' }),
);

const scoresSchema = z.strictObject(
  Object.fromEntries(AREA_IDS.map((id) => [id, percentSchema])) as Record<AreaId, typeof percentSchema>,
  { error: strictError('The earlier scores must be an object of the five areas') },
);

/** A retake's earlier result: the day it was taken and its area scores (the overall is recomputed). */
export const earlierSchema = z.strictObject(
  { takenOn: daySchema('The earlier audit’s date'), scores: scoresSchema },
  { error: strictError('The earlier result must be an object') },
);

export const reportRequestSchema = z.strictObject(
  {
    /** The day the report is dated: today on the results page, the day it was taken on a results link. */
    date: daySchema('The date'),
    responses: responsesSchema,
    profile: z.optional(
      z.strictObject(serviceProfileSchema.shape, { error: strictError('The profile must be an object') }),
    ),
    earlier: z.optional(earlierSchema),
    /** The version of the words the audit was answered with; absent: version 1. */
    contentVersion: z.optional(contentVersionSchema),
  },
  { error: strictError('The request must be a JSON object') },
);

export type ReportRequest = z.output<typeof reportRequestSchema>;

export { localDay, reportMoment } from './report-day';
