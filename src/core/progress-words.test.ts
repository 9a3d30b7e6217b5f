import { describe, expect, it } from 'vitest';
import { AREAS } from './areas';
import type { HistoryEntry, ResultHistory } from './progress';
import {
  labelledPoints,
  ownResultsToCompare,
  progressChange,
  progressChangeHeading,
  progressChangeText,
  progressChartsAlt,
  progressIntro,
  progressSeries,
  progressShownNote,
  scoreLabelBelow,
  seriesChartAlt,
  teamAuditLabel,
  teamClosedNote,
} from './progress-words';
import { overallScore, type AreaScores } from './scoring';

function entry(takenOn: string, scores: AreaScores): HistoryEntry {
  return { takenOn, scores, overall: overallScore(scores) };
}
const every = (score: number): AreaScores =>
  Object.fromEntries(AREAS.map((area) => [area.id, score])) as AreaScores;

const FIRST = entry('2026-10-01', { operational: 40, compliance: 60, quality: 80, training: 0, data: 100 });
const SECOND = entry('2026-11-02', { operational: 52, compliance: 60, quality: 79, training: 20, data: 100 });
const history = (entries: HistoryEntry[], total = entries.length): ResultHistory => ({
  entries,
  total,
  laterResults: false,
});

describe('progress words', () => {
  it('gives the overall first, then the five areas in the audit’s order, each a score per result', () => {
    const series = progressSeries([FIRST, SECOND]);
    expect(series.map((s) => s.title)).toEqual(['Overall', ...AREAS.map((area) => area.title)]);
    expect(series[0]?.scores).toEqual([56, 62]);
    expect(series.find((s) => s.id === 'training')?.scores).toEqual([0, 20]);
  });

  it.each([
    ['up', 'operational', 'Operational Efficiency: 40% → 52%, +12 points', 12],
    ['down one point', 'quality', 'Service Quality: 80% → 79%, −1 point', -1],
    ['unchanged', 'compliance', 'Compliance & Regulations: 60% → 60%, no change', 0],
    ['unchanged at 100', 'data', 'Data Management: 100% → 100%, no change', 0],
    ['from 0', 'training', 'Staff Training & Support: 0% → 20%, +20 points', 20],
  ])('says a change %s in words, sign included', (_name, id, text, points) => {
    const entries = [FIRST, SECOND];
    const series = progressSeries(entries).find((s) => s.id === id)!;
    expect(progressChangeText(series, entries)).toBe(text);
    expect(progressChange(series, entries).points).toBe(points);
  });

  it('works out the change from the first result to the last, not from the one before', () => {
    const entries = [
      entry('2026-01-01', every(0)),
      entry('2026-02-01', every(100)),
      entry('2026-03-01', every(40)),
    ];
    const overall = progressSeries(entries)[0]!;
    expect(progressChangeText(overall, entries)).toBe('Overall: 0% → 40%, +40 points');
  });

  it('names the days of the first and last result, and how many there are', () => {
    expect(progressIntro(history([FIRST, SECOND]))).toBe(
      'Your 2 results, from 1 October 2026 to 2 November 2026, each taken with “Retake with these answers” from the one before.',
    );
  });

  it('says the oldest are not shown only when the chain is longer than its entries', () => {
    const twelve = Array.from({ length: 12 }, (_, i) =>
      entry(`2026-01-${String(i + 1).padStart(2, '0')}`, every(i)),
    );
    expect(progressShownNote(history(twelve))).toBeUndefined();
    expect(progressChangeHeading(history(twelve))).toBe('Change since your first result');
    expect(progressShownNote(history(twelve, 13))).toBe('Showing your 12 latest results of 13.');
    expect(progressChangeHeading(history(twelve, 13))).toBe('Change since the first result shown');
  });

  it('puts every figure of a chart in its alternative text, with its day', () => {
    const entries = [FIRST, SECOND, entry('2026-11-20', every(100))];
    const overall = progressSeries(entries)[0]!;
    expect(seriesChartAlt(overall, entries)).toBe(
      'Overall over 3 results, out of 100: 56% on 1 October 2026, 62% on 2 November 2026 and 100% on 20 November 2026.',
    );
    const all = progressChartsAlt(entries);
    expect(all).toMatch(
      /^Line charts of your scores over 3 results, out of 100, oldest first\. Overall: 56% on/,
    );
    expect(all).toContain(
      'Staff Training & Support: 0% on 1 October 2026, 20% on 2 November 2026 and 100% on 20 November 2026',
    );
    expect(all.endsWith('.')).toBe(true);
  });

  it('still reads with a day that is not a calendar day (it is printed as stored)', () => {
    const entries = [entry('2026-13-01', every(0)), entry('2026-03-01', every(0))];
    expect(progressIntro(history(entries))).toContain('from 2026-13-01 to 1 March 2026');
  });

  it.each([
    ['below, when the line rises from it', 40, 60, true],
    ['above, when the line falls from it', 60, 40, false],
    ['above, when the line is level', 60, 60, false],
    ['above, a point on its own', 60, undefined, false],
    ['below near the top of the scale, whatever the line', 88, 20, true],
    ['below at 100', 100, undefined, true],
    ['above near the bottom of the scale, whatever the line', 12, 100, false],
    ['above at 0', 0, 60, false],
  ])('prints a score %s', (_name, score, neighbour, below) => {
    expect(scoreLabelBelow(score, neighbour)).toBe(below);
  });

  describe('a closed team audit in the chain', () => {
    const team = (takenOn: string, score: number, respondents: number): HistoryEntry => ({
      ...entry(takenOn, every(score)),
      team: { respondents },
    });
    const TEAM = team('2026-10-20', 64, 12);
    const LAST = entry('2026-11-20', every(100));

    it('is named "Team audit, 12 respondents", and the table says the day it closed', () => {
      expect(teamAuditLabel({ respondents: 12 })).toBe('Team audit, 12 respondents');
      expect(teamAuditLabel({ respondents: 200 })).toBe('Team audit, 200 respondents');
      expect(teamClosedNote('2 Nov 2026')).toBe('(closed 2 Nov 2026)');
    });

    it.each([
      [
        'at the start',
        [TEAM, SECOND, LAST],
        'Your 3 results, from 20 October 2026 to 20 November 2026: 2 of your own, each taken with “Retake with these answers” from the one before, and a team audit your colleagues answered, its scores the team’s medians.',
      ],
      [
        'in the middle',
        [FIRST, TEAM, LAST],
        'Your 3 results, from 1 October 2026 to 20 November 2026: 2 of your own, each taken with “Retake with these answers” from the one before, and a team audit your colleagues answered, its scores the team’s medians.',
      ],
      [
        'at the end, after the only own result',
        [FIRST, team('2026-10-31', 64, 3)],
        'Your 2 results, from 1 October 2026 to 31 October 2026: your own result and a team audit your colleagues answered, its scores the team’s medians.',
      ],
      [
        'twice',
        [FIRST, TEAM, LAST, team('2026-12-01', 70, 200)],
        'Your 4 results, from 1 October 2026 to 1 December 2026: 2 of your own, each taken with “Retake with these answers” from the one before, and 2 team audits your colleagues answered, their scores the team’s medians.',
      ],
    ])(
      '%s: the intro says which results are hers and what a team audit’s scores are',
      (_name, entries, intro) => {
        expect(progressIntro(history(entries))).toBe(intro);
      },
    );

    it.each([
      ['at the start', [TEAM, FIRST, LAST]],
      ['in the middle', [FIRST, TEAM, LAST]],
      ['at the end', [FIRST, LAST, TEAM]],
    ])('%s: "what changed" compares her own first and last results, never the team’s', (_name, entries) => {
      const own = ownResultsToCompare(entries)!;
      expect(own).toEqual([FIRST, LAST]);
      const overall = progressSeries(own)[0]!;
      expect(progressChangeText(overall, own)).toBe('Overall: 56% → 100%, +44 points');
    });

    it('leaves nothing to compare with only one own result', () => {
      expect(ownResultsToCompare([FIRST, TEAM])).toBeUndefined();
      expect(ownResultsToCompare([TEAM, FIRST])).toBeUndefined();
    });

    it('names a team audit’s figure apart in the charts’ words, with its respondents', () => {
      const entries = [FIRST, TEAM, LAST];
      const overall = progressSeries(entries)[0]!;
      expect(seriesChartAlt(overall, entries)).toBe(
        'Overall over 3 results, out of 100: 56% on 1 October 2026, 64% in the team audit of 20 October 2026 (12 respondents) and 100% on 20 November 2026.',
      );
      expect(progressChartsAlt(entries)).toMatch(
        /^Line charts of your scores over 3 results, out of 100, oldest first\. The line joins your own results; a team audit is a mark of its own\. Overall: 56% on/,
      );
      expect(progressChartsAlt([FIRST, LAST])).not.toContain('team audit');
    });

    it.each([
      ['at the start', [TEAM, FIRST, LAST], [1, 2]],
      ['in the middle', [FIRST, TEAM, LAST], [0, 2]],
      ['at the end', [FIRST, LAST, TEAM], [0, 1]],
      ['after the only own result', [FIRST, TEAM], [0]],
    ])('%s: the chart labels the ends of her own line, not the team’s mark', (_name, entries, indexes) => {
      const overall = progressSeries(entries)[0]!;
      const labels = labelledPoints(overall, entries);
      expect(labels.map((label) => label.index)).toEqual(indexes);
      expect(labels.map((label) => label.anchor)).toEqual(
        indexes.length === 1 ? ['start'] : ['start', 'end'],
      );
      // Each end is placed against the next own point along the line, skipping the team's.
      if (indexes.length === 2) {
        expect(labels[0]!.neighbour).toBe(entries[indexes[1]!]!.overall);
        expect(labels[1]!.neighbour).toBe(entries[indexes[0]!]!.overall);
      } else expect(labels[0]!.neighbour).toBeUndefined();
    });
  });
});
