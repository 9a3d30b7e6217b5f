import { useCallback, useState, type FormEvent } from 'react';
import { SERVICE_TYPES, SIZE_BANDS, type ServiceType, type SizeBand } from '../../core';
import {
  DELIVERY_STATES,
  FOLLOW_UP_STATUSES,
  type DeliveryState,
  type FollowUpStatus,
  type LeadQuery,
  type LeadSummary,
} from '../../shared/team-api';
import { Link, useLocation, useNavigate } from '../../browser/router';
import { teamApi } from '../api';
import { isFiltered, queryFromSearch, searchFor } from '../lead-query';
import { Address } from '../../browser/address';
import { DeliveryBadge, Score, StatusBadge, WaitingBadge } from '../ui/badges';
import { DataTable, type Column } from '../ui/data-table';
import { DateTime } from '../ui/date-time';
import { FollowUpDay, ukToday } from '../ui/follow-up-day';
import {
  DELIVERY_LABELS,
  plural,
  serviceTypeLabel,
  sizeLabel,
  sourceLabel,
  STATUS_LABELS,
} from '../ui/format';
import { LoadError } from '../ui/notice';
import { usePage } from '../ui/page-title';
import { Pager } from '../ui/pager';
import { useLoad } from '../ui/use-load';

const NONE = <span className="muted">–</span>;

function columns(today: string): Column<LeadSummary>[] {
  return [
    { header: 'Received', cell: (lead) => <DateTime iso={lead.createdAt} /> },
    {
      header: 'Lead',
      rowHeader: true,
      className: 'address',
      cell: (lead) => (
        <>
          <Link to={`/team/leads/${encodeURIComponent(lead.id)}`}>
            <Address value={lead.email} />
          </Link>
          {lead.returnedAt ? (
            <span className="lead-line">
              <span className="badge badge--returned">Returned</span> {plural(lead.results, 'result')}
            </span>
          ) : null}
          {lead.name ? <span className="lead-line">{lead.name}</span> : null}
          {lead.organisation ? <span className="lead-line muted">{lead.organisation}</span> : null}
        </>
      ),
    },
    { header: 'Score', cell: (lead) => <Score value={lead.overallScore} />, className: 'num' },
    {
      header: 'Profile',
      cell: (lead) =>
        lead.serviceType || lead.size ? (
          <>
            {lead.serviceType ? (
              <span className="lead-line">{serviceTypeLabel(lead.serviceType)}</span>
            ) : null}
            {lead.size ? <span className="lead-line">{sizeLabel(lead.size)}</span> : null}
          </>
        ) : (
          NONE
        ),
    },
    { header: 'Source', cell: (lead) => <Address value={sourceLabel(lead.source)} /> },
    {
      header: 'Owner',
      cell: (lead) =>
        lead.owner ? <Address value={lead.owner} whole /> : <span className="muted">Unassigned</span>,
    },
    {
      header: 'Next follow-up',
      cell: (lead) => (lead.followUpOn ? <FollowUpDay day={lead.followUpOn} today={today} /> : NONE),
    },
    {
      header: 'Status',
      cell: (lead) => (
        <>
          <StatusBadge status={lead.followUpStatus} />
          {lead.waitingSince ? (
            <span className="lead-line">
              <WaitingBadge since={lead.waitingSince} />
            </span>
          ) : null}
        </>
      ),
    },
    { header: 'Delivery', cell: (lead) => <DeliveryBadge delivery={lead.delivery} /> },
    { header: 'Consent', cell: (lead) => (lead.consent ? 'Yes' : 'No') },
  ];
}

/** The filter form as typed, before "Show leads" puts it in the address. */
interface Draft {
  q: string;
  status: string;
  delivery: string;
  serviceType: string;
  size: string;
  source: string;
  owner: string;
  due: boolean;
  waiting: boolean;
}

function draftOf(query: LeadQuery): Draft {
  return {
    q: query.q ?? '',
    status: query.status ?? '',
    delivery: query.delivery ?? '',
    serviceType: query.serviceType ?? '',
    size: query.size ?? '',
    source: query.source ?? '',
    owner: query.owner ?? '',
    due: query.due ?? false,
    waiting: query.waiting ?? false,
  };
}

function queryOf(draft: Draft): LeadQuery {
  return {
    page: 1,
    q: draft.q.trim() || undefined,
    status: (draft.status || undefined) as FollowUpStatus | undefined,
    delivery: (draft.delivery || undefined) as DeliveryState | undefined,
    serviceType: (draft.serviceType || undefined) as ServiceType | undefined,
    size: (draft.size || undefined) as SizeBand | undefined,
    source: draft.source || undefined,
    owner: (draft.owner || undefined) as LeadQuery['owner'],
    due: draft.due || undefined,
    waiting: draft.waiting || undefined,
  };
}

/** A labelled select of the filter form, "Any" first. */
function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A labelled checkbox of the filter form: on narrows the list, off leaves it as it is. */
function FilterCheck({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="field filters__check">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** The leads, newest first, 50 a page, with search by address and filters. */
export function LeadsPage() {
  const heading = usePage('Leads');
  const location = useLocation();
  const navigate = useNavigate();
  // The router's location has the path, not the query: this page renders again on every
  // navigation (the location's key changes), and reads the query afresh.
  const search = window.location.search;
  const query = queryFromSearch(search);
  const load = useCallback(() => teamApi.leads(queryFromSearch(search)), [search]);
  const leads = useLoad(load);
  const sources = useLoad(teamApi.leadSources);
  const [draft, setDraft] = useState({ key: location.key, ...draftOf(query) });
  // The form shows the address's filters after a navigation (Back, a pager button).
  const form = draft.key === location.key ? draft : { key: location.key, ...draftOf(query) };
  const edit = (change: Partial<Draft>) => setDraft({ ...form, ...change });
  const filtered = isFiltered(query);
  // The waiting filter alone finding nothing is good news, said as such.
  const waitingOnly = query.waiting === true && !isFiltered({ ...query, waiting: undefined });
  const today = ukToday();

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    navigate(searchFor(queryOf(form)));
  }

  // The sources the leads have, and the one in the address even if no lead has it (any more).
  const sourceOptions = (sources.data?.sources ?? []).map((s) => ({
    value: s.name,
    label: `${sourceLabel(s.name)} (${s.count.toLocaleString('en-GB')})`,
  }));
  if (query.source && !sourceOptions.some((o) => o.value === query.source))
    sourceOptions.push({ value: query.source, label: sourceLabel(query.source) });

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
        <FilterSelect
          id="lead-status"
          label="Follow-up"
          value={form.status}
          options={FOLLOW_UP_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
          onChange={(status) => edit({ status })}
        />
        <FilterSelect
          id="lead-delivery"
          label="Delivery"
          value={form.delivery}
          options={DELIVERY_STATES.map((value) => ({ value, label: DELIVERY_LABELS[value] }))}
          onChange={(delivery) => edit({ delivery })}
        />
        <FilterSelect
          id="lead-owner"
          label="Owner"
          value={form.owner}
          options={[
            { value: 'mine', label: 'Mine' },
            { value: 'unassigned', label: 'Unassigned' },
          ]}
          onChange={(owner) => edit({ owner })}
        />
        <FilterSelect
          id="lead-service-type"
          label="Service type"
          value={form.serviceType}
          options={SERVICE_TYPES.map((type) => ({ value: type.id, label: type.label }))}
          onChange={(serviceType) => edit({ serviceType })}
        />
        <FilterSelect
          id="lead-size"
          label="Size"
          value={form.size}
          options={SIZE_BANDS.map((band) => ({ value: band.id, label: sizeLabel(band.id) }))}
          onChange={(size) => edit({ size })}
        />
        <FilterSelect
          id="lead-source"
          label="Source"
          value={form.source}
          options={sourceOptions}
          onChange={(source) => edit({ source })}
        />
        <FilterCheck
          id="lead-due"
          label="Due: follow-up today or overdue"
          checked={form.due}
          onChange={(due) => edit({ due })}
        />
        <FilterCheck
          id="lead-waiting"
          label="Waiting: not contacted within one working day"
          checked={form.waiting}
          onChange={(waiting) => edit({ waiting })}
        />
        <div className="button-row filters__actions">
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
              <Link to={searchFor({ ...query, page: 1 })}>Go to the first page</Link>
            </>
          ) : waitingOnly ? (
            <>
              <h2>No leads waiting</h2>
              <p>
                Every lead with consent has been contacted or moved on, or is still within one working day of
                its request.
              </p>
              <Link to="/team">Show all leads</Link>
            </>
          ) : filtered ? (
            <>
              <h2>{query.waiting ? 'No waiting leads match' : 'No leads match'}</h2>
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
              columns={columns(today)}
              rows={data.leads}
              rowKey={(lead) => lead.id}
              busy={leads.loading}
              compact
            />
          </div>
          <Pager
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            noun="leads"
            onPage={(next) => navigate(searchFor({ ...query, page: next }))}
          />
        </>
      ) : null}
    </>
  );
}
