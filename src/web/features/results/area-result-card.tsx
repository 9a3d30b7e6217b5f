import type { AreaResult } from '../../../core';
import { AreaIcon } from '../../ui/icons';
import { ProgressBar } from '../../ui/progress-bar';
import { ChangeSince } from './change';
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
      <div className="result-card__head">
        <span className={`area-icon area-icon--${area.id}`}>
          <AreaIcon area={area.id} />
        </span>
        <h3 id={titleId}>{area.title}</h3>
        <span className={`score-badge score-badge--${area.tone}`}>{area.score}%</span>
      </div>
      <ProgressBar
        value={area.score}
        label={`${area.title} score`}
        valueText={`${area.score}%, ${area.rating}`}
        tone={area.tone}
      />
      <p className="result-card__rating">
        Rating: <span className={`rating-label rating-label--${area.tone}`}>{area.rating}</span>
      </p>
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
