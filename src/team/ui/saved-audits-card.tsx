import { AREAS, formatDay, QUESTIONS_PER_AREA } from '../../core';
import { CONSENT_WORDING } from '../../shared/email-request-rules';
import { SAVED_AUDIT_DAYS } from '../../shared/saved-audit';
import type { ConsentedSavedAudit, TeamSavedAudits } from '../../shared/team-api';
import { teamApi } from '../api';
import { Address } from '../../browser/address';
import { DataTable, type Column } from './data-table';
import { DateTime } from './date-time';
import { plural } from './format';
import { LoadError } from './notice';
import { useLoad } from './use-load';

const STATEMENTS = AREAS.length * QUESTIONS_PER_AREA;

/**
 * "Save and continue later" as the team sees it (GET /api/team/saved-audits): how many audits are
 * saved to finish later, and only where the visitor ticked the consent box when saving, who. The
 * table stacks its rows as cards below 1200 px, as the leads' list does, so no column is cut off.
 */
export function SavedAuditsCard() {
  const saved = useLoad(teamApi.savedAudits);
  const data = saved.data;
  return (
    <section className="card card--flush" aria-labelledby="saved-audits-title" aria-busy={saved.loading}>
      <h2 id="saved-audits-title" className="card__title">
        Saved to finish later
      </h2>
      {saved.error ? (
        <div className="card__text">
          <LoadError message={saved.error.message} onRetry={saved.reload} />
        </div>
      ) : null}
      {!data && !saved.error ? <p className="card__text loading">Loading the saved audits…</p> : null}
      {data ? <SavedAuditsSummary data={data} /> : null}
    </section>
  );
}

function SavedAuditsSummary({ data }: { data: TeamSavedAudits }) {
  const cut = data.withConsentTotal > data.withConsent.length;
  return (
    <>
      <div className="card__text">
        <p className="saved-audits__count">
          <strong>{plural(data.open, 'audit')} saved to finish later</strong>
          {data.completed > 0 ? `, and ${plural(data.completed, 'saved audit')} since completed` : null}.
        </p>
        <p className="muted">
          A visitor can save an audit part-way and is e-mailed a private link that reopens it, for{' '}
          {SAVED_AUDIT_DAYS} days from the first save. An audit counts here until it is completed or its link
          expires. You see a visitor&rsquo;s address only if they ticked &ldquo;{CONSENT_WORDING}
          &rdquo; when saving; the others are only counted.
        </p>
        {data.open > 0 ? <p>{consentLine(data)}</p> : null}
        {cut ? (
          <p>
            Showing the {data.withConsent.length.toLocaleString('en-GB')} most recently saved of{' '}
            {data.withConsentTotal.toLocaleString('en-GB')}.
          </p>
        ) : null}
      </div>
      {data.withConsent.length > 0 ? (
        <DataTable
          caption="Saved audits whose visitors agreed to be contacted, most recently saved first"
          columns={COLUMNS}
          rows={data.withConsent}
          rowKey={(row) => `${row.email} ${row.createdAt}`}
          compact
        />
      ) : null}
    </>
  );
}

function consentLine({ open, withConsentTotal }: TeamSavedAudits): string {
  if (withConsentTotal === 0) return 'None of them ticked the box, so no address is shown.';
  if (withConsentTotal === open)
    return open === 1 ? 'Its visitor ticked the box.' : 'Every one of their visitors ticked the box.';
  return `${plural(withConsentTotal, 'visitor')} of ${open.toLocaleString('en-GB')} ticked the box.`;
}

const COLUMNS: readonly Column<ConsentedSavedAudit>[] = [
  {
    header: 'Address',
    rowHeader: true,
    className: 'address',
    cell: (row) => (
      <a href={`mailto:${row.email}`}>
        <Address value={row.email} />
      </a>
    ),
  },
  {
    header: 'Last saved',
    cell: (row) => (
      <>
        <DateTime iso={row.savedAt} />
        {row.savedAt !== row.createdAt ? (
          <span className="lead-line muted">
            First saved <DateTime iso={row.createdAt} />
          </span>
        ) : null}
      </>
    ),
  },
  {
    header: 'Progress',
    cell: (row) => (
      <>
        {`${row.answered} of ${STATEMENTS} rated`}
        <span className="lead-line muted">{`Stopped at section ${row.section} of ${AREAS.length}: ${AREAS[row.section - 1]?.title ?? ''}`}</span>
      </>
    ),
  },
  {
    header: 'Link opens until',
    cell: (row) => (
      <time dateTime={row.expiresOn}>{formatDay(row.expiresOn, 'weekday-date') ?? row.expiresOn}</time>
    ),
  },
];
