import type { ReactNode } from 'react';
import { AREAS, formatDay, toneFor } from '../../core';
import type {
  FunnelFigure,
  LeadGroup,
  Overview,
  OverviewDay,
  OverviewFunnelStep,
  OverviewPeriod,
} from '../../shared/team-api';
import type { FunnelStepId } from '../../shared/usage-events';
import { teamApi } from '../api';
import { DailyColumns, LabelledBars, type BarRow } from '../ui/charts';
import { FigureTable } from '../ui/figure-table';
import {
  count,
  percentOf,
  plural,
  serviceTypeLabel,
  sizeLabel,
  sourceLabel,
  STATUS_LABELS,
} from '../ui/format';
import { LoadError } from '../ui/notice';
import { usePage } from '../ui/page-title';
import { useLoad } from '../ui/use-load';
import { SavedAuditsCard } from '../ui/saved-audits-card';
import { SpeedToLeadCard } from '../ui/speed-to-lead-card';
import './overview.css';

const SERIES: readonly { key: keyof Omit<OverviewDay, 'date'>; label: string; barClass: string }[] = [
  { key: 'started', label: 'Audits started', barClass: 'chart__bar--started' },
  { key: 'completed', label: 'Audits completed', barClass: 'chart__bar--completed' },
  { key: 'pdfDownloaded', label: 'PDFs downloaded', barClass: 'chart__bar--pdf' },
  { key: 'emailRequested', label: 'E-mail requests', barClass: 'chart__bar--email' },
];

/** A period in words: "Sun, 25 Oct 2026 to Mon, 23 Nov 2026". */
function periodText({ first, last }: OverviewPeriod): string {
  return `${formatDay(first, 'weekday-date') ?? first} to ${formatDay(last, 'weekday-date') ?? last}`;
}

/** A funnel step's name: "Started", "Section 2: Compliance & Regulations", "Consent given". */
function stepName(id: FunnelStepId): string {
  const section = /^section_(\d+)_reached$/.exec(id);
  if (section) {
    const number = Number(section[1]);
    return `Section ${number}: ${AREAS[number - 1]?.title ?? ''}`;
  }
  return (
    {
      started: 'Started',
      completed: 'Completed',
      pdf_downloaded: 'PDF downloaded',
      email_requested: 'E-mail requested',
      consent_given: 'Consent given',
    } as Record<string, string>
  )[id] as string;
}

/**
 * The last 30 days against the 30 before: the funnel, the days, how fast leads were answered, the
 * leads and the scores.
 */
export function OverviewPage() {
  const heading = usePage('Overview');
  const overview = useLoad(teamApi.overview);
  const data = overview.data;
  return (
    <>
      <div className="page-head">
        <h1 ref={heading} tabIndex={-1}>
          Overview
        </h1>
        {data ? <p className="page-head__meta">{periodText(data.period)}</p> : null}
      </div>
      <p className="muted">
        The last 30 days, today so far included, against the 30 days before them. A day runs from midnight to
        midnight UTC: UK time in winter, an hour behind it in summer. Audits are counted without cookies or
        identifiers (each visitor&rsquo;s browser reports what happened and the server adds one to that
        day&rsquo;s count); leads are counted from the e-mail requests held.
      </p>
      {overview.error ? <LoadError message={overview.error.message} onRetry={overview.reload} /> : null}
      {!data && !overview.error ? <p className="loading">Loading the overview…</p> : null}
      {data ? (
        <>
          <Funnel overview={data} />
          <Comparison overview={data} />
          <DailyCounts days={data.days} />
          <SavedAuditsCard />
          <SpeedToLeadCard overview={data} />
          <h2 className="overview-heading">Leads in the last 30 days: {count(data.leads.total)}</h2>
          <div className="overview-grid">
            <LeadsBy overview={data} />
          </div>
          <AreaAverages overview={data} />
        </>
      ) : null}
    </>
  );
}

/** The step a step is a share of, as shown this period. */
function baseOf(step: OverviewFunnelStep, funnel: readonly OverviewFunnelStep[]): FunnelFigure | undefined {
  return step.after === null ? undefined : funnel.find((s) => s.id === step.after)?.current;
}

function Funnel({ overview }: { overview: Overview }) {
  const { funnel } = overview;
  const started = funnel[0]?.current.shown ?? 0;
  // Every bar is drawn against the audits started, so the share beside it is of the audits started
  // too: a bar half as long says 50%. (The share of the step before is the table's.)
  const rows: BarRow[] = funnel.map((step) => {
    return {
      key: step.id,
      label: stepName(step.id),
      value: step.current.shown,
      valueText:
        step.after === null
          ? count(step.current.shown)
          : `${count(step.current.shown)} · ${percentOf(step.current.shown, started)}`,
      barClass:
        step.id === 'consent_given' || step.id === 'email_requested'
          ? 'chart__bar--email'
          : 'chart__bar--started',
    };
  });
  return (
    <section className="card" aria-labelledby="funnel-title">
      <figure className="chart-figure">
        <figcaption>
          <h2 id="funnel-title">How far audits get</h2>
          <p>
            Each bar is a share of the audits started in the last 30 days; the table gives each step as a
            share of the step before it (a PDF and an e-mail both of completed audits). No step is shown above
            the step before.
          </p>
        </figcaption>
        <LabelledBars rows={rows} max={started} />
        <FigureTable
          captionId="funnel-caption"
          caption="Audits at each step, last 30 days"
          columns={['Step', 'Audits', 'Of the step before']}
        >
          <tbody>
            {funnel.map((step) => {
              const base = baseOf(step, funnel);
              return (
                <tr key={step.id}>
                  <th scope="row">{stepName(step.id)}</th>
                  <td className="num">
                    {count(step.current.shown)}
                    {step.current.counted > step.current.shown ? (
                      <span className="muted nowrap">
                        <br />
                        {count(step.current.counted)} counted
                      </span>
                    ) : null}
                  </td>
                  <td className="num">{base ? percentOf(step.current.shown, base.shown) : '–'}</td>
                </tr>
              );
            })}
          </tbody>
        </FigureTable>
        <CappedSteps overview={overview} />
      </figure>
      <StepDefinitions />
    </section>
  );
}

/** Why a step shows fewer than were counted, for each step held down, in either period. */
function CappedSteps({ overview }: { overview: Overview }) {
  const notes = (['current', 'previous'] as const).flatMap((period) =>
    overview.funnel
      .filter((step) => step[period].counted > step[period].shown)
      .map((step) => {
        const before = overview.funnel.find((s) => s.id === step.after);
        const when = period === 'current' ? 'In the last 30 days' : 'In the 30 days before';
        const why =
          step.id === 'consent_given'
            ? 'consent is counted for each request held, and a visitor may ask more than once for one audit (or their browser may not have reported the request)'
            : 'an audit’s steps can fall either side of the first day of the period, so some of these audits took the step before on an earlier day';
        return (
          <li key={`${period}-${step.id}`}>
            {when}, {stepName(step.id)} counted {count(step[period].counted)}, shown as{' '}
            {count(step[period].shown)}, the number for {before ? stepName(before.id) : 'the step before'}:{' '}
            {why}.
          </li>
        );
      }),
  );
  if (notes.length === 0) return null;
  return (
    <div className="overview-note">
      <p>Held to the step before:</p>
      <ul>{notes}</ul>
    </div>
  );
}

function StepDefinitions() {
  return (
    <details className="chart-details" open>
      <summary>What each step counts</summary>
      <p>
        A step counts an audit once, in the browser tab it was taken in, and only after the step before it: a
        reload, Back and Next, or coming back to a section count nothing more. Each is counted on the day it
        happened.
      </p>
      <dl className="definitions">
        <dt>Started</dt>
        <dd>
          A visitor rated the first statement of a new audit. A retake (&ldquo;Retake with these
          answers&rdquo;) starts when it opens, already rated. Opening the audit and leaving without rating
          anything is not counted.
        </dd>
        <dt>Section 1 to 5</dt>
        <dd>
          The section was on screen in a started audit. Section 1 is counted with the start; each later
          section once the one before was rated in full and &ldquo;Next Section&rdquo; pressed.
        </dd>
        <dt>Completed</dt>
        <dd>
          &ldquo;Complete Audit&rdquo; was pressed with every statement rated, and the results shown. These
          are audits, not providers: a retake counts again here, while the comparison with other providers
          counts each provider once, by its latest audit.
        </dd>
        <dt>PDF downloaded</dt>
        <dd>
          The PDF report of a completed audit was downloaded (&ldquo;Download Full Report&rdquo;), on the
          results page or from a private results link (once per browser tab). A share of completed audits.
        </dd>
        <dt>E-mail requested</dt>
        <dd>
          The results of a completed audit were sent for by e-mail and the server accepted the request. A
          share of completed audits: a visitor may download the PDF, ask for the e-mail, both or neither.
        </dd>
        <dt>Consent given</dt>
        <dd>
          An e-mail request held with &ldquo;The team may contact me about a free consultation&rdquo; ticked,
          counted by the server from the requests it holds, one for each request: an erased or expired request
          no longer counts. A share of e-mail requested.
        </dd>
      </dl>
    </details>
  );
}

/**
 * "+3 (+20%)", "−2 (−10%)", "No change"; "+3" when there was nothing before to compare with. The
 * percentage goes under the number when a phone's column is narrow.
 */
function Change({ now, before }: { now: number; before: number }) {
  const difference = now - before;
  if (difference === 0) return <>No change</>;
  const sign = difference > 0 ? '+' : '−';
  const amount = `${sign}${count(Math.abs(difference))}`;
  if (before === 0) return <>{amount}</>;
  return (
    <>
      {amount}{' '}
      <span className="nowrap">({`${sign}${Math.round((Math.abs(difference) / before) * 100)}%`})</span>
    </>
  );
}

const TEAM_AUDIT_ROWS: readonly { key: keyof Overview['teamAudits']; label: string }[] = [
  { key: 'started', label: 'Team audits started' },
  { key: 'respondents', label: 'Colleagues who answered a team audit' },
  { key: 'closed', label: 'Team audits closed' },
];

function Comparison({ overview }: { overview: Overview }) {
  const rows = [
    ...overview.funnel.map((step) => ({
      key: step.id,
      label: stepName(step.id),
      now: step.current.shown,
      before: step.previous.shown,
    })),
    {
      key: 'leads',
      label: 'Leads (e-mail requests held)',
      now: overview.leads.total,
      before: overview.leads.previousTotal,
    },
    // The care managers' team audits (issue 33): how many were started, answered and closed.
    ...TEAM_AUDIT_ROWS.map(({ key, label }) => ({
      key: `team-audits-${key}`,
      label,
      now: overview.teamAudits[key].current,
      before: overview.teamAudits[key].previous,
    })),
  ];
  return (
    <section className="card overview-comparison" aria-labelledby="comparison-title">
      <h2 id="comparison-title">The last 30 days against the 30 before</h2>
      <p className="muted">
        {periodText(overview.period)}, against {periodText(overview.previousPeriod)}. The last 30 days include
        today so far.
      </p>
      <FigureTable
        captionId="comparison-caption"
        caption="Each step, the leads and the team audits, last 30 days and the 30 before"
        columns={['Step', 'Last 30 days', '30 days before', 'Change']}
      >
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td className="num">{count(row.now)}</td>
              <td className="num">{count(row.before)}</td>
              <td className="num">
                <Change now={row.now} before={row.before} />
              </td>
            </tr>
          ))}
        </tbody>
      </FigureTable>
    </section>
  );
}

function DailyCounts({ days }: { days: readonly OverviewDay[] }) {
  const totals = Object.fromEntries(
    SERIES.map(({ key }) => [key, days.reduce((sum, day) => sum + day[key], 0)]),
  ) as Record<(typeof SERIES)[number]['key'], number>;
  // Only the days with something to say get a row; the others are one sentence.
  const active = days.filter((day) => SERIES.some(({ key }) => day[key] > 0));
  const quiet = days.length - active.length;
  return (
    <section className="card" aria-labelledby="daily-title">
      <figure className="chart-figure">
        <figcaption>
          <h2 id="daily-title">Day by day</h2>
          <p>Audits started and completed, PDF reports downloaded and results e-mailed, per day.</p>
        </figcaption>
        <div className="small-multiples">
          {SERIES.map((series) => (
            <div key={series.key}>
              <p className="small-chart__title">
                <span>{series.label}</span>
                <span>{count(totals[series.key])}</span>
              </p>
              <DailyColumns
                days={days.map((day) => ({
                  label: formatDay(day.date, 'short') ?? day.date,
                  value: day[series.key],
                }))}
                barClass={series.barClass}
              />
            </div>
          ))}
        </div>
        <FigureTable
          captionId="daily-table-caption"
          caption="Counts per day"
          columns={['Day', 'Started', 'Completed', 'PDFs', 'E-mails']}
          tall={active.length > 10}
        >
          <tbody>
            {[...active].reverse().map((day) => (
              <tr key={day.date}>
                <th scope="row" className="nowrap">
                  {/* The weekday goes on a phone, where the five columns need the room. */}
                  <span className="weekday">{formatDay(day.date, 'weekday')} </span>
                  {formatDay(day.date, 'short')}
                </th>
                {SERIES.map(({ key }) => (
                  <td key={key} className="num">
                    {count(day[key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">All 30 days</th>
              {SERIES.map(({ key }) => (
                <td key={key} className="num">
                  <strong>{count(totals[key])}</strong>
                </td>
              ))}
            </tr>
          </tfoot>
        </FigureTable>
        <p className="overview-quiet">
          {active.length === 0
            ? 'No activity on any of the 30 days.'
            : quiet > 0
              ? `No activity on the other ${plural(quiet, 'day')}.`
              : 'Activity on every one of the 30 days.'}
        </p>
      </figure>
    </section>
  );
}

/** One way of grouping the leads: bars and their table. */
function LeadFigure({
  id,
  title,
  column,
  rows,
  total,
}: {
  id: string;
  title: string;
  column: string;
  rows: readonly { key: string; label: ReactNode; text: string; count: number }[];
  total: number;
}) {
  const bars: BarRow[] = rows.map((row) => ({
    key: row.key,
    label: row.text,
    value: row.count,
    valueText: `${count(row.count)} · ${percentOf(row.count, total)}`,
    barClass: 'chart__bar--completed',
  }));
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <figure className="chart-figure">
        <figcaption>
          <h3 id={`${id}-title`}>{title}</h3>
        </figcaption>
        {rows.length > 0 ? <LabelledBars rows={bars} max={Math.max(0, ...rows.map((r) => r.count))} /> : null}
        <FigureTable
          captionId={`${id}-caption`}
          caption={`${title}, last 30 days`}
          columns={[column, 'Leads', 'Share']}
        >
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                <td className="num">{count(row.count)}</td>
                <td className="num">{percentOf(row.count, total)}</td>
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <th scope="row">None yet</th>
                <td className="num">0</td>
                <td className="num">–</td>
              </tr>
            ) : null}
          </tbody>
        </FigureTable>
      </figure>
    </section>
  );
}

const NOT_GIVEN = 'Not given';

function groupRows<Key extends string>(groups: readonly LeadGroup<Key>[], label: (key: Key) => string) {
  return groups.map((group) => {
    const text = group.key === null ? NOT_GIVEN : label(group.key);
    return { key: group.key ?? '(none)', label: text, text, count: group.count };
  });
}

function LeadsBy({ overview }: { overview: Overview }) {
  const { leads } = overview;
  const sources = groupRows(leads.bySource, sourceLabel);
  if (leads.otherSources) {
    const text = `${plural(leads.otherSources.sources, 'other source')}`;
    sources.push({ key: '(others)', label: text, text, count: leads.otherSources.count });
  }
  return (
    <>
      <LeadFigure
        id="by-status"
        title="Leads by status"
        column="Status"
        rows={groupRows(leads.byStatus, (status) => STATUS_LABELS[status])}
        total={leads.total}
      />
      <LeadFigure id="by-source" title="Leads by source" column="Source" rows={sources} total={leads.total} />
      <LeadFigure
        id="by-service"
        title="Leads by service type"
        column="Service type"
        rows={groupRows(leads.byServiceType, serviceTypeLabel)}
        total={leads.total}
      />
      <LeadFigure
        id="by-size"
        title="Leads by size"
        column="People supported"
        rows={groupRows(leads.bySize, sizeLabel)}
        total={leads.total}
      />
    </>
  );
}

function AreaAverages({ overview }: { overview: Overview }) {
  const rows: BarRow[] = overview.areaAverages.map((area) => ({
    key: area.areaId,
    label: area.title,
    value: area.average ?? 0,
    valueText: area.average === null ? 'no data' : `${area.average}%`,
    barClass: area.average === null ? 'chart__bar--none' : `chart__bar--${toneFor(area.average)}`,
  }));
  const requests = Math.max(0, ...overview.areaAverages.map((a) => a.count));
  return (
    <section className="card" aria-labelledby="areas-title">
      <figure className="chart-figure">
        <figcaption>
          <h2 id="areas-title">Average score per area</h2>
          <p>From the results e-mailed in the last 30 days ({plural(requests, 'request')}), 0 to 100%.</p>
        </figcaption>
        <LabelledBars rows={rows} max={100} />
        <FigureTable
          captionId="areas-caption"
          caption="Average score per area, last 30 days"
          columns={['Area', 'Average', 'Requests']}
        >
          <tbody>
            {overview.areaAverages.map((area) => (
              <tr key={area.areaId}>
                <th scope="row">{area.title}</th>
                <td className="num">{area.average === null ? '–' : `${area.average}%`}</td>
                <td className="num">{area.count}</td>
              </tr>
            ))}
          </tbody>
        </FigureTable>
      </figure>
    </section>
  );
}
