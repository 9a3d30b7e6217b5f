import { NOT_A_CQC_RATING, ratingFor, type KeyQuestionScore } from '../../../core';

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
      <table className="key-questions__table">
        <thead>
          <tr>
            <th scope="col">Key question</th>
            <th scope="col">Score</th>
            <th scope="col">Statements</th>
          </tr>
        </thead>
        <tbody>
          {scores.map(({ keyQuestion, score, statements }) => (
            <tr key={keyQuestion}>
              <th scope="row">{keyQuestion}</th>
              <td>
                {score}% <span className="key-questions__rating">{ratingFor(score)}</span>
              </td>
              <td>{statements}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
