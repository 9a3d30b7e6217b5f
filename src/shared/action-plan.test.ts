import { describe, expect, it } from 'vitest';
import { fieldErrors } from './api-errors';
import {
  ACTION_PLAN_MESSAGES,
  actionPlanChangeSchema,
  actionPlanPath,
  latestTargetDay,
  targetDateProblem,
} from './action-plan';
import { carriedLabel, carriedNote } from './action-plan-words';
import { PLAIN_TEXT_MESSAGE } from './plain-text';

const problems = (body: unknown) => {
  const parsed = actionPlanChangeSchema.safeParse(body);
  return parsed.success ? {} : fieldErrors(parsed.error);
};
const KEY = 'area:quality';

describe('actionPlanChangeSchema', () => {
  it('takes a status alone, and each status with an owner and a target date', () => {
    for (const status of ['planned', 'in_progress', 'done'] as const) {
      expect(actionPlanChangeSchema.parse({ key: KEY, status })).toEqual({ key: KEY, status });
      expect(
        actionPlanChangeSchema.parse({ key: KEY, status, owner: '  Sam Patel ', targetDate: '2021-03-04' }),
      ).toEqual({ key: KEY, status, owner: 'Sam Patel', targetDate: '2021-03-04' });
    }
    expect(actionPlanChangeSchema.parse({ key: KEY, status: 'not_started' })).toEqual({
      key: KEY,
      status: 'not_started',
    });
  });

  it('refuses an owner or a target date with not_started: there is no item to attach them to', () => {
    expect(problems({ key: KEY, status: 'not_started', owner: 'Sam' })).toEqual({
      owner: ACTION_PLAN_MESSAGES.nothingToAttach,
    });
    expect(problems({ key: KEY, status: 'not_started', owner: 'Sam', targetDate: '2025-01-01' })).toEqual({
      owner: ACTION_PLAN_MESSAGES.nothingToAttach,
      targetDate: ACTION_PLAN_MESSAGES.nothingToAttach,
    });
  });

  it('refuses a missing or unknown status, a key that is not text, and fields it does not know', () => {
    expect(problems({ key: KEY })).toEqual({ status: ACTION_PLAN_MESSAGES.statusInvalid });
    expect(problems({ key: KEY, status: 'finished' })).toEqual({
      status: ACTION_PLAN_MESSAGES.statusInvalid,
    });
    expect(problems({ key: KEY, status: 'Planned' })).toEqual({ status: ACTION_PLAN_MESSAGES.statusInvalid });
    expect(problems({ key: 3, status: 'done' })).toEqual({ key: ACTION_PLAN_MESSAGES.keyInvalid });
    expect(problems({ status: 'done' })).toEqual({ key: ACTION_PLAN_MESSAGES.keyInvalid });
    expect(problems({ key: KEY, status: 'done', score: 100 })).toEqual({
      score: 'This field is not part of a change to the action plan',
    });
    expect(problems([])).toEqual({ '': 'The change must be a JSON object' });
    expect(problems(null)).toEqual({ '': 'The change must be a JSON object' });
  });

  it('takes an owner of 1 to 100 characters after trimming, counting an emoji once', () => {
    expect(actionPlanChangeSchema.parse({ key: KEY, status: 'done', owner: 'J' }).owner).toBe('J');
    expect(
      actionPlanChangeSchema.parse({ key: KEY, status: 'done', owner: 'a'.repeat(100) }).owner,
    ).toHaveLength(100);
    expect(
      actionPlanChangeSchema.parse({ key: KEY, status: 'done', owner: ` ${'😀'.repeat(100)} ` }).owner,
    ).toBe('😀'.repeat(100));
    expect(problems({ key: KEY, status: 'done', owner: 'a'.repeat(101) })).toEqual({
      owner: ACTION_PLAN_MESSAGES.ownerTooLong,
    });
    expect(problems({ key: KEY, status: 'done', owner: '   ' })).toEqual({
      owner: ACTION_PLAN_MESSAGES.ownerEmpty,
    });
    expect(problems({ key: KEY, status: 'done', owner: null })).toEqual({
      owner: ACTION_PLAN_MESSAGES.ownerInvalid,
    });
  });

  it('refuses control characters and line breaks in an owner: it is one line of a name', () => {
    for (const owner of [
      'Sam\u0000',
      'Sam\u0007 Patel',
      'Sam\u007F',
      'Sam\nPatel',
      'Sam\tPatel',
      '\uD800Sam',
    ]) {
      expect(problems({ key: KEY, status: 'planned', owner }), JSON.stringify(owner)).toEqual({
        owner: PLAIN_TEXT_MESSAGE,
      });
    }
  });
});

describe('target dates', () => {
  const now = new Date('2026-11-26T10:00:00Z');

  it('takes any calendar day from 2020-01-01 to five years after tomorrow, the past included', () => {
    expect(latestTargetDay(now)).toBe('2031-11-27');
    for (const day of ['2020-01-01', '2024-02-29', '2026-11-25', '2026-11-26', '2031-11-27']) {
      expect(targetDateProblem(day, now), day).toBeUndefined();
    }
  });

  it('refuses a day before 2020, after the latest, or not on the calendar', () => {
    expect(targetDateProblem('2019-12-31', now)).toBe(ACTION_PLAN_MESSAGES.targetDateTooEarly);
    expect(targetDateProblem('2031-11-28', now)).toBe(ACTION_PLAN_MESSAGES.targetDateTooLate);
    for (const day of [
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-1-5',
      '26-11-26',
      '',
      '2026-11-26T00:00',
    ]) {
      expect(targetDateProblem(day, now), day).toBe(ACTION_PLAN_MESSAGES.targetDateInvalid);
    }
  });

  it('moves a 29 February five years on, which the calendar lacks, to 1 March', () => {
    expect(latestTargetDay(new Date('2028-02-28T23:59:59Z'))).toBe('2033-03-01');
    expect(latestTargetDay(new Date('2026-12-31T00:00:00Z'))).toBe('2032-01-01');
  });

  it('is checked by the schema against today', () => {
    expect(problems({ key: KEY, status: 'planned', targetDate: '2026-02-30' })).toEqual({
      targetDate: ACTION_PLAN_MESSAGES.targetDateInvalid,
    });
    expect(problems({ key: KEY, status: 'planned', targetDate: latestTargetDay() })).toEqual({});
    expect(problems({ key: KEY, status: 'planned', targetDate: 20261126 })).toEqual({
      targetDate: ACTION_PLAN_MESSAGES.targetDateInvalid,
    });
  });
});

it('puts the plan under its results link', () => {
  expect(actionPlanPath('abc')).toBe('/api/results/abc/plan');
});

describe('the words of a carried plan', () => {
  it('names the day an item was carried from, in words', () => {
    expect(carriedLabel('2026-11-03')).toBe('Carried from your results of 3 November 2026');
  });

  it('says which results the carried items came from: none, one day, or each of several', () => {
    expect(carriedNote([])).toBeUndefined();
    expect(carriedNote(['2026-11-03', '2026-11-03'])).toBe(
      'Actions marked “carried” come from your results of 3 November 2026, unchanged since.',
    );
    expect(carriedNote(['2026-11-03', '2026-10-01', '2026-09-15'])).toBe(
      'Actions marked “carried” come from your results of 15 September 2026, 1 October 2026 and 3 November 2026, unchanged since.',
    );
  });
});
