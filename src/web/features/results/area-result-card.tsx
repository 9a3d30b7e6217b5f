import type { AreaResult } from '../../../core';
import { AreaScore } from '../../results-parts/area-score';
import { ChangeSince } from '../../results-parts/change';
import { AreaComparisonLine } from './comparison';

/**
 * One area's card: its score and rating, the change on a retake, where it stands against others,
 * the advice for its band, and the spec's "AI Recommendations" list word for word, introduced as
 * what to put in place or, at 80% or more, what to check is in place.
 */
export function AreaResultCard({ area, earlierOn }: { area: AreaResult; earlierOn?: string }) {
  const titleId = `area-${area.id}-title`;
  return (
    <li className="card result-card" aria-labelledby={titleId}>
      <AreaScore area={area} titleId={titleId} />
      {area.change !== undefined && earlierOn ? (
        <ChangeSince points={area.change} takenOn={earlierOn} />
      ) : null}
      <AreaComparisonLine comparison={area.comparison} />
      <h4 className="result-card__advice-title">{area.advice.heading}</h4>
      <p className="result-card__advice">{area.advice.text}</p>
      <h4 className="result-card__recs-title">AI Recommendations</h4>
      <p className="result-card__recs-intro">{area.recommendationsIntro}</p>
      <ul className="recs">
        {area.recommendations.map((rec) => (
          <li key={rec}>{rec}</li>
        ))}
      </ul>
    </li>
  );
}
