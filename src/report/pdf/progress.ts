import {
  AREAS,
  LATER_RESULTS_NOTE,
  OVERALL_SERIES_TITLE,
  OWN_RESULTS_LEGEND,
  PROGRESS_HEADING,
  TAKEN_ON_HEADER,
  TEAM_AUDIT_LEGEND,
  formatDay,
  labelledPoints,
  ownResultIndex,
  ownResultsToCompare,
  progressChangeHeading,
  progressChangeText,
  progressChartsAlt,
  progressIntro,
  progressSeries,
  progressShownNote,
  scoreLabelBelow,
  teamAuditLabel,
  teamClosedNote,
  type HistoryEntry,
  type LabelledPoint,
  type ProgressSeries,
  type ResultHistory,
} from '../../core';
import { shareOf } from './bar-chart';
import { drawOwnMark, drawTeamMark } from './marks';
import type { ReportWriter } from './report-writer';
import { writeHeading } from './section-heading';
import { COLOURS, CONTENT_WIDTH, MARGIN, TYPE } from './theme';

/**
 * "Your progress": the chain of linked results this report's result belongs to (the latest 12),
 * on a page of its own after the summary. The change since the first in words, a small line chart
 * per series (overall, then each area) as one figure whose alternative text gives every figure, and
 * the same figures as a table with header cells. Written only when the report has a progress.
 * A closed team audit in the chain is a mark of its own off the line, named in the table, and left
 * out of the change, which compares the manager's own results (decision 0072).
 */
export function writeProgress(writer: ReportWriter, progress: ResultHistory): void {
  const { entries } = progress;
  writer.newPage();
  writeHeading(writer, PROGRESS_HEADING);
  writer.text('P', progressIntro(progress), TYPE.body, { gapAfter: 6 });
  const shownNote = progressShownNote(progress);
  if (shownNote) writer.text('P', shownNote, TYPE.aside, { gapAfter: 4 });
  if (progress.laterResults) writer.text('P', LATER_RESULTS_NOTE, TYPE.aside, { gapAfter: 4 });
  writer.y += 8;

  const own = ownResultsToCompare(entries);
  if (own) {
    writer.text('H3', progressChangeHeading(progress), TYPE.h3, { gapAfter: 6 });
    writer.list(
      progressSeries(own).map((one) => progressChangeText(one, own)),
      { gap: 2 },
    );
    writer.y += 14;
  }

  const series = progressSeries(entries);
  const withTeam = entries.some((entry) => entry.team);
  writer.figure(progressChartsAlt(entries), chartsHeight(series, withTeam), (top) => {
    drawSmallMultiples(writer, top, series, entries);
    if (withTeam) drawLegend(writer, top + chartsHeight(series, false) + LEGEND_GAP);
  });
  writer.y += 14;

  const thisResult = ownResultIndex(progress);
  writer.table(
    [
      // The areas' columns as wide as their longest word ("Regulations", "Management") needs.
      { header: TAKEN_ON_HEADER, share: 0.18 },
      { header: OVERALL_SERIES_TITLE, share: 0.1, align: 'right' },
      ...AREAS.map((area) => ({ header: area.title, share: 0.144, align: 'right' as const })),
    ],
    entries.map((entry, index) => [
      rowName(entry, index === thisResult),
      `${entry.overall}%`,
      ...AREAS.map((area) => `${entry.scores[area.id]}%`),
    ]),
    { rowHeaders: true },
  );
}

const COLUMNS = 3;
const GAP_X = 18;
const GAP_Y = 14;
const PANEL_WIDTH = (CONTENT_WIDTH - (COLUMNS - 1) * GAP_X) / COLUMNS;
const TITLE_HEIGHT = 16;
const AXIS_WIDTH = 22;
const PLOT_HEIGHT = 64;
const DAY_HEIGHT = 14;
const PANEL_HEIGHT = TITLE_HEIGHT + 8 + PLOT_HEIGHT + 4 + DAY_HEIGHT;
/** Where the ratings change, and the ends of the scale: the lines across each plot. */
const GRID = [0, 40, 60, 80, 100] as const;

const LEGEND_GAP = 10;
const LEGEND_HEIGHT = 12;

/** The charts' height, with the key to their marks under them when a team audit is among the results. */
function chartsHeight(series: readonly ProgressSeries[], withLegend: boolean): number {
  const rows = Math.ceil(series.length / COLUMNS);
  return rows * PANEL_HEIGHT + (rows - 1) * GAP_Y + (withLegend ? LEGEND_GAP + LEGEND_HEIGHT : 0);
}

/** "22 November 2026 (this result)", or "Team audit, 12 respondents (closed 2 November 2026)". */
function rowName(entry: HistoryEntry, thisResult: boolean): string {
  const day = formatDay(entry.takenOn) ?? entry.takenOn;
  if (entry.team) return `${teamAuditLabel(entry.team)} ${teamClosedNote(day)}`;
  return thisResult ? `${day} (this result)` : day;
}

/** The key under the charts: a dot on a line for the manager's own results, a diamond for a team audit. */
function drawLegend(writer: ReportWriter, top: number): void {
  const { doc } = writer;
  const style = TYPE.aside;
  const middle = top + 5;
  let x = MARGIN;
  doc
    .moveTo(x, middle)
    .lineTo(x + 18, middle)
    .lineWidth(1.6)
    .stroke(COLOURS.brand700);
  drawOwnMark(doc, x + 9, middle, 2.4, false);
  x += 24;
  writer.useStyle(style);
  const ownWidth = doc.widthOfString(OWN_RESULTS_LEGEND);
  writer.draw(OWN_RESULTS_LEGEND, style, x, top, ownWidth + 1);
  x += ownWidth + 20;
  drawTeamMark(doc, x + 4, middle, 4);
  writer.draw(TEAM_AUDIT_LEGEND, style, x + 12, top, CONTENT_WIDTH - (x + 12 - MARGIN));
}

/** The charts in a grid of three: each series its own panel, on the same scale of 0–100. */
function drawSmallMultiples(
  writer: ReportWriter,
  top: number,
  series: readonly ProgressSeries[],
  entries: readonly HistoryEntry[],
): void {
  series.forEach((one, index) => {
    const column = index % COLUMNS;
    const row = Math.floor(index / COLUMNS);
    drawPanel(
      writer,
      { x: MARGIN + column * (PANEL_WIDTH + GAP_X), y: top + row * (PANEL_HEIGHT + GAP_Y) },
      one,
      entries,
    );
  });
}

/**
 * One series: its title, a line through a point per own result and a diamond per team audit (all
 * evenly spaced, oldest on the left), the scores of the line's ends beside their points, and the
 * first and last days under the plot.
 */
function drawPanel(
  writer: ReportWriter,
  at: { x: number; y: number },
  series: ProgressSeries,
  entries: readonly HistoryEntry[],
): void {
  const { doc } = writer;
  writer.draw(series.title, TYPE.chartValue, at.x, at.y, PANEL_WIDTH);
  const plot = {
    left: at.x + AXIS_WIDTH,
    right: at.x + PANEL_WIDTH - 4,
    top: at.y + TITLE_HEIGHT + 8,
    bottom: at.y + TITLE_HEIGHT + 8 + PLOT_HEIGHT,
  };
  const yOf = (score: number) => plot.bottom - shareOf(score) * PLOT_HEIGHT;
  const count = series.scores.length;
  const xOf = (index: number) =>
    count < 2 ? (plot.left + plot.right) / 2 : plot.left + (index / (count - 1)) * (plot.right - plot.left);
  const axis = { ...TYPE.aside, size: 7 };
  for (const line of GRID) {
    doc.moveTo(plot.left, yOf(line)).lineTo(plot.right, yOf(line)).lineWidth(0.5).stroke(COLOURS.track);
    writer.draw(String(line), axis, at.x, yOf(line) - 3.5, AXIS_WIDTH - 4, 'right');
  }
  const points = series.scores.map((score, index) => ({
    x: xOf(index),
    y: yOf(score),
    score,
    team: entries[index]?.team !== undefined,
  }));
  // The line joins the manager's own results only: a team audit is another source, not a step.
  const own = points.filter((point) => !point.team);
  if (own.length > 1) {
    own.forEach((point, index) => {
      if (index === 0) doc.moveTo(point.x, point.y);
      else doc.lineTo(point.x, point.y);
    });
    doc.lineWidth(1.6).lineJoin('round').stroke(COLOURS.brand700);
  }
  const radius = count > 8 ? 1.8 : 2.4;
  // The last of her own is this result (a team audit opened from it may follow).
  own.forEach((point, index) => drawOwnMark(doc, point.x, point.y, radius, index === own.length - 1));
  for (const point of points) if (point.team) drawTeamMark(doc, point.x, point.y, radius + 1.6);
  for (const label of labelledPoints(series, entries)) drawValue(writer, points[label.index]!, label);
  if (points.length > 0) {
    const day = { ...TYPE.aside, size: 7 };
    const dayY = plot.bottom + 5;
    const half = (plot.right - plot.left) / 2;
    writer.draw(dayText(entries[0]), day, plot.left, dayY, half);
    writer.draw(dayText(entries.at(-1)), day, plot.right - half, dayY, half, 'right');
  }
}

/**
 * A score beside its point, on the side its line leaves free (scoreLabelBelow), on a white ground
 * so a line under it cannot hide it. The first point's score reads rightwards from it, the last one's leftwards.
 */
function drawValue(writer: ReportWriter, point: { x: number; y: number }, label: LabelledPoint): void {
  const { score, neighbour, anchor } = label;
  const style = { ...TYPE.chartValue, size: 8 };
  const text = `${score}%`;
  writer.useStyle(style);
  const width = writer.doc.widthOfString(text);
  const below = scoreLabelBelow(score, neighbour);
  const top = below ? point.y + 4 : point.y - 13;
  const left = anchor === 'start' ? point.x - 2 : point.x + 2 - width;
  writer.doc.rect(left - 1, top, width + 2, 10).fill(COLOURS.white);
  writer.draw(text, style, left, top + 1, width + 1);
}

function dayText(entry: HistoryEntry | undefined): string {
  return entry ? (formatDay(entry.takenOn) ?? entry.takenOn) : '';
}
