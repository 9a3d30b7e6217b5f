import { describe, expect, it } from 'vitest';
import { TEAM_PAGE_SIZE } from '../shared/team-api';
import { isFiltered, queryFromSearch, searchFor } from './lead-query';
import { dueOf, ukToday } from './ui/follow-up-day';
import {
  actionLabel,
  dateAndTime,
  formatDateTime,
  formatDuration,
  KIND_LABELS,
  sizeLabel,
  serviceTypeLabel,
  sourceLabel,
} from './ui/format';
import { niceMax } from './ui/charts';
import { pageRange } from './ui/pager';

describe('pageRange', () => {
  it.each([
    [1, 0, { first: 0, last: 0, pages: 1 }],
    [1, 1, { first: 1, last: 1, pages: 1 }],
    [1, 50, { first: 1, last: 50, pages: 1 }],
    [1, 51, { first: 1, last: 50, pages: 2 }],
    [2, 51, { first: 51, last: 51, pages: 2 }],
    [2, 100, { first: 51, last: 100, pages: 2 }],
    [3, 100, { first: 0, last: 0, pages: 2 }],
  ])('page %i of %i leads', (page, total, expected) => {
    expect(pageRange(page, TEAM_PAGE_SIZE, total)).toEqual(expected);
  });
});

const NO_FILTERS = {
  q: undefined,
  status: undefined,
  delivery: undefined,
  serviceType: undefined,
  size: undefined,
  source: undefined,
  owner: undefined,
  due: undefined,
  waiting: undefined,
};

describe('the leads query in the address', () => {
  it('reads page, search and every known filter, and nothing else', () => {
    expect(
      queryFromSearch(
        '?page=3&q=%20care%20&status=contacted&delivery=failed&serviceType=residential&size=25_99&source=google&owner=mine&due=true&waiting=true&other=1',
      ),
    ).toEqual({
      page: 3,
      q: 'care',
      status: 'contacted',
      delivery: 'failed',
      serviceType: 'residential',
      size: '25_99',
      source: 'google',
      owner: 'mine',
      due: true,
      waiting: true,
    });
    expect(queryFromSearch('')).toEqual({ page: 1, ...NO_FILTERS });
    expect(queryFromSearch('?owner=unassigned').owner).toBe('unassigned');
  });

  it.each(['?page=0', '?page=-2', '?page=abc', '?page='])('starts at page 1 for %s', (search) => {
    expect(queryFromSearch(search).page).toBe(1);
  });

  it('drops a value it does not know, a blank search or source, and "due" other than true', () => {
    expect(
      queryFromSearch(
        '?status=lost&delivery=bounced&q=%20%20&serviceType=hospital&size=huge&source=%20&owner=theirs&due=yes&waiting=1',
      ),
    ).toEqual({ page: 1, ...NO_FILTERS });
    expect(queryFromSearch('?due=false').due).toBeUndefined();
    expect(queryFromSearch('?due=TRUE').due).toBeUndefined();
    expect(queryFromSearch('?waiting=false').waiting).toBeUndefined();
  });

  it('keeps a source name of 253 characters (the longest host name) and drops one of 254', () => {
    const longest = `${'a'.repeat(249)}.com`;
    expect(queryFromSearch(`?source=${longest}`).source).toBe(longest);
    expect(queryFromSearch(`?source=${longest}x`).source).toBeUndefined();
  });

  it('writes back only what is set, in one order, page 1 without a page', () => {
    expect(searchFor({ page: 1 })).toBe('/team');
    expect(searchFor({ page: 2, q: 'a+b@x.test', status: 'new' })).toBe(
      '/team?q=a%2Bb%40x.test&status=new&page=2',
    );
    expect(
      searchFor({
        page: 1,
        due: true,
        owner: 'unassigned',
        source: 'news letter',
        size: '100_plus',
        serviceType: 'nursing',
        waiting: true,
      }),
    ).toBe(
      '/team?serviceType=nursing&size=100_plus&source=news+letter&owner=unassigned&due=true&waiting=true',
    );
    expect(searchFor({ page: 1, due: false, waiting: false })).toBe('/team');
  });

  it('reads back every query it writes', () => {
    const query = {
      page: 4,
      q: 'a+b@x.test',
      status: 'qualified',
      delivery: 'pending',
      serviceType: 'home_care',
      size: 'under_25',
      source: 'www.linkedin.com',
      owner: 'mine',
      due: true,
      waiting: true,
    } as const;
    expect(queryFromSearch(searchFor(query).slice('/team'.length))).toEqual(query);
  });

  it('counts a list as filtered by any filter or a search, never by its page alone', () => {
    expect(isFiltered({ page: 7 })).toBe(false);
    expect(isFiltered(queryFromSearch('?page=2&due=false'))).toBe(false);
    expect(isFiltered({ page: 1, due: true })).toBe(true);
    expect(isFiltered({ page: 1, waiting: true })).toBe(true);
    expect(isFiltered(queryFromSearch('?waiting=no'))).toBe(false);
    expect(isFiltered({ page: 1, owner: 'unassigned' })).toBe(true);
    expect(isFiltered({ page: 1, q: 'x' })).toBe(true);
  });
});

describe('the follow-up day in UK time', () => {
  it.each([
    // Winter: the UK is on GMT, so midnight UTC is midnight in the UK.
    ['2026-01-14T23:59:59.999Z', '2026-01-14'],
    ['2026-01-15T00:00:00.000Z', '2026-01-15'],
    // Summer: BST is an hour ahead, so the UK day starts at 23:00 UTC the day before.
    ['2026-07-14T22:59:59.999Z', '2026-07-14'],
    ['2026-07-14T23:00:00.000Z', '2026-07-15'],
    // Across the changes: the clocks go forward at 01:00 UTC on 29 March 2026, back on 25 October.
    ['2026-03-28T23:30:00.000Z', '2026-03-28'],
    ['2026-03-29T23:30:00.000Z', '2026-03-30'],
    ['2026-10-24T23:30:00.000Z', '2026-10-25'],
    ['2026-10-25T23:30:00.000Z', '2026-10-25'],
    // The year's end.
    ['2026-12-31T23:59:59.999Z', '2026-12-31'],
    ['2027-01-01T00:00:00.000Z', '2027-01-01'],
  ])('at %s it is %s in the UK', (moment, day) => {
    expect(ukToday(new Date(moment))).toBe(day);
  });

  it('is due today on the day itself, overdue from the day after, and not due the day before', () => {
    expect(dueOf('2026-11-26', '2026-11-26')).toBe('today');
    expect(dueOf('2026-11-25', '2026-11-26')).toBe('overdue');
    expect(dueOf('2025-12-31', '2026-01-01')).toBe('overdue');
    expect(dueOf('2026-11-27', '2026-11-26')).toBe('later');
    expect(dueOf('2027-01-01', '2026-12-31')).toBe('later');
  });
});

describe('a date and time in two parts', () => {
  it.each(['2026-11-26T05:33:00Z', '2026-01-01T00:00:00Z', '2026-12-31T23:59:59Z'])(
    'splits %s before the hour, and the parts make formatDateTime',
    (iso) => {
      const [date, time] = dateAndTime(iso);
      expect(date + time).toBe(formatDateTime(iso));
      expect(time).toMatch(/^\d{2}:\d{2}$/);
      expect(date).toMatch(/^\d{1,2} \w{3} \d{4}, $/);
    },
  );
});

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('a time span in words (time to first contact)', () => {
  it.each([
    [0, 'under a minute'],
    [-5 * MINUTE, 'under a minute'],
    [59 * SECOND, 'under a minute'],
    [60 * SECOND - 1, 'under a minute'],
    [60 * SECOND, '1 min'],
    [45 * MINUTE + 30 * SECOND, '45 min'],
    [59 * MINUTE, '59 min'],
    [59 * MINUTE + 59 * SECOND, '59 min'],
    [60 * MINUTE, '1 h'],
    [61 * MINUTE, '1 h 1 min'],
    [3 * HOUR + 12 * MINUTE, '3 h 12 min'],
    [23 * HOUR + 59 * MINUTE, '23 h 59 min'],
    [24 * HOUR - 1, '23 h 59 min'],
    [24 * HOUR, '1 day'],
    [24 * HOUR + 59 * MINUTE, '1 day'],
    [25 * HOUR, '1 day 1 h'],
    [48 * HOUR, '2 days'],
    [2 * DAY + 4 * HOUR + 50 * MINUTE, '2 days 4 h'],
    // Friday 17:00 to Monday 17:00 across the October clock change: 73 hours.
    [73 * HOUR, '3 days 1 h'],
    [15 * DAY, '15 days'],
  ])('%i ms is "%s"', (ms, words) => {
    expect(formatDuration(ms)).toBe(words);
  });
});

describe('the words the workspace shows for codes', () => {
  it('names every message kind, the alerts and the digest included', () => {
    expect(KIND_LABELS.lead_alert).toBe('New-lead alert to a team member');
    expect(KIND_LABELS.lead_digest).toBe('Daily digest to a team member');
  });

  it('names each action of the activity log, and an action it does not know by its words', () => {
    expect(actionLabel('owner_change')).toBe('Changed the owner');
    expect(actionLabel('follow_up_date')).toBe('Set the next follow-up date');
    expect(actionLabel('alert_preference')).toBe('Changed their alerts');
    expect(actionLabel('status_change')).toBe('Changed the follow-up status');
    expect(actionLabel('content_publish')).toBe('Published new audit words');
    expect(actionLabel('content_restore')).toBe('Restored earlier audit words');
    expect(actionLabel('something_new')).toBe('something new');
  });

  it('labels the profile as the visitor chose it, and the direct source in words', () => {
    expect(serviceTypeLabel('supported_living')).toBe('Supported living');
    expect(sizeLabel('100_plus')).toBe('100 or more people');
    expect(sizeLabel('under_25')).toBe('Under 25 people');
    expect(sourceLabel('direct')).toBe('Direct');
    expect(sourceLabel('google')).toBe('google');
  });
});

describe('niceMax', () => {
  it.each([
    [0, 1],
    [1, 1],
    [2, 2],
    [3, 5],
    [5, 5],
    [6, 10],
    [10, 10],
    [11, 20],
    [99, 100],
    [101, 200],
    [4999, 5000],
  ])('%i rounds up to %i', (max, expected) => {
    expect(niceMax(max)).toBe(expected);
  });
});
