import { describe, expect, it } from 'vitest';
import { AREA_IDS } from './areas';
import { CONTENT_V1, statementContent, type AuditContent } from './content';
import type { Rating, Responses } from './responses';
import { teamFigures, teamResultScores, teamView, type TeamAnswer } from './team-view';

function everyAnswer(rating: Rating): Responses {
  return Object.fromEntries(
    AREA_IDS.map((id) => [id, { 0: rating, 1: rating, 2: rating, 3: rating, 4: rating }]),
  );
}

/** Two rated every statement 1, three rated every statement 5: every statement is spread alike. */
const TEAM: TeamAnswer[] = [1, 1, 5, 5, 5].map((rating) => ({ responses: everyAnswer(rating as Rating) }));

/** Version 1's words with every statement reworded, as a later version might have them. */
function reworded(): AuditContent {
  const words = structuredClone(CONTENT_V1);
  for (const area of words.areas) {
    area.statements.forEach((statement, index) => {
      statement.text = `Version 2: ${area.id} statement ${index + 1}.`;
      statement.label = `${area.id} ${index + 1}`;
    });
  }
  return words;
}

describe('the team’s view in the words of a version', () => {
  it('names each differing statement in the version the result was answered with', () => {
    const one = teamView(TEAM, everyAnswer(4), CONTENT_V1)!;
    const two = teamView(TEAM, everyAnswer(4), reworded())!;
    // The same figures whatever the words: the audit's order breaks the tie, the first area's first.
    expect(two.differing.map(({ text: _t, label: _l, ...figures }) => figures)).toEqual(
      one.differing.map(({ text: _t, label: _l, ...figures }) => figures),
    );
    const [first] = one.differing;
    expect(first).toMatchObject({ area: 'operational', index: 0 });
    expect(first).toMatchObject({
      text: statementContent(CONTENT_V1, 'operational', 0).text,
      label: statementContent(CONTENT_V1, 'operational', 0).label,
    });
    expect(two.differing[0]).toMatchObject({
      area: 'operational',
      index: 0,
      text: 'Version 2: operational statement 1.',
      label: 'operational 1',
    });
    expect(two.differing.map((statement) => statement.label)).toEqual([
      'operational 1',
      'operational 2',
      'operational 3',
      'operational 4',
      'operational 5',
    ]);
  });

  it('gives the scores alone, without words, for the progress chain', () => {
    const figures = teamFigures(TEAM, {})!;
    expect(figures).not.toHaveProperty('differing');
    const { differing: _d, ...view } = teamView(TEAM, {}, CONTENT_V1)!;
    expect(figures).toEqual(view);
    expect(teamResultScores(figures)).toEqual(teamResultScores(view));
    expect(teamFigures(TEAM.slice(0, 2), {})).toBeUndefined();
  });
});
