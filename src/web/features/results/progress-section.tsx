import { useId } from 'react';
import {
  AREAS,
  LATER_RESULTS_NOTE,
  PROGRESS_HEADING,
  PROGRESS_TABLE_CAPTION,
  TAKEN_ON_HEADER,
  OVERALL_SERIES_TITLE,
  OWN_RESULTS_LEGEND,
  TEAM_AUDIT_LEGEND,
  formatDay,
  labelledPoints,
  ownResultIndex,
  ownResultsToCompare,
  progressChange,
  progressChangeHeading,
  progressIntro,
  progressSeries,
  progressShownNote,
  scoreLabelBelow,
  seriesChartAlt,
  teamAuditLabel,
  teamClosedNote,
  type HistoryEntry,
  type LabelledPoint,
  type ProgressSeries,
  type ResultHistory,
} from '../../../core';
import { ScrollRegion } from '../../ui/scroll-region';
import { StatementsSince, type StatementsSinceProps } from './statements-since';

/**
 * "Your progress" on the private results page: every linked result of the chain this one belongs
 * to (the latest 12), as the change since the first, a small chart per area and overall, and the
 * same figures as a table. Loaded only for a result with a history (progress-over-time.tsx).
 * A closed team audit in the chain is a diamond off the line of her own results, named in the
 * table, and left out of the change, which compares her own results (decision 0072).
 */
export function ProgressSection({
  history,
  statements,
}: {
  history: ResultHistory;
  /** The answers of the result before and of this one, to compare statement by statement. */
  statements?: StatementsSinceProps;
}) {
  const { entries } = history;
  const series = progressSeries(entries);
  const shownNote = progressShownNote(history);
  const own = ownResultsToCompare(entries);
  const withTeam = entries.some((entry) => entry.team);
  return (
    <section className="card progress-over-time" aria-labelledby="progress-title">
      <h2 id="progress-title">{PROGRESS_HEADING}</h2>
      <p>{progressIntro(history)}</p>
      {shownNote ? <p className="progress-over-time__note">{shownNote}</p> : null}
      {history.laterResults ? <p className="progress-over-time__note">{LATER_RESULTS_NOTE}</p> : null}

      {own ? (
        <>
          <h3>{progressChangeHeading(history)}</h3>
          <ChangeList series={progressSeries(own)} entries={own} />
        </>
      ) : null}
      {statements ? <StatementsSince {...statements} /> : null}

      {withTeam ? <ChartKey /> : null}
      <ul className="progress-charts">
        {series.map((one) => (
          <li key={one.id} className="progress-chart">
            <h3 className="progress-chart__title">{one.title}</h3>
            <SeriesChart series={one} entries={entries} />
          </li>
        ))}
      </ul>

      <ProgressTable entries={entries} thisResult={ownResultIndex(history)} />
    </section>
  );
}

/**
 * What the charts' two marks are, shown when a team audit is among the results. The marks are
 * drawn for the eye; the words beside them say it, as each chart's name does for its figures.
 */
function ChartKey() {
  return (
    <ul className="progress-key">
      <li>
        <svg className="progress-key__mark" viewBox="0 0 24 12" aria-hidden="true">
          <line className="progress-chart__line" x1="0" x2="24" y1="6" y2="6" />
          <circle className="progress-chart__point" cx="12" cy="6" r="4" />
        </svg>
        {OWN_RESULTS_LEGEND}
      </li>
      <li>
        <svg className="progress-key__mark" viewBox="0 0 24 12" aria-hidden="true">
          <polygon className="progress-chart__team" points={diamond(12, 6, 6)} />
        </svg>
        {TEAM_AUDIT_LEGEND}
      </li>
    </ul>
  );
}

/** A diamond's corners around (x, y): a team audit's mark, unlike the line's round points. */
function diamond(x: number, y: number, radius: number): string {
  return `${x},${y - radius} ${x + radius},${y} ${x},${y + radius} ${x - radius},${y}`;
}

/** Each series' first and last score and the change between them, its direction in words. */
function ChangeList({
  series,
  entries,
}: {
  series: readonly ProgressSeries[];
  entries: readonly HistoryEntry[];
}) {
  return (
    <ul className="progress-changes">
      {series.map((one) => {
        const { title, scores, amount, points } = progressChange(one, entries);
        const direction = points > 0 ? 'up' : points < 0 ? 'down' : 'same';
        return (
          <li key={one.id} className="progress-changes__item">
            <span className="progress-changes__title">{title}</span>{' '}
            <span className="progress-changes__scores">{scores}</span>{' '}
            <span className={`progress-changes__amount progress-changes__amount--${direction}`}>
              {amount}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

// The chart's own units: the SVG scales to its box, and its text with it (about 1:1 at 390 px).
const WIDTH = 300;
const HEIGHT = 156;
const PLOT = { left: 30, right: WIDTH - 14, top: 14, bottom: HEIGHT - 30 } as const;
/** The lines across the plot: its ends and where the ratings change (40, 60, 80). */
const GRID = [0, 40, 60, 80, 100] as const;

const yOf = (score: number) =>
  PLOT.bottom - (Math.min(Math.max(score, 0), 100) / 100) * (PLOT.bottom - PLOT.top);
/** The results are spaced evenly, oldest on the left: the table gives each one's day. */
const xOf = (index: number, count: number) =>
  count < 2 ? (PLOT.left + PLOT.right) / 2 : PLOT.left + (index / (count - 1)) * (PLOT.right - PLOT.left);

/**
 * One series as a line over the results, on a scale of 0–100 marked where the ratings change. The
 * first and last scores and days are printed on it; its accessible name says every figure.
 */
function SeriesChart({ series, entries }: { series: ProgressSeries; entries: readonly HistoryEntry[] }) {
  const count = series.scores.length;
  const points = series.scores.map((score, index) => ({
    x: xOf(index, count),
    y: yOf(score),
    score,
    team: entries[index]?.team !== undefined,
  }));
  // The line joins her own results only: a team audit is another source, not a step along it.
  const own = points.filter((point) => !point.team);
  const radius = count > 8 ? 3 : 4;
  // The first and last days in full: a chain can cross a new year, and the table gives the rest.
  const firstDay = dayText(entries[0]);
  const lastDay = dayText(entries.at(-1));
  return (
    <svg
      className="progress-chart__svg"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={seriesChartAlt(series, entries)}
    >
      {GRID.map((line) => (
        <g key={line} className="progress-chart__grid">
          <line x1={PLOT.left} x2={PLOT.right} y1={yOf(line)} y2={yOf(line)} />
          <text x={PLOT.left - 6} y={yOf(line)} dy="0.35em" textAnchor="end">
            {line}
          </text>
        </g>
      ))}
      {own.length > 1 ? (
        <polyline className="progress-chart__line" points={own.map((p) => `${p.x},${p.y}`).join(' ')} />
      ) : null}
      {own.map((point, index) => (
        <circle
          key={`own-${point.x}`}
          className={
            // The last of her own is this result (a team audit opened from it may follow).
            index === own.length - 1
              ? 'progress-chart__point progress-chart__point--last'
              : 'progress-chart__point'
          }
          cx={point.x}
          cy={point.y}
          r={radius}
        />
      ))}
      {points
        .filter((point) => point.team)
        .map((point) => (
          <polygon
            key={`team-${point.x}`}
            className="progress-chart__team"
            points={diamond(point.x, point.y, radius + 3)}
          />
        ))}
      {labelledPoints(series, entries).map((label) => (
        <ValueLabel key={label.anchor} point={points[label.index]!} label={label} />
      ))}
      {points.length > 0 ? (
        <>
          <text className="progress-chart__day" x={PLOT.left} y={HEIGHT - 8} textAnchor="start">
            {firstDay}
          </text>
          <text className="progress-chart__day" x={PLOT.right} y={HEIGHT - 8} textAnchor="end">
            {lastDay}
          </text>
        </>
      ) : null}
    </svg>
  );
}

/** A score printed beside its point, on the side its line leaves free (scoreLabelBelow), with a halo. */
function ValueLabel({ point, label }: { point: { x: number; y: number }; label: LabelledPoint }) {
  const below = scoreLabelBelow(label.score, label.neighbour);
  return (
    <text
      className="progress-chart__value"
      x={label.anchor === 'start' ? point.x - 2 : point.x + 2}
      y={below ? point.y + 18 : point.y - 9}
      textAnchor={label.anchor}
    >
      {label.score}%
    </text>
  );
}

/**
 * The charts' figures as a table: a row per result (its day names the row), a column per series.
 * Seven columns are wider than a phone, so the table scrolls in a region a keyboard can reach,
 * which says so while it hides columns.
 */
function ProgressTable({ entries, thisResult }: { entries: readonly HistoryEntry[]; thisResult: number }) {
  const headingId = useId();
  // The heading stays put while the table scrolls under it; the caption names the table itself.
  return (
    <>
      <h3 id={headingId} className="progress-table__heading">
        {PROGRESS_TABLE_CAPTION}
      </h3>
      <ScrollRegion labelledBy={headingId}>
        <table className="progress-table">
          <caption className="visually-hidden">{PROGRESS_TABLE_CAPTION}</caption>
          <thead>
            <tr>
              <th scope="col">{TAKEN_ON_HEADER}</th>
              <th scope="col" className="num">
                {OVERALL_SERIES_TITLE}
              </th>
              {AREAS.map((area) => (
                <th key={area.id} scope="col" className="num">
                  {area.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {entries.map((entry, index) => (
              <tr key={index}>
                <th scope="row">
                  <RowName entry={entry} thisResult={index === thisResult} />
                </th>
                <td className="num">{entry.overall}%</td>
                {AREAS.map((area) => (
                  <td key={area.id} className="num">
                    {entry.scores[area.id]}%
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}

/**
 * A row's name: its day, "(this result)" under the result itself; or for a team audit its name,
 * "Team audit, 12 respondents", and under it the day it closed, which places it in the chain.
 */
function RowName({ entry, thisResult }: { entry: HistoryEntry; thisResult: boolean }) {
  const day = formatDay(entry.takenOn, 'short-date') ?? entry.takenOn;
  if (entry.team)
    return (
      <>
        {/* The count and "respondents" kept together: the narrow row name breaks before them. */}
        <span className="progress-table__team">
          {teamAuditLabel(entry.team).replace(/ (?=respondents$)/, '\u00a0')}
        </span>{' '}
        <time dateTime={entry.takenOn} className="progress-table__this">
          {teamClosedNote(day)}
        </time>
      </>
    );
  return (
    <>
      <time dateTime={entry.takenOn} className="progress-table__day">
        {day}
      </time>
      {thisResult ? <span className="progress-table__this"> (this result)</span> : null}
    </>
  );
}

function dayText(entry: HistoryEntry | undefined): string {
  return entry ? (formatDay(entry.takenOn) ?? entry.takenOn) : '';
}
