// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  AREA_ADVICE,
  AREAS,
  comparisonPending,
  KEY_QUESTIONS_INTRO,
  NOT_A_CQC_RATING_SENTENCE,
  NO_PRIORITIES,
  PRIORITIES_INTRO,
  STATEMENT_INSIGHTS,
  buildReport,
  comparisonIntro,
  describeSegment,
  ratingGiven,
  statementCount,
  type Benchmark,
  type Responses,
} from '../../../core';
import { ResultsView } from './results-view';

/** Every statement of an area rated the same. */
function rated(ratings: Record<string, number>): Responses {
  return Object.fromEntries(
    Object.entries(ratings).map(([area, rating]) => [
      area,
      { 0: rating, 1: rating, 2: rating, 3: rating, 4: rating },
    ]),
  ) as Responses;
}

// Area scores 100, 80, 60, 40, 20.
const STEPPED = rated({ operational: 5, compliance: 4, quality: 3, training: 2, data: 1 });

const AVAILABLE: Benchmark = {
  status: 'available',
  basis: 'segment',
  profile: { serviceType: 'residential', size: '25_99' },
  responses: 12,
  areas: {
    operational: { median: 60, lowerQuartile: 40, upperQuartile: 80 },
    compliance: { median: 60, lowerQuartile: 40, upperQuartile: 80 },
    quality: { median: 60, lowerQuartile: 40, upperQuartile: 80 },
    training: { median: 60, lowerQuartile: 40, upperQuartile: 80 },
    data: { median: 60, lowerQuartile: 40, upperQuartile: 80 },
  },
};

function renderReport(responses: Responses, context = {}, answered = true) {
  return render(
    <ResultsView
      report={buildReport(responses, new Date('2026-11-23T10:00:00Z'), context)}
      answered={answered}
    />,
  );
}

/** An element's text as it reads, spaces collapsed. */
function text(element: Element | null | undefined): string {
  return (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function card(title: string) {
  return screen.getByRole('heading', { level: 3, name: title }).closest('li') as HTMLElement;
}

describe('ResultsView', () => {
  it('names the weakest statements, lowest first, at most five, each with its next step', () => {
    renderReport(STEPPED);
    const section = screen.getByRole('region', { name: 'Your priorities' });
    const items = within(within(section).getByRole('list')).getAllByRole('listitem');
    // Data Management (all 1s) comes before Staff Training (all 2s); five is the limit.
    expect(items).toHaveLength(5);
    expect(text(section)).toContain(PRIORITIES_INTRO);
    STATEMENT_INSIGHTS.data.forEach((insight, index) => {
      expect(text(within(items[index]!).getByRole('heading', { level: 3 }))).toContain(insight.label);
      expect(text(items[index])).toContain(`Next step: ${insight.nextStep}`);
      expect(text(items[index])).toContain(`Data Management · ${ratingGiven(1)}`);
    });
  });

  it('says so when no statement is rated 1 or 2, and leaves priorities out without answers', () => {
    renderReport(rated({ operational: 3, compliance: 3, quality: 3, training: 3, data: 3 }));
    const priorities = screen.getByRole('region', { name: 'Your priorities' });
    expect(text(priorities)).toContain(NO_PRIORITIES);
    expect(within(priorities).queryByRole('list')).toBeNull();
    cleanup();
    renderReport({}, {}, false);
    expect(screen.queryAllByRole('region', { name: 'Your priorities' })).toHaveLength(0);
  });

  it("gives each area its band's advice and keeps the spec's list word for word", () => {
    renderReport(STEPPED);
    const bands = {
      operational: 'sustain',
      compliance: 'sustain',
      quality: 'next_steps',
      training: 'foundations',
      data: 'foundations',
    } as const;
    for (const area of AREAS) {
      const areaCard = card(area.title);
      expect(text(areaCard)).toContain(AREA_ADVICE[area.id][bands[area.id]]);
      within(areaCard).getByRole('heading', { level: 4, name: 'AI Recommendations' });
      expect(
        within(areaCard)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(area.recommendations);
    }
    // 80%+ is introduced as what to check; below, as what to put in place.
    expect(text(card('Compliance & Regulations'))).toContain('Check that each of these is in place');
    expect(text(card('Service Quality'))).toContain('What we recommend you put in place:');
    expect(
      within(card('Data Management')).getByRole('heading', { level: 4, name: 'Build the foundations' }),
    ).toBeTruthy();
  });

  it('scores each CQC key question and says it is not a CQC rating', () => {
    renderReport(STEPPED);
    const section = screen.getByRole('region', { name: 'By CQC key question' });
    expect(text(section)).toContain(`${KEY_QUESTIONS_INTRO} ${NOT_A_CQC_RATING_SENTENCE}`);
    expect(within(section).getByText(NOT_A_CQC_RATING_SENTENCE).tagName).toBe('STRONG');
    const items = within(section).getAllByRole('listitem');
    const report = buildReport(STEPPED);
    expect(items.map((item) => item.querySelector('.key-question__name')?.textContent)).toEqual([
      'Safe',
      'Effective',
      'Caring',
      'Responsive',
      'Well-led',
    ]);
    report.keyQuestions.forEach(({ keyQuestion, score, statements }, index) => {
      const bar = within(items[index]!).getByRole('progressbar', { name: `${keyQuestion} score` });
      expect(bar.getAttribute('aria-valuenow')).toBe(String(score));
      expect(text(items[index])).toContain(`${score}%`);
      expect(text(items[index])).toContain(`From ${statementCount(statements)}`);
    });
  });

  it('shows the median and position per area, and whom it compares with, past the threshold', () => {
    renderReport(STEPPED, { benchmark: AVAILABLE });
    const intro = `Each area is compared with 12 ${describeSegment(AVAILABLE.profile)} who have taken this audit. Your position says which quarter of their scores yours falls in, or that it is on their median.`;
    expect(comparisonIntro(buildReport(STEPPED, new Date(), { benchmark: AVAILABLE }).comparison)).toBe(
      intro,
    );
    expect(screen.getByText(intro)).toBeTruthy();
    expect(text(card('Operational Efficiency'))).toContain(
      'Providers like you: median 60% Your position: Top quarter',
    );
    expect(text(card('Compliance & Regulations'))).toContain('Your position: Third quarter');
    expect(text(card('Staff Training & Support'))).toContain('Your position: Second quarter');
    expect(text(card('Data Management'))).toContain('Your position: Lower quarter');
    expect(screen.queryByText(comparisonPending(10))).toBeNull();
  });

  it('says when the areas are compared with all providers because too few like yours have taken part', () => {
    renderReport(STEPPED, { benchmark: { ...AVAILABLE, basis: 'all', responses: 40 } });
    expect(
      screen.getByText(
        `Too few providers like yours have taken part yet, so each area is compared with all 40 ${describeSegment({})} who have taken this audit. Your position says which quarter of their scores yours falls in, or that it is on their median.`,
      ),
    ).toBeTruthy();
    expect(text(card('Operational Efficiency'))).toContain('Your position: Top quarter');
  });

  it('says below the threshold, once, that there is no comparison yet, and nothing while the figures are unknown', () => {
    renderReport(STEPPED, { benchmark: { status: 'too_few', minResponses: 10 } });
    expect(screen.getAllByText(comparisonPending(10))).toHaveLength(1);
    expect(screen.queryByText(/Providers like you/)).toBeNull();
    cleanup();
    renderReport(STEPPED);
    expect(screen.queryByText(comparisonPending(10))).toBeNull();
    expect(screen.queryByText(/Providers like you|compared with/)).toBeNull();
  });

  it('shows the change per area and overall on a retake, signed in words', () => {
    renderReport(STEPPED, {
      earlier: {
        takenOn: '2026-11-01',
        scores: { operational: 80, compliance: 80, quality: 60, training: 60, data: 21 },
        overall: 60,
      },
    });
    expect(text(screen.getByRole('region', { name: 'Overall Score' }))).toContain(
      'No change since your audit on 1 November 2026',
    );
    expect(text(card('Operational Efficiency'))).toContain('+20 points since your audit on 1 November 2026');
    expect(text(card('Compliance & Regulations'))).toContain('No change since');
    expect(text(card('Staff Training & Support'))).toContain('−20 points since');
    expect(text(card('Data Management'))).toContain('−1 point since');
  });

  it('shows no change without an earlier result', () => {
    renderReport(STEPPED);
    expect(screen.queryByText(/since your audit/)).toBeNull();
  });
});
