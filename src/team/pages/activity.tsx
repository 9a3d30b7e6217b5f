import { useCallback } from 'react';
import {
  ALERT_CHOICES,
  WITHOUT_CONSENT_DETAIL,
  type ActivityEntry,
  type AlertChoice,
} from '../../shared/team-api';
import { Link, useNavigate } from '../../browser/router';
import { teamApi } from '../api';
import { DataTable, type Column } from '../ui/data-table';
import { Address } from '../../browser/address';
import { actionLabel, ALERT_LABELS, formatDateTime } from '../ui/format';
import { LoadError } from '../ui/notice';
import { usePage } from '../ui/page-title';
import { Pager } from '../ui/pager';
import { useLoad } from '../ui/use-load';

/**
 * What an entry is about: its lead by its masked address, a link while the lead is held and plain
 * text once it is erased or expired; else what else it names (an erased address, masked).
 */
function About({ entry }: { entry: ActivityEntry }) {
  if (entry.lead?.id)
    return (
      <Link to={`/team/leads/${encodeURIComponent(entry.lead.id)}`}>
        <Address value={entry.lead.label} />
      </Link>
    );
  if (entry.lead) return <Address value={entry.lead.label} />;
  return entry.subject ? <Address value={entry.subject} /> : '–';
}

const COLUMNS: readonly Column<ActivityEntry>[] = [
  { header: 'When', cell: (e) => formatDateTime(e.at), className: 'nowrap' },
  { header: 'Who', cell: (e) => <Address value={e.actor} whole />, className: 'address' },
  { header: 'What', cell: (e) => actionLabel(e.action) },
  { header: 'About', cell: (e) => <About entry={e} /> },
  { header: 'Detail', cell: (e) => detailOf(e) },
];

/** How the activity log's turning on or off of requests without consent reads. */
const WITHOUT_CONSENT_LABELS: Record<string, string> = {
  [WITHOUT_CONSENT_DETAIL.on]: 'Results requests without consent: on',
  [WITHOUT_CONSENT_DETAIL.off]: 'Results requests without consent: off',
};

/** The detail as recorded, except a choice of alerts, which is kept as its id and shown in words. */
function detailOf(entry: ActivityEntry): string {
  if (entry.action === 'alert_preference' && isAlertChoice(entry.detail)) return ALERT_LABELS[entry.detail];
  if (entry.action === 'alert_preference' && entry.detail && WITHOUT_CONSENT_LABELS[entry.detail]) {
    return WITHOUT_CONSENT_LABELS[entry.detail];
  }
  return entry.detail ?? '–';
}

function isAlertChoice(value: string | null): value is AlertChoice {
  return (ALERT_CHOICES as readonly (string | null)[]).includes(value);
}

function pageFromUrl(): number {
  const page = Number.parseInt(new URLSearchParams(window.location.search).get('page') ?? '1', 10);
  return Number.isFinite(page) && page >= 1 ? page : 1;
}

/** Who did what: sign-ins, exports, erasures, retries, changes to leads and alerts, newest first. */
export function ActivityPage() {
  const heading = usePage('Activity');
  const navigate = useNavigate();
  // Renders again on every navigation, so the page number is read afresh from the address.
  const page = pageFromUrl();
  const load = useCallback(() => teamApi.activity(page), [page]);
  const activity = useLoad(load);
  const data = activity.data;
  return (
    <>
      <div className="page-head">
        <h1 ref={heading} tabIndex={-1}>
          Activity
        </h1>
      </div>
      <p className="muted">
        Every sign-in, export, erasure, retry, change to a lead (status, owner, follow-up date, notes) and
        choice of alerts, with who did it and when.
      </p>
      {activity.error ? <LoadError message={activity.error.message} onRetry={activity.reload} /> : null}
      {!data && !activity.error ? <p className="loading">Loading…</p> : null}
      {data && data.entries.length === 0 ? (
        <div className="card empty">
          <h2>Nothing recorded yet</h2>
        </div>
      ) : null}
      {data && data.entries.length > 0 ? (
        <>
          <div className="card card--flush">
            <DataTable
              caption="Team activity, newest first"
              columns={COLUMNS}
              rows={data.entries}
              rowKey={(e) => e.id}
              busy={activity.loading}
            />
          </div>
          <Pager
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            noun="entries"
            onPage={(next) => navigate(next > 1 ? `/team/activity?page=${next}` : '/team/activity')}
          />
        </>
      ) : null}
    </>
  );
}
