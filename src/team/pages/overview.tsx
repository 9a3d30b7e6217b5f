import { formatDay, toneFor } from '../../core';
import type { Overview, OverviewDay } from '../../shared/team-api';
import { teamApi } from '../api';
import { DailyColumns, LabelledBars, type BarRow } from '../ui/charts';
import { LoadError } from '../ui/notice';
import { usePage } from '../ui/page-title';
import { useLoad } from '../ui/use-load';

const SERIES: readonly { key: keyof Omit<OverviewDay, 'date'>; label: string; barClass: string }[] = [
  { key: 'started', label: 'Audits started', barClass: 'chart__bar--started' },
  { key: 'completed', label: 'Audits completed', barClass: 'chart__bar--completed' },
  { key: 'pdfDownloaded', label: 'PDFs downloaded', barClass: 'chart__bar--pdf' },
  { key: 'emailRequested', label: 'E-mail requests', barClass: 'chart__bar--email' },
];

function percentOf(part: number, whole: number): string {
  return whole === 0 ? '–' : `${Math.round((part / whole) * 100)}%`;
}

/** The last 30 days in counts and charts, each chart with its numbers in a table. */
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
        {data && data.days.length > 0 ? (
          <p className="page-head__meta">
            {formatDay(data.days[0].date, 'weekday-date')} to{' '}
            {formatDay(data.days[data.days.length - 1].date, 'weekday-date')}
          </p>
        ) : null}
      </div>
      <p className="muted">
        Counted without cookies or identifiers: each visitor&rsquo;s browser reports what happened, and the
        server adds one to that day&rsquo;s count (days in UTC).
      </p>
      {overview.error ? <LoadError message={overview.error.message} onRetry={overview.reload} /> : null}
      {!data && !overview.error ? <p className="loading">Loading the overview…</p> : null}
      {data ? (
        <>
          <DailyCounts days={data.days} />
          <div className="overview-grid">
            <DropOff overview={data} />
            <AreaAverages overview={data} />
          </div>
        </>
      ) : null}
    </>
  );
}

function DailyCounts({ days }: { days: readonly OverviewDay[] }) {
  const totals = Object.fromEntries(
    SERIES.map(({ key }) => [key, days.reduce((sum, day) => sum + day[key], 0)]),
  ) as Record<(typeof SERIES)[number]['key'], number>;
  return (
    <section className="card" aria-labelledby="daily-title">
      <figure className="chart-figure">
        <figcaption>
          <h2 id="daily-title">The last 30 days</h2>
          <p>Audits started and completed, PDF reports downloaded and results e-mailed, per day.</p>
        </figcaption>
        <div className="small-multiples">
          {SERIES.map((series) => (
            <div key={series.key}>
              <p className="small-chart__title">
                <span>{series.label}</span>
                <span>{totals[series.key].toLocaleString('en-GB')}</span>
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
        {/* Thirty rows: a box of their own that scrolls, so the other charts stay close. */}
        <div
          className="table-wrap table-wrap--tall"
          role="region"
          aria-labelledby="daily-table-caption"
          tabIndex={0}
        >
          <table className="data-table data-table--compact">
            <caption id="daily-table-caption">Counts per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="num">
                  Started
                </th>
                <th scope="col" className="num">
                  Completed
                </th>
                <th scope="col" className="num">
                  PDFs
                </th>
                <th scope="col" className="num">
                  E-mails
                </th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((day) => (
                <tr key={day.date}>
                  <th scope="row" className="nowrap">
                    {/* The weekday goes on a phone, where the five columns need the room. */}
                    <span className="weekday">{formatDay(day.date, 'weekday')} </span>
                    {formatDay(day.date, 'short')}
                  </th>
                  {SERIES.map(({ key }) => (
                    <td key={key} className="num">
                      {day[key]}
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
                    <strong>{totals[key]}</strong>
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      </figure>
    </section>
  );
}

function DropOff({ overview }: { overview: Overview }) {
  const started = overview.days.reduce((sum, day) => sum + day.started, 0);
  const completed = overview.days.reduce((sum, day) => sum + day.completed, 0);
  const steps = [
    { key: 'started', label: 'Started the audit', count: started },
    ...overview.sections.map((s) => ({
      key: `section-${s.section}`,
      label: `Section ${s.section}: ${s.title}`,
      count: s.reached,
    })),
    { key: 'completed', label: 'Completed', count: completed },
  ];
  const rows: BarRow[] = steps.map((step) => ({
    key: step.key,
    label: step.label,
    value: step.count,
    valueText: started > 0 ? `${step.count} · ${percentOf(step.count, started)}` : String(step.count),
    barClass: 'chart__bar--started',
  }));
  return (
    <section className="card" aria-labelledby="drop-off-title">
      <figure className="chart-figure">
        <figcaption>
          <h2 id="drop-off-title">Where visitors stop</h2>
          <p>How many of those who started reached each section of the audit, and how many finished it.</p>
        </figcaption>
        <LabelledBars rows={rows} max={Math.max(started, ...steps.map((s) => s.count))} />
        <div className="table-wrap" role="region" aria-labelledby="drop-off-caption" tabIndex={0}>
          <table className="data-table data-table--compact">
            <caption id="drop-off-caption">Visitors reaching each step, last 30 days</caption>
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col" className="num">
                  Visitors
                </th>
                <th scope="col" className="num">
                  Of those who started
                </th>
              </tr>
            </thead>
            <tbody>
              {steps.map((step) => (
                <tr key={step.key}>
                  <th scope="row">{step.label}</th>
                  <td className="num">{step.count}</td>
                  <td className="num">{percentOf(step.count, started)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </figure>
    </section>
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
          <p>
            From the results e-mailed in the last 30 days (
            {requests === 1 ? '1 request' : `${requests} requests`}), 0 to 100%.
          </p>
        </figcaption>
        <LabelledBars rows={rows} max={100} />
        <div className="table-wrap" role="region" aria-labelledby="areas-caption" tabIndex={0}>
          <table className="data-table data-table--compact">
            <caption id="areas-caption">Average score per area, last 30 days</caption>
            <thead>
              <tr>
                <th scope="col">Area</th>
                <th scope="col" className="num">
                  Average
                </th>
                <th scope="col" className="num">
                  Requests
                </th>
              </tr>
            </thead>
            <tbody>
              {overview.areaAverages.map((area) => (
                <tr key={area.areaId}>
                  <th scope="row">{area.title}</th>
                  <td className="num">{area.average === null ? '–' : `${area.average}%`}</td>
                  <td className="num">{area.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </figure>
    </section>
  );
}
