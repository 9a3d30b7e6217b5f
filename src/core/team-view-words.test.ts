import { describe, expect, it } from 'vitest';
import {
  colleagues,
  ownBesideTeam,
  ratingCountsSentence,
  respondents,
  scoreRange,
  statementArea,
  statementText,
  teamScoreSentence,
} from './team-view-words';

describe('the team view’s words', () => {
  it('count colleagues and respondents in the singular and plural', () => {
    expect([colleagues(1), colleagues(3)]).toEqual(['1 colleague', '3 colleagues']);
    expect([respondents(0), respondents(1), respondents(12)]).toEqual([
      'no respondents',
      '1 respondent',
      '12 respondents',
    ]);
  });

  it('say a range, or that every score was the same', () => {
    expect(scoreRange({ lowest: 40, highest: 85 })).toBe('Scores ranged from 40% to 85%.');
    expect(scoreRange({ lowest: 60, highest: 60 })).toBe('Every score was 60%.');
  });

  it('put the manager’s own score beside the team’s median, and say when it is outside their range', () => {
    expect(ownBesideTeam({ median: 62, lowest: 40, highest: 85, own: 70 })).toBe(
      '8 points above the team’s median',
    );
    expect(ownBesideTeam({ median: 62, lowest: 40, highest: 85, own: 61 })).toBe(
      '1 point below the team’s median',
    );
    expect(ownBesideTeam({ median: 62, lowest: 40, highest: 85, own: 62 })).toBe(
      'the same as the team’s median',
    );
    expect(ownBesideTeam({ median: 60, lowest: 40, highest: 60, own: 80 })).toBe(
      '20 points above the team’s median, and higher than any of theirs',
    );
    expect(ownBesideTeam({ median: 60, lowest: 40, highest: 60, own: 20 })).toBe(
      '40 points below the team’s median, and lower than any of theirs',
    );
    expect(teamScoreSentence({ median: 62, lowest: 40, highest: 85, own: 70 })).toBe(
      'Team 62%, you 70%: 8 points above the team’s median. Scores ranged from 40% to 85%.',
    );
  });

  it('list every rating given with how many gave it, the ends of the scale named', () => {
    expect(ratingCountsSentence([2, 0, 1, 0, 4])).toBe(
      '2 rated it 1 (Poor), 1 rated it 3 and 4 rated it 5 (Excellent).',
    );
    expect(ratingCountsSentence([0, 3, 0, 1, 0])).toBe('3 rated it 2 and 1 rated it 4.');
  });

  it('name a statement by the words of its version and by its area', () => {
    expect(statementText({ text: 'Our records are kept in one system.' })).toBe(
      'Our records are kept in one system.',
    );
    expect(statementArea({ area: 'data' })).toBe('Data Management');
  });
});
