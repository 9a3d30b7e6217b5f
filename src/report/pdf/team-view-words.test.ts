import { describe, expect, it } from 'vitest';
import {
  AREA_IDS,
  ownBesideTeam,
  teamView,
  type Rating,
  type Responses,
  type TeamAnswer,
  type TeamView,
} from '../../core';
import { CONTENT_V1 } from '../../core/content';
import {
  differingRow,
  differingStatementText,
  roleName,
  spreadCell,
  teamChartAlt,
  teamRowText,
  teamRows,
  teamTableRow,
  teamViewIntro,
} from './team-view-words';

function everyAnswer(rating: Rating): Responses {
  return Object.fromEntries(
    AREA_IDS.map((id) => [id, { 0: rating, 1: rating, 2: rating, 3: rating, 4: rating }]),
  );
}

const answers = (count: number, rating: Rating, role?: TeamAnswer['role']): TeamAnswer[] =>
  Array.from({ length: count }, () => ({ responses: everyAnswer(rating), ...(role ? { role } : {}) }));

function viewOf(team: TeamAnswer[], own: Responses): TeamView {
  const view = teamView(team, own, CONTENT_V1);
  if (!view) throw new Error('too few respondents for a view');
  return view;
}

describe('the team’s view in words', () => {
  it('says how many answered, and that the manager’s own answers are not among them', () => {
    expect(teamViewIntro(viewOf(answers(12, 3), everyAnswer(3)))).toMatch(
      /^12 respondents from your team answered the same 25 statements, anonymously; your own answers are not among them\./,
    );
  });

  it('gives the overall first, then the five areas in the audit’s order', () => {
    const rows = teamRows(viewOf(answers(3, 3), everyAnswer(3)));
    expect(rows.map((row) => row.title)).toEqual([
      'Overall',
      'Operational Efficiency',
      'Compliance & Regulations',
      'Service Quality',
      'Staff Training & Support',
      'Data Management',
    ]);
  });

  it.each([
    [
      'above',
      { median: 52, lowest: 48, highest: 60, own: 72 },
      '20 points above the team’s median, and higher than any of theirs',
    ],
    [
      'below',
      { median: 60, lowest: 52, highest: 68, own: 40 },
      '20 points below the team’s median, and lower than any of theirs',
    ],
    [
      'one point above, within the spread',
      { median: 60, lowest: 40, highest: 80, own: 61 },
      '1 point above the team’s median',
    ],
    ['equal', { median: 60, lowest: 40, highest: 80, own: 60 }, 'the same as the team’s median'],
    [
      'at the top of the spread',
      { median: 60, lowest: 40, highest: 80, own: 80 },
      '20 points above the team’s median',
    ],
  ])('places the manager’s score %s the team’s', (_name, row, words) => {
    expect(ownBesideTeam(row)).toBe(words);
  });

  it('words a spread: its ends, its width in points, and the manager’s score beside it', () => {
    expect(teamRowText({ title: 'Data Management', median: 68, lowest: 60, highest: 76, own: 28 })).toBe(
      'Data Management: the team’s median is 68%, from 60% to 76% (a spread of 16 points); yours is 28%, 40 points below the team’s median, and lower than any of theirs.',
    );
    expect(teamRowText({ title: 'Overall', median: 58, lowest: 57, highest: 58, own: 58 })).toBe(
      'Overall: the team’s median is 58%, from 57% to 58% (a spread of 1 point); yours is 58%, the same as the team’s median.',
    );
  });

  it('says a spread of none as every respondent giving the same score', () => {
    const view = viewOf(answers(5, 4), everyAnswer(2));
    const [overall] = teamRows(view);
    expect(teamRowText(overall!)).toBe(
      'Overall: every respondent scored 80%; yours is 40%, 40 points below the team’s median, and lower than any of theirs.',
    );
    expect(spreadCell(overall!)).toBe('80%\n(80–80%)');
  });

  it.each([1, 5] as const)(
    'every respondent and the manager answering %i: the same score in every row',
    (rating) => {
      const view = viewOf(answers(200, rating), everyAnswer(rating));
      const score = rating * 20;
      for (const row of teamRows(view)) {
        expect(teamRowText(row)).toBe(
          `${row.title}: every respondent scored ${score}%; yours is ${score}%, the same as the team’s median.`,
        );
        expect(teamTableRow(row)).toEqual([row.title, `${score}%`, `${score}%`, `${score}%`, `${score}%`]);
      }
      expect(view.differing).toEqual([]);
      expect(teamChartAlt(view)).toContain(
        `Overall: median ${score}%, lowest ${score}%, highest ${score}%, yours ${score}%`,
      );
    },
  );

  it('puts every row’s four figures in the chart’s alternative text', () => {
    const team = [...answers(2, 1), ...answers(2, 5), ...answers(1, 3)];
    const alt = teamChartAlt(viewOf(team, everyAnswer(4)));
    expect(alt).toMatch(/^Chart of your team’s scores over 5 respondents, out of 100: /);
    expect(alt).toContain('Service Quality: median 60%, lowest 20%, highest 100%, yours 80%');
    expect(alt.endsWith('.')).toBe(true);
  });

  it('names a differing statement by the spec’s words and its area, with how many gave each rating', () => {
    const team = [...answers(2, 1), ...answers(3, 5)];
    const view = viewOf(team, everyAnswer(4));
    // Every statement is spread alike, so the audit's order breaks the tie: the first area's first.
    const [first] = view.differing;
    expect(differingStatementText(first!)).toBe(
      'Our day-to-day care workflows are planned and managed in one digital system rather than on paper or spreadsheets. (Operational Efficiency)',
    );
    expect(differingRow(first!).slice(1)).toEqual(['2', '0', '0', '0', '3', '4']);
    const skipped = viewOf(team, { ...everyAnswer(4), operational: { 1: 4, 2: 4, 3: 4, 4: 4 } });
    expect(differingRow(skipped.differing[0]!).at(-1)).toBe('Not answered');
  });

  it('names a differing statement in the words of the version the result was answered with', () => {
    const words = structuredClone(CONTENT_V1);
    words.areas[0]!.statements[0]!.text = 'Our rotas are planned in one system.';
    const view = teamView([...answers(2, 1), ...answers(3, 5)], everyAnswer(4), words)!;
    expect(differingStatementText(view.differing[0]!)).toBe(
      'Our rotas are planned in one system. (Operational Efficiency)',
    );
    expect(differingRow(view.differing[0]!)[0]).toBe(
      'Our rotas are planned in one system. (Operational Efficiency)',
    );
  });

  it('names a role with how many gave it, and a cell with its median and range', () => {
    const view = viewOf(
      [...answers(4, 3, 'care-worker'), ...answers(2, 5, 'office-or-admin')],
      everyAnswer(3),
    );
    expect(view.roles.map(roleName)).toEqual(['Care worker, 4 respondents']);
    expect(spreadCell({ median: 64, lowest: 40, highest: 88 })).toBe('64%\n(40–88%)');
  });
});
