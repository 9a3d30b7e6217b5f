import {
  AREAS,
  LATER_RESULTS_NOTE,
  OVERALL_SERIES_TITLE,
  PROGRESS_HEADING,
  TAKEN_ON_HEADER,
  formatDay,
  progressChangeHeading,
  progressChangeText,
  progressChartsAlt,
  progressIntro,
  progressSeries,
  progressShownNote,
  scoreLabelBelow,
  type HistoryEntry,
  type ProgressSeries,
  type ResultHistory,
} from '../../core';
import { shareOf } from './bar-chart';
import type { ReportWriter } from './report-writer';
import { writeHeading } from './section-heading';
import { COLOURS, CONTENT_WIDTH, MARGIN, TYPE } from './theme';

/**
 * "Your progress": the chain of linked results this report's result belongs to (the latest 12),
 * on a page of its own after the summary. The change since the first in words, a small line chart
 * per series (overall, then each area) as one figure whose alternative text gives every figure, and
 * the same figures as a table with header cells. Written only when the report has a progress.
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

  const series = progressSeries(entries);
  writer.text('H3', progressChangeHeading(progress), TYPE.h3, { gapAfter: 6 });
  writer.list(
    series.map((one) => progressChangeText(one, entries)),
    { gap: 2 },
  );
  writer.y += 14;

  writer.figure(progressChartsAlt(entries), chartsHeight(series), (top) =>
    drawSmallMultiples(writer, top, series, entries),
  );
  writer.y += 14;

  writer.table(
    [
      // The areas' columns as wide as their longest word ("Regulations", "Management") needs.
      { header: TAKEN_ON_HEADER, share: 0.18 },
      { header: OVERALL_SERIES_TITLE, share: 0.1, align: 'right' },
      ...AREAS.map((area) => ({ header: area.title, share: 0.144, align: 'right' as const })),
    ],
    entries.map((entry, index) => [
      `${formatDay(entry.takenOn) ?? entry.takenOn}${index === entries.length - 1 ? ' (this result)' : ''}`,
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

function chartsHeight(series: readonly ProgressSeries[]): number {
  const rows = Math.ceil(series.length / COLUMNS);
  return rows * PANEL_HEIGHT + (rows - 1) * GAP_Y;
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
 * One series: its title, a line through a point per result (evenly spaced, oldest on the left),
 * the first and last scores beside their points, and the first and last days under the plot.
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
  const points = series.scores.map((score, index) => ({ x: xOf(index), y: yOf(score), score }));
  points.forEach((point, index) => {
    if (index === 0) doc.moveTo(point.x, point.y);
    else doc.lineTo(point.x, point.y);
  });
  doc.lineWidth(1.6).lineJoin('round').stroke(COLOURS.brand700);
  points.forEach((point, index) => {
    const last = index === count - 1;
    doc
      .circle(point.x, point.y, count > 8 ? 1.8 : 2.4)
      .lineWidth(1.2)
      .fillAndStroke(last ? COLOURS.brand700 : COLOURS.white, COLOURS.brand700);
  });
  const first = points[0];
  const last = points.at(-1);
  if (first && last) {
    drawValue(writer, first, points[1], 'start');
    drawValue(writer, last, points.at(-2), 'end');
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
function drawValue(
  writer: ReportWriter,
  point: { x: number; y: number; score: number },
  neighbour: { score: number } | undefined,
  anchor: 'start' | 'end',
): void {
  const style = { ...TYPE.chartValue, size: 8 };
  const text = `${point.score}%`;
  writer.useStyle(style);
  const width = writer.doc.widthOfString(text);
  const below = scoreLabelBelow(point.score, neighbour?.score);
  const top = below ? point.y + 4 : point.y - 13;
  const left = anchor === 'start' ? point.x - 2 : point.x + 2 - width;
  writer.doc.rect(left - 1, top, width + 2, 10).fill(COLOURS.white);
  writer.draw(text, style, left, top + 1, width + 1);
}

function dayText(entry: HistoryEntry | undefined): string {
  return entry ? (formatDay(entry.takenOn) ?? entry.takenOn) : '';
}
