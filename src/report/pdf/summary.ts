import { comparedWithLabel, comparisonIntro, type Report } from '../../core';
import { barChartHeight, drawBarChart, type Bar } from './bar-chart';
import {
  METHOD_CAVEAT,
  METHOD_HEADING,
  METHOD_PARAGRAPHS,
  SUMMARY_HEADING,
  areaChartAlt,
  bandItems,
  medianLegend,
  summarySentence,
} from './pdf-words';
import type { ReportWriter } from './report-writer';
import { writeHeading } from './section-heading';
import { CONTENT_WIDTH, TYPE } from './theme';

/** One page: the result in a sentence, a chart of the five areas and the same figures as a table. */
export function writeSummary(writer: ReportWriter, report: Report): void {
  writer.newPage();
  writeHeading(writer, SUMMARY_HEADING);
  writer.text('P', summarySentence(report), TYPE.lead, { gapAfter: 14 });

  const bars: Bar[] = report.areas.map((area) => ({
    label: area.title,
    score: area.score,
    tone: area.tone,
    ...(area.comparison ? { median: area.comparison.median } : {}),
  }));
  // Every area is compared on the same basis: the segment's figures, or all providers'.
  const basis = report.areas.find((area) => area.comparison)?.comparison?.basis;
  const legend = basis ? medianLegend(basis) : undefined;
  writer.figure(areaChartAlt(report), barChartHeight(bars), (top) => drawBarChart(writer, top, bars, legend));
  writer.y += 12;

  const benchmarked = basis !== undefined;
  writer.table(
    [
      { header: 'Area', share: benchmarked ? 0.38 : 0.5 },
      { header: 'Score', share: benchmarked ? 0.12 : 0.2, align: 'right' },
      { header: 'Rating', share: benchmarked ? 0.2 : 0.3 },
      ...(benchmarked ? [{ header: comparedWithLabel(basis), share: 0.3 }] : []),
    ],
    report.areas.map((area) => [
      area.title,
      `${area.score}%`,
      area.rating,
      ...(benchmarked
        ? [area.comparison ? `median ${area.comparison.median}% · ${area.comparison.positionLabel}` : '–']
        : []),
    ]),
    { rowHeaders: true },
  );
  writer.y += 10;
  const comparison = comparisonIntro(report.comparison);
  if (comparison) writer.text('P', comparison, TYPE.aside, { gapAfter: 6 });
}

/** How the scores are worked out and what the three advice bands mean. */
export function writeMethod(writer: ReportWriter): void {
  writer.y += 16;
  writeHeading(writer, METHOD_HEADING, 150);
  for (const paragraph of METHOD_PARAGRAPHS) writer.text('P', paragraph, TYPE.body, { gapAfter: 8 });
  const list = writer.element('L');
  const labelWidth = 84;
  for (const band of bandItems()) {
    writer.listItem(
      list,
      { text: band.label, style: TYPE.strong, width: labelWidth },
      (x, top, width) => writer.draw(band.text, TYPE.body, x, top, width),
      writer.measure(band.text, TYPE.body, CONTENT_WIDTH - labelWidth),
    );
    writer.y += 4;
  }
  list.end();
  writer.y += 6;
  writer.text('P', METHOD_CAVEAT, TYPE.aside);
}
