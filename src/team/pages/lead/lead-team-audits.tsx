import type { LeadDetail, LeadTeamAudit } from '../../../shared/team-api';
import { formatDateTime, plural } from '../../ui/format';
import './lead-results.css';

/** "Open until 28 Dec 2026, 10:15" or "Closed 3 Dec 2026, 09:00": where the team audit stands. */
function statusWords(audit: LeadTeamAudit): string {
  return audit.closedAt
    ? `Closed ${formatDateTime(audit.closedAt)}`
    : `Open until ${formatDateTime(audit.closesAt)}`;
}

/**
 * The team audits the care manager opened from her results (issue 33): when, where each stands and
 * how many colleagues answered. Never an answer or a role: the desk sees that the team took part,
 * not what anyone said. Nothing is shown for a lead who opened none.
 */
export function LeadTeamAudits({ lead }: { lead: LeadDetail }) {
  if (lead.teamAudits.length === 0) return null;
  const resultDay = new Map(lead.results.map((result) => [result.id, result.createdAt]));
  const respondents = lead.teamAudits.reduce((sum, audit) => sum + audit.respondents, 0);
  return (
    <section className="card" aria-labelledby="team-audits-title">
      <h2 id="team-audits-title">Team audits ({lead.teamAudits.length})</h2>
      <p className="muted">
        {plural(respondents, 'colleague')} answered in all. Their answers stay with the care manager: the team
        sees only how many took part.
      </p>
      <div className="lead-results" role="region" aria-label="Every team audit, as a table" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">Opened</th>
              <th scope="col">From the result of</th>
              <th scope="col">Status</th>
              <th scope="col">Respondents</th>
            </tr>
          </thead>
          <tbody>
            {lead.teamAudits.map((audit) => {
              const from = resultDay.get(audit.resultId);
              return (
                <tr key={`${audit.resultId}-${audit.openedAt}`}>
                  <th scope="row">{formatDateTime(audit.openedAt)}</th>
                  <td>{from ? formatDateTime(from) : '—'}</td>
                  <td>{statusWords(audit)}</td>
                  <td>{audit.respondents}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
