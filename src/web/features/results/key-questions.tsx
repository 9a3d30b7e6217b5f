import { NOT_A_CQC_RATING, ratingFor, toneFor, type KeyQuestionScore } from '../../../core';
import { ProgressBar } from '../../ui/progress-bar';

/** The answers seen through CQC's five key questions, a score for each, and what that is not. */
export function KeyQuestionView({ scores }: { scores: readonly KeyQuestionScore[] }) {
  return (
    <section className="card key-questions" aria-labelledby="key-questions-title">
      <h2 id="key-questions-title">By CQC key question</h2>
      <p>
        <strong>{NOT_A_CQC_RATING}.</strong> Each statement gives evidence for one or more of the five
        questions CQC asks of every service; a key question’s score is the average of your answers to its
        statements, to help you see where your evidence is thinner.
      </p>
      <ul className="key-questions__list">
        {scores.map(({ keyQuestion, score, statements }) => {
          const rating = ratingFor(score);
          const tone = toneFor(score);
          return (
            <li key={keyQuestion} className="key-question">
              <p className="key-question__head">
                <span className="key-question__name">{keyQuestion}</span>
                <span className={`score-badge score-badge--${tone}`}>{score}%</span>
                <span className={`rating-label rating-label--${tone}`}>{rating}</span>
              </p>
              <ProgressBar
                value={score}
                label={`${keyQuestion} score`}
                valueText={`${score}%, ${rating}`}
                tone={tone}
              />
              <p className="key-question__from">From {statements} statements</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
