import { AREAS, overallScore, ratingFor, scoreAreas, toneFor, type Responses } from '../../../core';
import { AreaScore } from '../../results-parts/area-score';
import { OverallScore } from '../../results-parts/overall-score';

/** A score as the results show it: the number, its rating and its colour band. */
function scored(score: number) {
  return { score, rating: ratingFor(score), tone: toneFor(score) };
}

/**
 * A colleague's own results on the join page, once their answers are sent: the overall score and
 * each area's, scored by the audit's one rule from their answers alone, with the results pages'
 * own parts. Kept small (no priorities, advice or report): what the team audit is for is the
 * manager's view of the team, and the colleague can take the audit for themselves.
 */
export function OwnResults({ responses }: { responses: Responses }) {
  const scores = scoreAreas(responses);
  return (
    <>
      <OverallScore report={{ overall: scored(overallScore(scores)) }} />
      <h2 className="section__title section__title--left">Scores by area</h2>
      <ul className="result-cards team-join__areas">
        {AREAS.map((area) => {
          const titleId = `area-${area.id}-title`;
          return (
            <li key={area.id} className="card result-card" aria-labelledby={titleId}>
              <AreaScore
                area={{ id: area.id, title: area.title, ...scored(scores[area.id]) }}
                titleId={titleId}
              />
            </li>
          );
        })}
      </ul>
    </>
  );
}
