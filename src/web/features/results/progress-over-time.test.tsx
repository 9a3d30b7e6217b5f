// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AREAS,
  MAX_HISTORY,
  overallScore,
  type AreaScores,
  type HistoryEntry,
  type ResultHistory,
} from '../../../core';
import type { StoredResults } from '../../../shared/results-link';
import { BrowserRouter } from '../../../browser/router';
import { pushLocation } from '../../../browser/router/history';
import { ProgressOverTime } from './progress-over-time';
import { ResultsLinkPage } from './results-link-page';

const every = (score: number): AreaScores =>
  Object.fromEntries(AREAS.map((area) => [area.id, score])) as AreaScores;
const entry = (takenOn: string, scores: AreaScores): HistoryEntry => ({
  takenOn,
  scores,
  overall: overallScore(scores),
});
const history = (entries: HistoryEntry[], extra: Partial<ResultHistory> = {}): ResultHistory => ({
  entries,
  total: entries.length,
  laterResults: false,
  ...extra,
});

const FIRST = entry('2026-10-01', { operational: 40, compliance: 60, quality: 80, training: 0, data: 100 });
const SECOND = entry('2026-11-02', { operational: 52, compliance: 60, quality: 76, training: 20, data: 100 });
const THIRD = entry('2026-11-20', { operational: 68, compliance: 56, quality: 80, training: 40, data: 100 });

/** The table's rows as the text of their cells, header row first. */
function tableRows(): string[][] {
  const table = screen.getByRole('table', { name: 'Your results over time' });
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProgressOverTime', () => {
  it('shows nothing for a result on its own (and nothing for an empty history)', () => {
    const { container, rerender } = render(<ProgressOverTime history={history([THIRD])} />);
    expect(container.innerHTML).toBe('');
    rerender(<ProgressOverTime history={history([])} />);
    expect(container.innerHTML).toBe('');
  });

  it('for three results: the change since the first in words, a chart each with every figure, and the table', async () => {
    render(<ProgressOverTime history={history([FIRST, SECOND, THIRD])} />);
    const section = await screen.findByRole('region', { name: 'Your progress' });
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe('Your progress');
    expect(section.textContent).toContain('Your 3 results, from 1 October 2026 to 20 November 2026');
    expect(section.textContent).not.toContain('Showing your');
    expect(section.textContent).not.toContain('taken the audit again');

    const changes = within(section).getByRole('heading', { name: 'Change since your first result' });
    const list = changes.nextElementSibling as HTMLElement;
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Overall 56% → 69% +13 points',
      'Operational Efficiency 40% → 68% +28 points',
      'Compliance & Regulations 60% → 56% −4 points',
      'Service Quality 80% → 80% No change',
      'Staff Training & Support 0% → 40% +40 points',
      'Data Management 100% → 100% No change',
    ]);

    const charts = within(section).getAllByRole('img');
    expect(charts).toHaveLength(6);
    expect(charts[0]?.getAttribute('aria-label')).toBe(
      'Overall over 3 results, out of 100: 56% on 1 October 2026, 62% on 2 November 2026 and 69% on 20 November 2026.',
    );
    expect(charts[4]?.getAttribute('aria-label')).toBe(
      'Staff Training & Support over 3 results, out of 100: 0% on 1 October 2026, 20% on 2 November 2026 and 40% on 20 November 2026.',
    );
    // The line passes through a point per result.
    expect(charts[0]?.querySelectorAll('circle')).toHaveLength(3);

    expect(tableRows()).toEqual([
      ['Taken on', 'Overall', ...AREAS.map((area) => area.title)],
      ['1 Oct 2026', '56%', '40%', '60%', '80%', '0%', '100%'],
      ['2 Nov 2026', '62%', '52%', '60%', '76%', '20%', '100%'],
      ['20 Nov 2026 (this result)', '69%', '68%', '56%', '80%', '40%', '100%'],
    ]);
    // Rows are named by their day, columns by their series, and the wide table scrolls by keyboard.
    expect(screen.getAllByRole('rowheader')).toHaveLength(3);
    expect(screen.getAllByRole('columnheader').every((th) => th.getAttribute('scope') === 'col')).toBe(true);
    const scroller = screen.getByRole('region', { name: 'Your results over time' });
    expect(scroller.tabIndex).toBe(0);
  });

  it('says when only the latest 12 are shown, and when a later result exists', async () => {
    const twelve = Array.from({ length: MAX_HISTORY }, (_, i) =>
      entry(`2026-01-${String(i + 10).padStart(2, '0')}`, every(i * 9)),
    );
    render(<ProgressOverTime history={history(twelve, { total: 14, laterResults: true })} />);
    const section = await screen.findByRole('region', { name: 'Your progress' });
    expect(section.textContent).toContain('Showing your 12 latest results of 14.');
    expect(section.textContent).toContain(
      'You have taken the audit again since this one: the link in your latest e-mail shows your newest results.',
    );
    expect(
      within(section).getByRole('heading', { name: 'Change since the first result shown' }),
    ).toBeTruthy();
    expect(tableRows()).toHaveLength(1 + MAX_HISTORY);
    for (const chart of within(section).getAllByRole('img')) {
      expect(chart.querySelectorAll('circle')).toHaveLength(MAX_HISTORY);
      expect(chart.getAttribute('aria-label')).toContain('over 12 results');
      expect(chart.getAttribute('aria-label')).toContain('0% on 10 January 2026');
      expect(chart.getAttribute('aria-label')).toContain('and 99% on 21 January 2026.');
    }
  });

  it.each([
    ['every score 0', 0],
    ['every score 100', 100],
  ])('draws %s inside the chart, and says there was no change', async (_name, score) => {
    render(
      <ProgressOverTime
        history={history([entry('2026-03-01', every(score)), entry('2026-03-01', every(score))])}
      />,
    );
    await screen.findByRole('region', { name: 'Your progress' });
    const items = screen
      .getAllByRole('listitem')
      .filter((item) => item.className === 'progress-changes__item');
    expect(items.map((item) => item.textContent)).toEqual(
      ['Overall', ...AREAS.map((area) => area.title)].map(
        (title) => `${title} ${score}% → ${score}% No change`,
      ),
    );
    for (const chart of screen.getAllByRole('img')) {
      for (const circle of chart.querySelectorAll('circle')) {
        const y = Number(circle.getAttribute('cy'));
        // The plot runs from 14 (100%) to 126 (0%) in the chart's units.
        expect(y).toBe(score === 100 ? 14 : 126);
      }
      // Two results on one day: both days are printed as they are, once at each end.
      expect([...chart.querySelectorAll('.progress-chart__day')].map((t) => t.textContent)).toEqual([
        '1 March 2026',
        '1 March 2026',
      ]);
    }
  });
});

describe('ProgressOverTime with a closed team audit', () => {
  const TEAM: HistoryEntry = { ...entry('2026-11-10', every(64)), team: { respondents: 12 } };

  /**
   * Each result's row name in the table, in order, read with plain spaces: a team audit's count and
   * "respondents" are joined by a no-break space, so the narrow column never leaves the count alone.
   */
  const rowNames = () =>
    tableRows()
      .slice(1)
      .map((row) => {
        if (row[0]!.includes('Team audit')) expect(row[0]).toMatch(/, \d+\u00a0respondents /);
        return row[0]!.replace(/\u00a0/g, ' ');
      });

  const changes = (section: HTMLElement) =>
    within(section)
      .queryAllByRole('listitem')
      .filter((item) => item.className === 'progress-changes__item')
      .map((item) => item.textContent);

  it.each([
    [
      'at the start',
      [TEAM, SECOND, THIRD],
      ['Team audit, 12 respondents (closed 10 Nov 2026)', '2 Nov 2026', '20 Nov 2026 (this result)'],
      0,
    ],
    [
      'in the middle',
      [FIRST, TEAM, THIRD],
      ['1 Oct 2026', 'Team audit, 12 respondents (closed 10 Nov 2026)', '20 Nov 2026 (this result)'],
      1,
    ],
    [
      'at the end',
      [FIRST, THIRD, { ...TEAM, takenOn: '2026-12-20' }],
      ['1 Oct 2026', '20 Nov 2026 (this result)', 'Team audit, 12 respondents (closed 20 Dec 2026)'],
      2,
    ],
  ])(
    '%s: named in the table, a diamond off the line, and left out of what changed',
    async (_name, entries, rows, at) => {
      render(<ProgressOverTime history={history(entries)} />);
      const section = await screen.findByRole('region', { name: 'Your progress' });
      expect(rowNames()).toEqual(rows);
      expect(section.textContent).toContain(
        'a team audit your colleagues answered, its scores the team’s medians',
      );

      // What changed compares her own first and last results, never the team's 64%.
      const own = entries.filter((e) => !e.team);
      expect(changes(section)[0]).toBe(
        `Overall ${own[0]!.overall}% → ${own[1]!.overall}% ${own[1]!.overall - own[0]!.overall > 0 ? '+' : '−'}${Math.abs(own[1]!.overall - own[0]!.overall)} points`,
      );
      expect(changes(section).join(' ')).not.toContain('64%');

      // The key says which mark is which; each chart draws her two results on the line and one diamond.
      const key = section.querySelector('.progress-key')!;
      expect(key.textContent).toBe('Your resultsTeam audit (the team’s median)');
      for (const chart of within(section).getAllByRole('img')) {
        expect(chart.querySelectorAll('circle')).toHaveLength(2);
        const diamonds = chart.querySelectorAll('polygon.progress-chart__team');
        expect(diamonds).toHaveLength(1);
        // The diamond stands where the team audit is in the chain: evenly spaced, oldest on the left.
        const x = Number(diamonds[0]!.getAttribute('points')!.split(',')[0]);
        expect(x).toBeCloseTo([30, 158, 286][at]!, 0);
        expect(chart.querySelector('polyline')!.getAttribute('points')!.split(' ')).toHaveLength(2);
        expect(chart.getAttribute('aria-label')).toContain('in the team audit of');
        // Only the ends of her own line are labelled.
        expect(chart.querySelectorAll('.progress-chart__value')).toHaveLength(2);
      }
    },
  );

  it('after the only own result: no change to show, no line, the team audit in the table', async () => {
    render(<ProgressOverTime history={history([THIRD, { ...TEAM, takenOn: '2026-12-20' }])} />);
    const section = await screen.findByRole('region', { name: 'Your progress' });
    expect(section.textContent).toContain('your own result and a team audit your colleagues answered');
    expect(within(section).queryByRole('heading', { name: /Change since/ })).toBeNull();
    expect(changes(section)).toEqual([]);
    expect(rowNames()).toEqual([
      '20 Nov 2026 (this result)',
      'Team audit, 12 respondents (closed 20 Dec 2026)',
    ]);
    for (const chart of within(section).getAllByRole('img')) {
      expect(chart.querySelector('polyline')).toBeNull();
      expect(chart.querySelectorAll('circle')).toHaveLength(1);
      expect(chart.querySelectorAll('polygon')).toHaveLength(1);
    }
  });

  it('without a team audit: no key, and no diamond', async () => {
    render(<ProgressOverTime history={history([FIRST, SECOND, THIRD])} />);
    const section = await screen.findByRole('region', { name: 'Your progress' });
    expect(section.querySelector('.progress-key')).toBeNull();
    expect(section.querySelector('polygon')).toBeNull();
  });
});

describe('the private results page with a history', () => {
  const FULL = { 0: 4, 1: 4, 2: 4, 3: 3, 4: 3 } as const;
  const ANSWERS = { operational: FULL, compliance: FULL, quality: FULL, training: FULL, data: FULL };
  const TOKEN = 'C'.repeat(43);

  function openWith(stored: StoredResults) {
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => callback(0));
    vi.stubGlobal('fetch', async (url: string) => {
      if (url === `/api/results/${TOKEN}`) return Response.json(stored);
      if (url.startsWith('/api/benchmark')) return Response.json({ status: 'too_few', minResponses: 10 });
      return new Response(null, { status: 204 });
    });
    pushLocation(`/results/${TOKEN}`, { replace: true });
    render(
      <BrowserRouter>
        <ResultsLinkPage />
      </BrowserRouter>,
    );
  }

  it('shows the progress section and each area’s change since the result before this one', async () => {
    const scores = every(72);
    openWith({
      createdAt: '2026-11-20T10:00:00.000Z',
      contentVersion: 1,
      responses: ANSWERS,
      profile: {},
      history: history([FIRST, SECOND, entry('2026-11-20', scores)]),
      plan: [],
    });
    const section = await screen.findByRole('region', { name: 'Your progress' });
    expect(within(section).getAllByRole('img')).toHaveLength(6);
    // The overall and each area compare with the result before (2 November), as the e-mail and the PDF do.
    expect(screen.getByText('+10 points', { selector: '.overall .change__points' })).toBeTruthy();
    expect(
      screen.getAllByText('since your audit on 2 November 2026', { exact: false }).length,
    ).toBeGreaterThan(1);
  });

  it('shows no progress section and no change for a result on its own', async () => {
    openWith({
      createdAt: '2026-11-20T10:00:00.000Z',
      contentVersion: 1,
      responses: ANSWERS,
      profile: {},
      history: history([entry('2026-11-20', every(72))]),
      plan: [],
    });
    await screen.findByRole('heading', { name: 'Overall Score' });
    expect(screen.queryByRole('region', { name: 'Your progress' })).toBeNull();
    expect(screen.queryByText(/since your audit on/)).toBeNull();
  });
});
