import { describe, expect, it } from 'vitest';
import { AREAS, MAX_HISTORY, type AreaScores } from '../../core';
import { historyFrom } from './stored-results';

const every = (score: number): AreaScores =>
  Object.fromEntries(AREAS.map((area) => [area.id, score])) as AreaScores;
const SCORES = { operational: 40, compliance: 60, quality: 80, training: 0, data: 100 };

describe('historyFrom (the results link’s history, cleaned)', () => {
  it('keeps a well-formed history, working out each overall again from its scores', () => {
    const history = historyFrom({
      entries: [
        { takenOn: '2026-10-01', scores: SCORES, overall: 99 },
        { takenOn: '2026-11-02', scores: every(100), overall: 100 },
      ],
      total: 2,
      laterResults: true,
    });
    expect(history).toEqual({
      entries: [
        { takenOn: '2026-10-01', scores: SCORES, overall: 56 },
        { takenOn: '2026-11-02', scores: every(100), overall: 100 },
      ],
      total: 2,
      laterResults: true,
    });
  });

  it.each([
    ['nothing', undefined],
    ['a string', 'history'],
    ['an array', []],
    ['entries that are not an array', { entries: 'x' }],
  ])('reads %s as an empty history', (_name, value) => {
    expect(historyFrom(value)).toEqual({ entries: [], total: 0, laterResults: false });
  });

  it.each([
    ['a score over 100', { takenOn: '2026-10-01', scores: { ...SCORES, data: 101 } }],
    ['a score below 0', { takenOn: '2026-10-01', scores: { ...SCORES, data: -1 } }],
    ['a fractional score', { takenOn: '2026-10-01', scores: { ...SCORES, data: 50.5 } }],
    ['a score as text', { takenOn: '2026-10-01', scores: { ...SCORES, data: '50' } }],
    ['a missing area', { takenOn: '2026-10-01', scores: { operational: 1 } }],
    ['no scores', { takenOn: '2026-10-01' }],
    ['a day with a time', { takenOn: '2026-10-01T10:00:00Z', scores: SCORES }],
    ['no day', { scores: SCORES }],
    ['null', null],
  ])('leaves out an entry with %s, keeping the rest', (_name, bad) => {
    const good = { takenOn: '2026-11-02', scores: every(0) };
    const history = historyFrom({ entries: [bad, good], total: 2, laterResults: false });
    expect(history.entries).toEqual([{ ...good, overall: 0 }]);
    expect(history.total).toBe(2);
  });

  it('keeps the latest MAX_HISTORY entries of a longer list, and never a total below the entries', () => {
    const entries = Array.from({ length: MAX_HISTORY + 2 }, (_, i) => ({
      takenOn: `2026-01-${String(i + 1).padStart(2, '0')}`,
      scores: every(i),
    }));
    const history = historyFrom({ entries, total: 1, laterResults: 'yes' });
    expect(history.entries).toHaveLength(MAX_HISTORY);
    expect(history.entries[0]?.takenOn).toBe('2026-01-03');
    expect(history.entries.at(-1)?.takenOn).toBe('2026-01-14');
    expect(history.total).toBe(MAX_HISTORY);
    expect(history.laterResults).toBe(false);
  });

  it('keeps a total larger than the entries: the chain is longer than what is shown', () => {
    const entries = [{ takenOn: '2026-01-01', scores: every(10) }];
    expect(historyFrom({ entries, total: 40, laterResults: false }).total).toBe(40);
    expect(historyFrom({ entries, total: 2.5, laterResults: false }).total).toBe(1);
  });

  it('keeps a closed team audit’s mark and its own overall (the median of its respondents’ overalls)', () => {
    const team = { takenOn: '2026-11-20', scores: SCORES, overall: 61, team: { respondents: 12 } };
    const history = historyFrom({ entries: [{ takenOn: '2026-10-01', scores: every(40) }, team], total: 2 });
    expect(history.entries).toEqual([{ takenOn: '2026-10-01', scores: every(40), overall: 40 }, team]);
  });

  it.each([
    ['fewer respondents than a figure may be shown over', { respondents: 2 }, 61],
    ['more respondents than a team audit takes', { respondents: 201 }, 61],
    ['respondents as text', { respondents: '12' }, 61],
    ['a mark that is not an object', true, 61],
    ['no overall', { respondents: 12 }, undefined],
    ['an overall over 100', { respondents: 12 }, 101],
  ])('leaves out a team audit’s entry with %s', (_name, team, overall) => {
    const good = { takenOn: '2026-11-02', scores: every(0) };
    const history = historyFrom({
      entries: [{ takenOn: '2026-10-01', scores: SCORES, overall, team }, good],
      total: 2,
    });
    expect(history.entries).toEqual([{ ...good, overall: 0 }]);
  });
});
