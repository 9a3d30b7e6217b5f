// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FunnelFigure, Overview, SpeedToLead } from '../shared/team-api';
import { FUNNEL_STEPS, type FunnelStepId } from '../shared/usage-events';
import { BrowserRouter } from '../browser/router';
import { OverviewPage } from './pages/overview';

// The overview page reads what GET /api/team/overview answers (its counting is the server's
// tests'): here, that it says it in words and tables, and never shows a share over 100%.

const DAYS = Array.from({ length: 30 }, (_, i) => {
  const date = new Date(Date.UTC(2026, 9, 25 + i)).toISOString().slice(0, 10);
  return { date, started: 0, completed: 0, pdfDownloaded: 0, emailRequested: 0 };
});

function funnel(current: Partial<Record<FunnelStepId, FunnelFigure>>, previous: typeof current = {}) {
  return FUNNEL_STEPS.map(({ id, after }) => ({
    id,
    after,
    current: current[id] ?? { counted: 0, shown: 0 },
    previous: previous[id] ?? { counted: 0, shown: 0 },
  }));
}

const EMPTY: Overview = {
  period: { first: '2026-10-25', last: '2026-11-23' },
  previousPeriod: { first: '2026-09-25', last: '2026-10-24' },
  days: DAYS,
  funnel: funnel({}),
  leads: {
    total: 0,
    previousTotal: 0,
    byStatus: (['new', 'contacted', 'qualified', 'closed'] as const).map((key) => ({ key, count: 0 })),
    byServiceType: [
      { key: 'home_care', count: 0 },
      { key: null, count: 0 },
    ],
    bySize: [
      { key: 'under_25', count: 0 },
      { key: null, count: 0 },
    ],
    bySource: [],
    otherSources: null,
  },
  areaAverages: [],
  teamAudits: {
    started: { current: 0, previous: 0 },
    respondents: { current: 0, previous: 0 },
    closed: { current: 0, previous: 0 },
  },
  speedToLead: {
    current: { leads: 0, contacted: 0, medianMs: null, settled: 0, withinOneWorkingDay: 0, waiting: 0 },
    previous: { leads: 0, contacted: 0, medianMs: null, settled: 0, withinOneWorkingDay: 0, waiting: 0 },
    waitingNow: 0,
  },
};

const shown = (n: number) => ({ counted: n, shown: n });

const BUSY: Overview = {
  ...EMPTY,
  days: DAYS.map((day, i) =>
    i === 3 ? { ...day, started: 12, completed: 4 } : i === 29 ? { ...day, emailRequested: 2 } : day,
  ),
  funnel: funnel(
    {
      started: shown(18),
      section_1_reached: { counted: 20, shown: 18 },
      section_2_reached: shown(9),
      section_3_reached: shown(9),
      section_4_reached: shown(8),
      section_5_reached: shown(8),
      completed: shown(7),
      pdf_downloaded: shown(7),
      email_requested: shown(3),
      consent_given: shown(1),
    },
    {
      started: shown(15),
      section_1_reached: shown(15),
      completed: shown(7),
      email_requested: shown(2),
      consent_given: { counted: 3, shown: 2 },
    },
  ),
  leads: {
    ...EMPTY.leads,
    total: 5,
    previousTotal: 2,
    byStatus: [
      { key: 'new', count: 3 },
      { key: 'contacted', count: 2 },
      { key: 'qualified', count: 0 },
      { key: 'closed', count: 0 },
    ],
    byServiceType: [
      { key: 'residential', count: 4 },
      { key: null, count: 1 },
    ],
    bySize: [{ key: null, count: 5 }],
    bySource: [
      { key: 'direct', count: 2 },
      { key: 'newsletter', count: 1 },
    ],
    otherSources: { sources: 2, count: 2 },
  },
};

let answer: Overview = EMPTY;
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  // The saved audits' card asks for its own figures (saved-audits-card.test.tsx tests it).
  vi.spyOn(window, 'fetch').mockImplementation(async (input) =>
    Response.json(
      String(input) === '/api/team/saved-audits'
        ? { open: 0, completed: 0, withConsentTotal: 0, withConsent: [] }
        : answer,
    ),
  );
  window.history.replaceState(null, '', '/team/overview');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderOverview(overview: Overview) {
  answer = overview;
  render(
    <BrowserRouter>
      <OverviewPage />
    </BrowserRouter>,
  );
  await screen.findByRole('table', { name: 'Counts per day' });
}

/** The text of every cell of a column of a table, by the column's heading. */
function column(tableName: string, heading: string): string[] {
  const table = screen.getByRole('table', { name: tableName });
  const headings = within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent);
  const index = headings.indexOf(heading);
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.children[index]?.textContent ?? '');
}

const text = (element: HTMLElement) => element.textContent ?? '';

const percents = (texts: readonly string[]) =>
  texts.flatMap((t) => [...t.matchAll(/(\d+)%/g)].map((m) => Number(m[1])));

describe('the overview page', () => {
  it('shows each step as a share of the step before, never over 100%, and says which steps were held down and why', async () => {
    await renderOverview(BUSY);
    const table = 'Audits at each step, last 30 days';
    expect(column(table, 'Of the step before')).toEqual([
      '–',
      '100%',
      '50%',
      '100%',
      '89%',
      '100%',
      '88%',
      '100%',
      '43%',
      '33%',
    ]);
    expect(column(table, 'Audits')[1]).toBe('1820 counted');
    const all = [
      ...column(table, 'Of the step before'),
      ...[...document.querySelectorAll('svg text')].map((t) => t.textContent ?? ''),
      ...column('Leads by source, last 30 days', 'Share'),
    ];
    expect(Math.max(...percents(all))).toBe(100);
    const notes = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(notes).toEqual([
      expect.stringMatching(
        /^In the last 30 days, Section 1: Operational Efficiency counted 20, shown as 18, the number for Started: an audit’s steps can fall either side/,
      ),
      expect.stringMatching(
        /^In the 30 days before, Consent given counted 3, shown as 2, the number for E-mail requested: consent is counted for each request held/,
      ),
    ]);
    const terms = [...document.querySelectorAll('dl.definitions dt')].map((dt) => dt.textContent);
    expect(terms).toEqual([
      'Started',
      'Section 1 to 5',
      'Completed',
      'PDF downloaded',
      'E-mail requested',
      'Consent given',
    ]);
    // Audits, not providers: only the comparison counts a provider's retakes once.
    const completed = [...document.querySelectorAll('dl.definitions dt')].find(
      (dt) => dt.textContent === 'Completed',
    );
    expect(completed?.nextElementSibling?.textContent?.replace(/\s+/g, ' ')).toContain(
      'These are audits, not providers: a retake counts again here',
    );
  });

  it('sets the 30 days against the 30 before, step by step, for the leads and the team audits', async () => {
    await renderOverview({
      ...BUSY,
      teamAudits: {
        started: { current: 2, previous: 0 },
        respondents: { current: 14, previous: 14 },
        closed: { current: 1, previous: 2 },
      },
    });
    const table = 'Each step, the leads and the team audits, last 30 days and the 30 before';
    expect(column(table, 'Step').slice(-3)).toEqual([
      'Team audits started',
      'Colleagues who answered a team audit',
      'Team audits closed',
    ]);
    expect(column(table, 'Last 30 days').slice(-3)).toEqual(['2', '14', '1']);
    expect(column(table, 'Change')).toEqual([
      '+3 (+20%)',
      '+3 (+20%)',
      '+9',
      '+9',
      '+8',
      '+8',
      'No change',
      '+7',
      '+1 (+50%)',
      '−1 (−50%)',
      '+3 (+150%)',
      '+2',
      'No change',
      '−1 (−50%)',
    ]);
  });

  it('lists only the days with activity, newest first, and the quiet days in one sentence', async () => {
    await renderOverview(BUSY);
    expect(column('Counts per day', 'Day')).toEqual(['Mon 23 Nov', 'Wed 28 Oct', 'All 30 days']);
    expect(column('Counts per day', 'Started')).toEqual(['0', '12', '12']);
    expect(screen.getByText('No activity on the other 28 days.')).toBeTruthy();
  });

  it('says so when no day had any, and still gives the table its totals', async () => {
    await renderOverview(EMPTY);
    expect(screen.getByText('No activity on any of the 30 days.')).toBeTruthy();
    expect(column('Counts per day', 'Started')).toEqual(['0']);
    expect(column('Audits at each step, last 30 days', 'Of the step before').every((c) => c === '–')).toBe(
      true,
    );
    expect(screen.queryByText('Held to the step before:')).toBeNull();
    expect(column('Leads by source, last 30 days', 'Leads')).toEqual(['0']);
  });

  it('counts every day when every day had some', async () => {
    await renderOverview({ ...EMPTY, days: DAYS.map((day) => ({ ...day, pdfDownloaded: 1 })) });
    expect(screen.getByText('Activity on every one of the 30 days.')).toBeTruthy();
    expect(column('Counts per day', 'PDFs')).toHaveLength(31);
  });

  it('names a missing answer "Not given", a direct visit "Direct", and the sources past the top ones together', async () => {
    await renderOverview(BUSY);
    const rowNames = (name: string) =>
      within(screen.getByRole('table', { name }))
        .getAllByRole('rowheader')
        .map((th) => th.textContent);
    expect(rowNames('Leads by service type, last 30 days')).toEqual(['Residential care', 'Not given']);
    expect(rowNames('Leads by size, last 30 days')).toEqual(['Not given']);
    expect(rowNames('Leads by source, last 30 days')).toEqual(['Direct', 'newsletter', '2 other sources']);
    expect(column('Leads by source, last 30 days', 'Share')).toEqual(['40%', '20%', '40%']);
    expect(screen.getByRole('heading', { level: 2, name: 'Leads in the last 30 days: 5' })).toBeTruthy();
  });

  describe('speed to lead', () => {
    const HOUR = 3_600_000;
    const MINUTE = 60_000;
    const NONE: SpeedToLead = EMPTY.speedToLead.current;
    const THIS: SpeedToLead = {
      leads: 7,
      contacted: 5,
      medianMs: 3 * HOUR + 12 * MINUTE,
      settled: 6,
      withinOneWorkingDay: 4,
      waiting: 1,
    };
    const BEFORE: SpeedToLead = {
      leads: 4,
      contacted: 4,
      medianMs: 52 * HOUR + 5 * MINUTE,
      settled: 4,
      withinOneWorkingDay: 2,
      waiting: 0,
    };
    const TABLE = 'Speed to lead, last 30 days and the 30 before';

    /** `waitingNow` counts every waiting lead, whenever it came: by default those of the two periods. */
    async function renderSpeed(
      current: SpeedToLead,
      previous: SpeedToLead,
      waitingNow = current.waiting + previous.waiting,
    ) {
      await renderOverview({ ...EMPTY, speedToLead: { current, previous, waitingNow } });
      return screen.getByRole('region', { name: 'Speed to lead' });
    }

    /** Each figure's name, its value and the 30 days before, as the card's list gives them. */
    const figures = (card: HTMLElement) =>
      [...card.querySelectorAll('.speed-figures > div')].map((group) =>
        [...group.children].map((part) => part.textContent),
      );

    it('gives the median, the share within one working day as "x of y" and the waiting, against the 30 days before', async () => {
      // Three wait now: one of the last 30 days, two that came before both periods.
      const card = await renderSpeed(THIS, BEFORE, 3);
      expect(figures(card)).toEqual([
        ['Median time to first contact', '3 h 12 min', '30 days before: 2 days 4 h'],
        ['Contacted within one working day', '4 of 6 (67%)', '30 days before: 2 of 4 (50%)'],
        ['Waiting now', '3 leads', 'Of the last 30 days: 1; of the 30 before: 0'],
      ]);
      expect(within(card).getByRole('link', { name: '3 leads' }).getAttribute('href')).toBe(
        '/team?waiting=true',
      );
      expect(column(TABLE, 'Figure')).toEqual([
        'Leads with consent',
        'Contacted',
        'Median time to first contact',
        'Contacted, or past their working day',
        'Contacted within one working day',
        'Share within one working day',
        'Waiting now',
      ]);
      expect(column(TABLE, 'Last 30 days')).toEqual(['7', '5', '3 h 12 min', '6', '4', '67%', '1']);
      expect(column(TABLE, '30 days before')).toEqual(['4', '4', '2 days 4 h', '4', '2', '50%', '0']);
    });

    it('reads sensibly with no lead in either period: never NaN, nor a share of nothing', async () => {
      const card = await renderSpeed(NONE, NONE);
      expect(figures(card)).toEqual([
        ['Median time to first contact', 'No leads with consent', '30 days before: no leads with consent'],
        [
          'Contacted within one working day',
          'No leads with consent',
          '30 days before: no leads with consent',
        ],
        ['Waiting now', '0 leads', 'Of the last 30 days: 0; of the 30 before: 0'],
      ]);
      const all = text(card);
      expect(all).not.toMatch(/NaN|\d%|undefined|null/);
      expect(column(TABLE, 'Last 30 days')).toEqual(['0', '0', '–', '0', '0', '–', '0']);
      expect(column(TABLE, '30 days before')).toEqual(['0', '0', '–', '0', '0', '–', '0']);
    });

    it('says when the leads are still inside their working day, and shows the 30 days before alone', async () => {
      const fresh: SpeedToLead = { ...NONE, leads: 2 };
      const card = await renderSpeed(fresh, BEFORE);
      expect(figures(card)).toEqual([
        ['Median time to first contact', 'None contacted yet', '30 days before: 2 days 4 h'],
        ['Contacted within one working day', 'None due yet', '30 days before: 2 of 4 (50%)'],
        ['Waiting now', '0 leads', 'Of the last 30 days: 0; of the 30 before: 0'],
      ]);
      expect(column(TABLE, 'Last 30 days')).toEqual(['2', '0', '–', '0', '0', '–', '0']);
      expect(column(TABLE, '30 days before')).toEqual(['4', '4', '2 days 4 h', '4', '2', '50%', '0']);
    });

    it('keeps the headings in order and gives the table a caption and headers', async () => {
      const card = await renderSpeed(THIS, BEFORE);
      const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
      expect(levels[0]).toBe(1);
      // No level is skipped on the way down.
      levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1));
      expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('Speed to lead');
      const table = within(card).getByRole('table', { name: TABLE });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toEqual(['Figure', 'Last 30 days', '30 days before']);
      expect(within(table).getAllByRole('rowheader')).toHaveLength(7);
      expect(within(card).getByRole('region', { name: TABLE }).tabIndex).toBe(0);
    });
  });
});
