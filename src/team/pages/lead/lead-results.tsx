import { AREAS, toneFor } from '../../../core';
import type { LeadDetail } from '../../../shared/team-api';
import { formatDateTime } from '../../ui/format';
import './lead-results.css';

/** "+4", "−3", "no change": the change from one result to the next, in words a screen reader reads. */
function changeWords(change: number): string {
  if (change === 0) return 'no change';
  return `${change > 0 ? '+' : '−'}${Math.abs(change)}`;
}

/**
 * Every result the person asked for, oldest first, as a table: the day, the overall score and
 * each area's, and the overall change from the result before. A lead with one result shows none:
 * the Scores card already says it all.
 */
export function LeadResults({ lead }: { lead: LeadDetail }) {
  if (lead.results.length < 2) return null;
  return (
    <section className="card" aria-labelledby="results-title">
      <h2 id="results-title">Results ({lead.results.length})</h2>
      <p className="muted">
        This person has taken the audit {lead.results.length} times. The scores and answers on this page are
        from the latest.
      </p>
      <div className="lead-results" role="region" aria-label="Every result, as a table" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">Overall</th>
              {AREAS.map((area) => (
                <th scope="col" key={area.id}>
                  {area.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lead.results.map((result, index) => {
              const before = lead.results[index - 1];
              return (
                <tr key={result.id}>
                  <th scope="row">{formatDateTime(result.createdAt)}</th>
                  <td>
                    <span className={`score score--${toneFor(result.overallScore)}`}>
                      {result.overallScore}%
                    </span>
                    {before ? (
                      <span className="muted">
                        {' '}
                        ({changeWords(result.overallScore - before.overallScore)})
                      </span>
                    ) : null}
                  </td>
                  {AREAS.map((area) => (
                    <td key={area.id}>{result.scores[area.id]}%</td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
