import type { Tone } from '../../core';
import type { ReportWriter } from './report-writer';
import { COLOURS, CONTENT_WIDTH, MARGIN, TONE_COLOURS, TYPE } from './theme';

export interface Bar {
  label: string;
  /** 0–100 */
  score: number;
  tone: Tone;
  /** Shown as a tick on the track: the median of other providers. */
  median?: number;
}

const ROW_HEIGHT = 26;
const BAR_HEIGHT = 9;
const LABEL_WIDTH = 150;
const VALUE_WIDTH = 40;
const TRACK_X = MARGIN + LABEL_WIDTH;
const TRACK_WIDTH = CONTENT_WIDTH - LABEL_WIDTH - VALUE_WIDTH;
const LEGEND_HEIGHT = 20;

/** The height `barChart` takes for these bars. */
export function barChartHeight(bars: readonly Bar[]): number {
  return bars.length * ROW_HEIGHT + (bars.some((bar) => bar.median !== undefined) ? LEGEND_HEIGHT : 0) + 6;
}

/**
 * A horizontal bar per score, with its label and percentage, on a track marked at 0, 40, 60 and 80
 * (where the ratings change). Drawn inside a Figure, so it reaches a screen reader as its
 * alternative text; the tone colour is never the only carrier, as the percentage is printed.
 * `medianLegend` says whose median the ticks mark ("Median of all providers"): only the caller knows.
 */
export function drawBarChart(
  writer: ReportWriter,
  top: number,
  bars: readonly Bar[],
  medianLegend?: string,
): void {
  const { doc } = writer;
  bars.forEach((bar, index) => {
    const rowTop = top + index * ROW_HEIGHT;
    const barTop = rowTop + (ROW_HEIGHT - BAR_HEIGHT) / 2;
    writer.draw(bar.label, TYPE.chartLabel, MARGIN, barTop - 1.5, LABEL_WIDTH - 10);
    drawScoreBar(doc, { x: TRACK_X, y: barTop, width: TRACK_WIDTH, height: BAR_HEIGHT }, bar.score, bar.tone);
    if (bar.median !== undefined) {
      const x = TRACK_X + TRACK_WIDTH * shareOf(bar.median);
      doc
        .moveTo(x, barTop - 4)
        .lineTo(x, barTop + BAR_HEIGHT + 4)
        .lineWidth(2)
        .stroke(COLOURS.brand900);
    }
    writer.draw(`${bar.score}%`, TYPE.chartValue, TRACK_X + TRACK_WIDTH, barTop - 1.5, VALUE_WIDTH, 'right');
  });
  if (medianLegend !== undefined && bars.some((bar) => bar.median !== undefined)) {
    const legendTop = top + bars.length * ROW_HEIGHT + 6;
    doc
      .moveTo(TRACK_X, legendTop)
      .lineTo(TRACK_X, legendTop + 11)
      .lineWidth(2)
      .stroke(COLOURS.brand900);
    writer.draw(medianLegend, TYPE.aside, TRACK_X + 7, legendTop, TRACK_WIDTH);
  }
}

/** A percentage as a share of the whole, 0–1 (a score outside 0–100 is drawn at the nearer end). */
export function shareOf(score: number): number {
  return Math.min(Math.max(score, 0), 100) / 100;
}

/** A rounded track with the score's share filled in its tone's colour. */
export function drawScoreBar(
  doc: PDFKit.PDFDocument,
  box: { x: number; y: number; width: number; height: number },
  score: number,
  tone: Tone,
): void {
  const { x, y, width, height } = box;
  doc.roundedRect(x, y, width, height, height / 2).fill(COLOURS.track);
  const filled = width * shareOf(score);
  if (filled <= 0) return;
  // A rounded bar narrower than its corners draws badly, so a tiny score gets square ends.
  if (filled < height) doc.rect(x, y, filled, height).fill(TONE_COLOURS[tone]);
  else doc.roundedRect(x, y, filled, height, height / 2).fill(TONE_COLOURS[tone]);
}
