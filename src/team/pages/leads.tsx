import { useCallback, useState, type FormEvent } from 'react';
import {
  DELIVERY_STATES,
  FOLLOW_UP_STATUSES,
  type DeliveryState,
  type FollowUpStatus,
  type LeadSummary,
} from '../../shared/team-api';
import { Link, useLocation, useNavigate } from '../../browser/router';
import { teamApi } from '../api';
import { queryFromSearch, searchFor } from '../lead-query';
import { DeliveryBadge, Score, StatusBadge } from '../ui/badges';
import { DataTable, type Column } from '../ui/data-table';
import { DELIVERY_LABELS, formatDateTime, plural, STATUS_LABELS } from '../ui/format';
import { LoadError } from '../ui/notice';
import { usePage } from '../ui/page-title';
import { Pager } from '../ui/pager';
import { useLoad } from '../ui/use-load';

const COLUMNS: readonly Column<LeadSummary>[] = [
  { header: 'Date', cell: (lead) => formatDateTime(lead.createdAt), className: 'nowrap' },
  {
    header: 'Address',
    rowHeader: true,
    className: 'address',
    cell: (lead) => <Link to={`/team/leads/${encodeURIComponent(lead.id)}`}>{lead.email}</Link>,
  },
  { header: 'Score', cell: (lead) => <Score value={lead.overallScore} />, className: 'num' },
  { header: 'Follow-up', cell: (lead) => <StatusBadge status={lead.followUpStatus} /> },
  { header: 'Delivery', cell: (lead) => <DeliveryBadge delivery={lead.delivery} /> },
  { header: 'Consent', cell: (lead) => (lead.consent ? 'Yes' : 'No') },
];

/** The leads, newest first, 50 a page, with search by address and filters. */
export function LeadsPage() {
  const heading = usePage('Leads');
  const location = useLocation();
  const navigate = useNavigate();
  // The router's location has the path, not the query: this page renders again on every
  // navigation (the location's key changes), and reads the query afresh.
  const { page, q, status, delivery } = queryFromSearch(window.location.search);
  const load = useCallback(() => teamApi.leads({ page, q, status, delivery }), [page, q, status, delivery]);
  const leads = useLoad(load);
  const [draft, setDraft] = useState({
    key: location.key,
    q: q ?? '',
    status: status ?? '',
    delivery: delivery ?? '',
  });
  // The form shows the address's filters after a navigation (Back, a pager button).
  const form =
    draft.key === location.key
      ? draft
      : { key: location.key, q: q ?? '', status: status ?? '', delivery: delivery ?? '' };
  const edit = (change: Partial<typeof form>) => setDraft({ ...form, ...change });
  const filtered = Boolean(q || status || delivery);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    navigate(
      searchFor({
        page: 1,
        q: form.q.trim() || undefined,
        status: (form.status || undefined) as FollowUpStatus | undefined,
        delivery: (form.delivery || undefined) as DeliveryState | undefined,
      }),
    );
  }

  const data = leads.data;
  return (
    <>
      <div className="page-head">
        <h1 ref={heading} tabIndex={-1}>
          Leads
        </h1>
        {data ? (
          <p className="page-head__meta">
            {filtered ? `${plural(data.total, 'lead')} found` : `${plural(data.total, 'lead')} in all`}
          </p>
        ) : null}
      </div>
      <form className="filters" role="search" aria-label="Leads" onSubmit={apply}>
        <div className="field field--search">
          <label className="field__label" htmlFor="lead-search">
            Search by address
          </label>
          <input
            id="lead-search"
            type="search"
            className="field__input"
            value={form.q}
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => edit({ q: event.target.value })}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="lead-status">
            Follow-up
          </label>
          <select
            id="lead-status"
            className="field__input"
            value={form.status}
            onChange={(event) => edit({ status: event.target.value })}
          >
            <option value="">Any</option>
            {FOLLOW_UP_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="lead-delivery">
            Delivery
          </label>
          <select
            id="lead-delivery"
            className="field__input"
            value={form.delivery}
            onChange={(event) => edit({ delivery: event.target.value })}
          >
            <option value="">Any</option>
            {DELIVERY_STATES.map((value) => (
              <option key={value} value={value}>
                {DELIVERY_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="button-row">
          <button type="submit" className="button button--primary">
            Show leads
          </button>
          {filtered ? (
            <Link to="/team" className="button button--secondary">
              Clear
            </Link>
          ) : null}
        </div>
      </form>

      {leads.error ? <LoadError message={leads.error.message} onRetry={leads.reload} /> : null}
      {!data && !leads.error ? <p className="loading">Loading leads…</p> : null}
      {data && data.leads.length === 0 ? (
        <div className="card empty">
          {data.total > 0 ? (
            <>
              <h2>This page is past the last lead</h2>
              <Link to={searchFor({ page: 1, q, status, delivery })}>Go to the first page</Link>
            </>
          ) : filtered ? (
            <>
              <h2>No leads match</h2>
              <p>Try another part of the address, or clear the filters.</p>
              <Link to="/team">Show all leads</Link>
            </>
          ) : (
            <>
              <h2>No leads yet</h2>
              <p className="muted">
                When a care manager e-mails their audit results to themselves, they appear here, newest first.
              </p>
            </>
          )}
        </div>
      ) : null}
      {data && data.leads.length > 0 ? (
        <>
          <div className="card card--flush">
            <DataTable
              caption={filtered ? 'Leads matching the filters, newest first' : 'Leads, newest first'}
              columns={COLUMNS}
              rows={data.leads}
              rowKey={(lead) => lead.id}
              busy={leads.loading}
            />
          </div>
          <Pager
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            noun="leads"
            onPage={(next) => navigate(searchFor({ page: next, q, status, delivery }))}
          />
        </>
      ) : null}
    </>
  );
}
