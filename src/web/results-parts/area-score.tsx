import type { AreaId, RatingLabel, Tone } from '../../core';
import { AreaIcon } from '../ui/icons';
import { ProgressBar } from '../ui/progress-bar';

/** What an area's score line shows: the area and its score, in words and colour. */
export interface AreaScoreFigures {
  id: AreaId;
  title: string;
  score: number;
  rating: RatingLabel;
  tone: Tone;
}

/**
 * The head of an area's card: its icon, title and score, the bar, and the rating in words (so the
 * colour is never the only carrier). The results pages' cards go on with the advice; a colleague's
 * own results on the join page show this alone.
 */
export function AreaScore({ area, titleId }: { area: AreaScoreFigures; titleId: string }) {
  return (
    <>
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
    </>
  );
}
