import type { ReportWriter } from './report-writer';
import { COLOURS, CONTENT_WIDTH, TYPE } from './theme';

/**
 * A section's heading (H2) with a rule under it, recorded for the cover's contents. `keepWithNext` is how much of the section must fit
 * below it on the same page, so a heading never ends a page on its own.
 */
export function writeHeading(writer: ReportWriter, text: string, keepWithNext = 100): void {
  writer.keepSpace(writer.measure(text, TYPE.h2, CONTENT_WIDTH) + keepWithNext);
  // Every section starts here, so the contents learn of a new one without being told.
  writer.sections.push({ heading: text, page: writer.pageNumber });
  writer.text('H2', text, TYPE.h2, { gapAfter: 6 });
  writer.rule(writer.y, { width: 48, colour: COLOURS.accent700, lineWidth: 2.5 });
  writer.y += 14;
}
