import { formatDay, overallChangeText, type Report } from '../../core';
import { shareOf } from './bar-chart';
import { CONTENTS_HEADING, POSTAL_ADDRESS, REPORT_TITLE, contentsEntry } from './pdf-words';
import type { ReportWriter, WrittenSection } from './report-writer';
import { COLOURS, CONTENT_WIDTH, LIST_INDENT, MARGIN, PAGE, TONE_COLOURS, TYPE } from './theme';

const BAND_HEIGHT = 330;
const RING = { x: MARGIN + 62, y: BAND_HEIGHT + 112, radius: 54, width: 13 };
const SCORE_TEXT_X = MARGIN + 150;

/**
 * The cover: the title and date on the brand colour, the overall score and rating, then "In this
 * report": every section the document has, with its page (`contents`, what a first pass of the same
 * document wrote; none in that first pass, as the cover is a page of its own either way).
 */
export function writeCover(
  writer: ReportWriter,
  report: Report,
  webAddress: string,
  contents: readonly WrittenSection[],
): void {
  const { doc } = writer;
  writer.artifact(() => {
    doc.rect(0, 0, PAGE.width, BAND_HEIGHT).fill(COLOURS.brand900);
    doc.rect(0, BAND_HEIGHT, PAGE.width, 6).fill(COLOURS.accent700);
    writer.draw('CARE AUDIT', { ...TYPE.coverDate, font: 'semibold', size: 11 }, MARGIN, 72, CONTENT_WIDTH);
  });

  writer.y = 132;
  writer.text('H1', REPORT_TITLE, TYPE.coverTitle, { width: CONTENT_WIDTH * 0.8, gapAfter: 14 });
  writer.text('P', `Generated: ${formatDay(report.generatedAt)}`, TYPE.coverDate);

  drawScoreRing(writer, report.overall.score, TONE_COLOURS[report.overall.tone]);
  writer.y = RING.y - 40;
  const width = CONTENT_WIDTH - (SCORE_TEXT_X - MARGIN);
  const at = { x: SCORE_TEXT_X, width };
  writer.text('P', `Overall Score: ${report.overall.score}%`, TYPE.coverScore, { ...at, gapAfter: 6 });
  writer.text('P', `Assessment: ${report.overall.rating}`, TYPE.coverRating, { ...at, gapAfter: 6 });
  const change = overallChangeText(report);
  if (change) writer.text('P', change, TYPE.aside, at);

  if (contents.length > 0) {
    // Below the ring, or higher when every page is listed (progress, team's view and action plan
    // together make eleven lines), so the list always ends clear of the address.
    writer.y = Math.min(RING.y + RING.radius + 56, ADDRESS_Y - 16 - contentsHeight(writer, contents));
    writeContents(writer, contents);
  }

  writer.y = ADDRESS_Y;
  writer.text('P', `${POSTAL_ADDRESS} · ${webAddress}`, TYPE.aside);
}

const ADDRESS_Y = PAGE.height - 96;
const PAGE_NUMBER_WIDTH = 60;
const CONTENTS_GAP = 8;
const ITEM_GAP = 1;

/** The height "In this report" takes: its heading, then a line (or more) per section. */
function contentsHeight(writer: ReportWriter, contents: readonly WrittenSection[]): number {
  return contents.reduce(
    (sum, section) => sum + itemHeight(writer, contentsEntry(section).heading) + ITEM_GAP,
    writer.measure(CONTENTS_HEADING, TYPE.h3, CONTENT_WIDTH) + CONTENTS_GAP,
  );
}

function itemHeight(writer: ReportWriter, heading: string): number {
  return writer.measure(heading, TYPE.body, CONTENT_WIDTH - LIST_INDENT - PAGE_NUMBER_WIDTH);
}

/** "In this report": one list item per section, its heading and, on the right, its page. */
function writeContents(writer: ReportWriter, contents: readonly WrittenSection[]): void {
  writer.text('P', CONTENTS_HEADING, TYPE.h3, { gapAfter: CONTENTS_GAP });
  const list = writer.element('L');
  const pageWidth = PAGE_NUMBER_WIDTH;
  for (const section of contents) {
    const { heading, page } = contentsEntry(section);
    const height = itemHeight(writer, heading);
    writer.listItem(
      list,
      { text: '•', style: { ...TYPE.body, colour: COLOURS.brand700 } },
      (x, top, width) => {
        const drawn = writer.draw(heading, TYPE.body, x, top, width - pageWidth);
        writer.draw(
          page,
          { ...TYPE.body, colour: COLOURS.muted },
          x + width - pageWidth,
          top,
          pageWidth,
          'right',
        );
        return drawn;
      },
      height,
    );
    writer.y += ITEM_GAP;
  }
  list.end();
}

/** The overall score as a ring filled to its share: decoration, as the score is printed beside it. */
function drawScoreRing(writer: ReportWriter, score: number, colour: string): void {
  const { doc } = writer;
  const { x, y, radius, width } = RING;
  writer.artifact(() => {
    doc.circle(x, y, radius).lineWidth(width).stroke(COLOURS.track);
    const share = shareOf(score);
    if (share >= 1) doc.circle(x, y, radius).lineWidth(width).stroke(colour);
    else if (share > 0) {
      const angle = share * 2 * Math.PI;
      const endX = x + radius * Math.sin(angle);
      const endY = y - radius * Math.cos(angle);
      const largeArc = share > 0.5 ? 1 : 0;
      doc
        .path(`M ${x} ${y - radius} A ${radius} ${radius} 0 ${largeArc} 1 ${endX} ${endY}`)
        .lineWidth(width)
        .lineCap('round')
        .stroke(colour);
    }
    writer.draw(`${score}%`, { ...TYPE.coverScore, size: 24 }, x - radius, y - 14, radius * 2, 'center');
  });
}
