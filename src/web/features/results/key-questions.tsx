import {
  frameworkEvidence,
  KEY_QUESTIONS_HEADING,
  KEY_QUESTIONS_INTRO,
  NOT_A_CQC_RATING_SENTENCE,
  ratingFor,
  statementCount,
  toneFor,
  type KeyQuestionScore,
} from '../../../core';
import { ProgressBar } from '../../ui/progress-bar';

/** The answers seen through CQC's five key questions, a score for each, and what that is not. */
export function KeyQuestionView({
  scores,
  frameworkName,
}: {
  scores: readonly KeyQuestionScore[];
  /** The framework the version maps its statements to (issue 34): its items are listed per key question. */
  frameworkName: string;
}) {
  return (
    <section className="card key-questions" aria-labelledby="key-questions-title">
      <h2 id="key-questions-title">{KEY_QUESTIONS_HEADING}</h2>
      <p>
        {KEY_QUESTIONS_INTRO} <strong>{NOT_A_CQC_RATING_SENTENCE}</strong>
      </p>
      <ul className="key-questions__list">
        {scores.map(({ keyQuestion, score, statements, evidenceFor }) => {
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
              <p className="key-question__from">From {statementCount(statements)}</p>
              {evidenceFor.length > 0 && (
                <p className="key-question__evidence">{frameworkEvidence(frameworkName, evidenceFor)}</p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
