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
 */
export function drawBarChart(writer: ReportWriter, top: number, bars: readonly Bar[]): void {
  const { doc } = writer;
  bars.forEach((bar, index) => {
    const rowTop = top + index * ROW_HEIGHT;
    const barTop = rowTop + (ROW_HEIGHT - BAR_HEIGHT) / 2;
    writer.draw(bar.label, TYPE.chartLabel, MARGIN, barTop - 1.5, LABEL_WIDTH - 10);
    doc.roundedRect(TRACK_X, barTop, TRACK_WIDTH, BAR_HEIGHT, BAR_HEIGHT / 2).fill(COLOURS.track);
    const filled = (TRACK_WIDTH * clamp(bar.score)) / 100;
    if (filled > 0) {
      // A rounded bar narrower than its corners draws badly, so a tiny score gets square ends.
      if (filled < BAR_HEIGHT) doc.rect(TRACK_X, barTop, filled, BAR_HEIGHT).fill(TONE_COLOURS[bar.tone]);
      else doc.roundedRect(TRACK_X, barTop, filled, BAR_HEIGHT, BAR_HEIGHT / 2).fill(TONE_COLOURS[bar.tone]);
    }
    if (bar.median !== undefined) {
      const x = TRACK_X + (TRACK_WIDTH * clamp(bar.median)) / 100;
      doc
        .moveTo(x, barTop - 4)
        .lineTo(x, barTop + BAR_HEIGHT + 4)
        .lineWidth(2)
        .stroke(COLOURS.brand900);
    }
    writer.draw(`${bar.score}%`, TYPE.chartValue, TRACK_X + TRACK_WIDTH, barTop - 1.5, VALUE_WIDTH, 'right');
  });
  if (bars.some((bar) => bar.median !== undefined)) {
    const legendTop = top + bars.length * ROW_HEIGHT + 6;
    doc
      .moveTo(TRACK_X, legendTop)
      .lineTo(TRACK_X, legendTop + 11)
      .lineWidth(2)
      .stroke(COLOURS.brand900);
    writer.draw('Median of providers like you', TYPE.aside, TRACK_X + 7, legendTop, TRACK_WIDTH);
  }
}

function clamp(score: number): number {
  return Math.min(Math.max(score, 0), 100);
}
