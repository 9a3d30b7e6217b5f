import { COLOURS } from './theme';

/**
 * The two marks the charts share, so a reader learns them once: a round point for the manager's
 * own score (filled for this result), a diamond in the accent colour for the team's. The shape
 * tells them apart without the colour, and each chart's key and words say which is which.
 */

/** The manager's own score: a round point, filled when it is this result's. */
export function drawOwnMark(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  radius: number,
  filled: boolean,
): void {
  doc
    .circle(x, y, radius)
    .lineWidth(1.2)
    .fillAndStroke(filled ? COLOURS.brand700 : COLOURS.white, COLOURS.brand700);
}

/** The team's score (a team audit's, or the team's median): a diamond. */
export function drawTeamMark(doc: PDFKit.PDFDocument, x: number, y: number, radius: number): void {
  doc.polygon([x, y - radius], [x + radius, y], [x, y + radius], [x - radius, y]).fill(COLOURS.accent700);
}
