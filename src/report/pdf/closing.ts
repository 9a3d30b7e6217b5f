import type { Report } from '../../core';
import type { ReportContact } from './contact';
import {
  APPENDIX_HEADING,
  APPENDIX_INTRO,
  BOOKING_PROMPT,
  CLOSING_LINE,
  NEXT_STEPS_HEADING,
  POSTAL_ADDRESS,
  RUNNING_FOOTER,
  WEBSITE_PROMPT,
  WRITE_TO_US,
  nextStepsIntro,
  ratingCell,
} from './pdf-words';
import type { ReportWriter } from './report-writer';
import { writeHeading } from './section-heading';
import { CONTENT_WIDTH, FOOTER_Y, MARGIN, TYPE } from './theme';

/**
 * How to take this further: the booking link, the e-mail address, the postal and web addresses,
 * introduced as the roadmap is (a plan to sustain offers no "put in place first").
 */
export function writeNextSteps(writer: ReportWriter, report: Report, contact: ReportContact): void {
  writer.y += 18;
  // The section is kept whole below its heading. A booking link filled in with the visitor's name
  // and address (booking-link.ts) can wrap over several lines: the lines past the first count too.
  const bookingLines = writer.measure(contact.bookingUrl, TYPE.link, CONTENT_WIDTH);
  const oneLine = writer.measure('x', TYPE.link, CONTENT_WIDTH);
  writeHeading(writer, NEXT_STEPS_HEADING, 170 + bookingLines - oneLine);
  writer.text('P', nextStepsIntro(report.roadmap.kind), TYPE.lead, { gapAfter: 10 });
  writer.text('P', BOOKING_PROMPT, TYPE.strong, { gapAfter: 1 });
  writer.link(contact.bookingUrl, contact.bookingUrl, `${BOOKING_PROMPT} ${contact.bookingUrl}`, {
    gapAfter: 10,
  });
  writer.text('P', WRITE_TO_US, TYPE.strong, { gapAfter: 1 });
  writer.link(contact.contactEmail, `mailto:${contact.contactEmail}`, `E-mail ${contact.contactEmail}`, {
    gapAfter: 10,
  });
  writer.text('P', WEBSITE_PROMPT, TYPE.strong, { gapAfter: 1 });
  writer.link(contact.webAddress, contact.webAddress, `Care Audit’s website: ${contact.webAddress}`, {
    gapAfter: 10,
  });
  writer.text('P', POSTAL_ADDRESS, TYPE.body);
}

/** Every statement and the rating given, area by area, each as a small table. */
export function writeAppendix(writer: ReportWriter, report: Report): void {
  writer.newPage();
  writeHeading(writer, APPENDIX_HEADING);
  writer.text('P', APPENDIX_INTRO, TYPE.body, { gapAfter: 12 });
  for (const area of report.answers) {
    writer.keepSpace(150);
    writer.text('H3', area.title, TYPE.h3, { gapAfter: 6 });
    writer.table(
      [
        { header: 'Statement', share: 0.8 },
        { header: 'Your rating', share: 0.2 },
      ],
      area.statements.map((statement) => [statement.text, ratingCell(statement.rating)]),
      { rowHeaders: false },
    );
    writer.y += 16;
  }
}

/** The spec's closing line, centred under a rule at the end of the report. */
export function writeClosingLine(writer: ReportWriter): void {
  writer.keepSpace(40);
  writer.rule(writer.y + 4);
  writer.y += 16;
  writer.text('P', CLOSING_LINE, TYPE.closing, { align: 'center' });
}

/** "Page N of M" and the running footer on every page but the cover, once M is known. */
export function writeFooters(writer: ReportWriter): void {
  const { doc } = writer;
  const { start, count } = doc.bufferedPageRange();
  for (let index = start + 1; index < start + count; index++) {
    doc.switchToPage(index);
    writer.rule(FOOTER_Y - 8);
    writer.artifact(() => {
      writer.draw(RUNNING_FOOTER, TYPE.footer, MARGIN, FOOTER_Y, CONTENT_WIDTH / 2);
      const pageLabel = `Page ${index - start + 1} of ${count}`;
      writer.draw(pageLabel, TYPE.footer, MARGIN + CONTENT_WIDTH / 2, FOOTER_Y, CONTENT_WIDTH / 2, 'right');
    }, 'Pagination');
  }
}
