import { describe, expect, it } from 'vitest';
import { comparisonPending } from './benchmark';
import { formatDay } from './format-day';
import { describeSegment } from './profile';
import type { ReportComparison } from './report';
import {
  areaComparisonParts,
  areaComparisonText,
  changeParts,
  changeSince,
  comparisonIntro,
  frameworkEvidence,
  ratingGiven,
  statementCount,
} from './report-words';

const POSITION =
  ' Your position says which quarter of their scores yours falls in, or that it is on their median.';

describe('formatDay', () => {
  it('names a day in full, in UTC, and nothing for a day that is not one', () => {
    expect(formatDay('2026-11-12')).toBe('12 November 2026');
    expect(formatDay('2026-01-01')).toBe('1 January 2026');
    expect(formatDay('2026-12-31')).toBe('31 December 2026');
    expect(formatDay('not-a-day')).toBeUndefined();
    expect(formatDay('')).toBeUndefined();
  });

  // The date the report and its e-mail print: the moment the report was made for, by its UTC day.
  it.each([
    ['2026-11-22T10:00:00Z', '22 November 2026'],
    // Late on the 31st in UTC is already 1 January in some zones; the report keeps UTC's date.
    ['2026-12-31T23:30:00Z', '31 December 2026'],
    ['2027-01-01T00:00:00Z', '1 January 2027'],
  ])('dates the moment %s by its UTC day: %s', (iso, expected) => {
    expect(formatDay(new Date(iso))).toBe(expected);
  });

  it("writes the team overview's days short, as a weekday, or as a weekday with its date", () => {
    expect(formatDay('2026-11-23', 'short')).toBe('23 Nov');
    expect(formatDay('2026-11-23', 'weekday')).toBe('Mon');
    expect(formatDay('2026-11-23', 'weekday-date')).toBe('Mon, 23 Nov 2026');
  });
});

describe('changeSince', () => {
  it('signs the change in words, one point singular, zero as no change', () => {
    expect(changeSince(8, '2026-11-12')).toBe('+8 points since your audit on 12 November 2026');
    expect(changeSince(1, '2026-11-12')).toBe('+1 point since your audit on 12 November 2026');
    expect(changeSince(0, '2026-11-12')).toBe('No change since your audit on 12 November 2026');
    expect(changeSince(-1, '2026-11-12')).toBe('−1 point since your audit on 12 November 2026');
    expect(changeSince(-100, '2026-11-12')).toBe('−100 points since your audit on 12 November 2026');
  });

  it('still says the change when the earlier day is malformed', () => {
    expect(changeSince(-8, '2026-13-45')).toBe('−8 points since your last audit');
  });

  it('is its parts joined, so the results page that styles the amount says the same', () => {
    expect(changeParts(-8, '2026-11-12')).toEqual({
      amount: '−8 points',
      since: 'since your audit on 12 November 2026',
    });
  });
});

describe('comparisonIntro', () => {
  const available = (basis: 'segment' | 'all', responses: number): ReportComparison => ({
    status: 'shown',
    basis,
    comparedWith: basis === 'all' ? describeSegment({}) : 'home care providers supporting under 25 people',
    responses,
  });

  it('names providers like yours, or all providers when too few like yours have taken part', () => {
    expect(comparisonIntro(available('segment', 10))).toBe(
      `Each area is compared with 10 home care providers supporting under 25 people who have taken this audit.${POSITION}`,
    );
    expect(comparisonIntro(available('all', 40))).toBe(
      `Too few providers like yours have taken part yet, so each area is compared with all 40 ${describeSegment({})} who have taken this audit.${POSITION}`,
    );
    expect(comparisonIntro(available('segment', 1))).toContain('with 1 home care');
    expect(comparisonIntro(available('segment', 1))).toContain('who has taken this audit.');
  });

  it('says there is no comparison yet below the threshold, and nothing without a benchmark', () => {
    expect(comparisonIntro({ status: 'too_few', minResponses: 10 })).toBe(comparisonPending(10));
    expect(comparisonIntro(undefined)).toBeUndefined();
  });
});

describe('the short phrases', () => {
  it('words a rating, a count of statements and an area comparison', () => {
    expect(ratingGiven(2)).toBe('Your rating: 2 of 5');
    expect(statementCount(1)).toBe('1 statement');
    expect(statementCount(9)).toBe('9 statements');
    const comparison = {
      basis: 'segment',
      median: 64,
      position: 'third_quarter',
      positionLabel: 'Third quarter',
    } as const;
    expect(areaComparisonParts(comparison)).toEqual({
      median: 'Providers like you: median 64%',
      position: 'Your position: Third quarter',
    });
    expect(areaComparisonText(comparison)).toBe(
      'Providers like you: median 64% · Your position: Third quarter',
    );
  });

  it('names all providers, not providers like you, when the comparison fell back to them', () => {
    const comparison = {
      basis: 'all',
      median: 64,
      position: 'on_median',
      positionLabel: 'On the median',
    } as const;
    expect(areaComparisonParts(comparison)).toEqual({
      median: 'All providers: median 64%',
      position: 'Your position: On the median',
    });
    expect(areaComparisonText(comparison)).toBe('All providers: median 64% · Your position: On the median');
  });
});

describe('frameworkEvidence', () => {
  it('names the framework and its items, one item or several', () => {
    expect(frameworkEvidence('CQC quality statements', ['Safeguarding'])).toBe(
      'Evidence for CQC quality statements: Safeguarding.',
    );
    expect(frameworkEvidence('CQC quality statements', ['Learning culture', 'Safeguarding'])).toBe(
      'Evidence for CQC quality statements: Learning culture; Safeguarding.',
    );
  });
});
