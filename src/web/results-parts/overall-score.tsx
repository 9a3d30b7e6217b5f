import type { Report } from '../../core';
import { ProgressBar } from '../ui/progress-bar';
import { ChangeSince } from './change';

/** The overall score as a number, a rating and a bar; on a retake, its change since the earlier audit. */
export function OverallScore({ report }: { report: Pick<Report, 'overall' | 'earlier'> }) {
  const { score, rating, tone, change } = report.overall;
  return (
    <section className="card overall" aria-labelledby="overall-title">
      <h2 id="overall-title" className="overall__title">
        Overall Score
      </h2>
      <p className="overall__score">
        <span className="overall__number">{score}%</span>
        <span className={`rating-label rating-label--${tone}`}>{rating}</span>
      </p>
      <ProgressBar
        value={score}
        label="Overall score"
        valueText={`${score}%, ${rating}`}
        tone={tone}
        size="large"
      />
      {change !== undefined && report.earlier ? (
        <ChangeSince points={change} takenOn={report.earlier.takenOn} />
      ) : null}
    </section>
  );
}
