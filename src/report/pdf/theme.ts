import type { Tone } from '../../core';

/** A4 in PDF points (1/72 inch). */
export const PAGE = { width: 595.28, height: 841.89 } as const;
export const MARGIN = 56;
export const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
/** Where text starts on a page after the first: below the thin brand band. */
export const CONTENT_TOP = 64;
/** Nothing but the footer goes below this line. */
export const CONTENT_BOTTOM = PAGE.height - 62;
export const FOOTER_Y = PAGE.height - 40;
/** How far a list item's body sits right of its label (a bullet or a number). */
export const LIST_INDENT = 16;

/** The site's colours (its CSS custom properties of the same names). */
export const COLOURS = {
  brand900: '#082c43',
  brand800: '#0b3d5c',
  brand700: '#0f5f8a',
  brand100: '#e3f0f8',
  accent700: '#0f766e',
  accent100: '#ccfbf1',
  text: '#1b2631',
  muted: '#4a5866',
  border: '#cbd5e0',
  track: '#e2e8f0',
  panel: '#f4f7fa',
  white: '#ffffff',
} as const;

/** The tone colours of the results screen's bars; darker than its pastel backgrounds, so they print. */
export const TONE_COLOURS: Record<Tone, string> = {
  green: '#15803d',
  yellow: '#b45309',
  red: '#b91c1c',
};

export type FontName = 'regular' | 'semibold' | 'bold' | 'italic';

export interface TypeStyle {
  font: FontName;
  size: number;
  colour: string;
  /** Extra space between lines, in points. */
  lineGap: number;
}

export const TYPE = {
  coverTitle: { font: 'bold', size: 30, colour: COLOURS.white, lineGap: 2 },
  coverDate: { font: 'regular', size: 12, colour: COLOURS.brand100, lineGap: 0 },
  coverScore: { font: 'bold', size: 26, colour: COLOURS.text, lineGap: 0 },
  coverRating: { font: 'semibold', size: 16, colour: COLOURS.muted, lineGap: 0 },
  h2: { font: 'bold', size: 18, colour: COLOURS.brand800, lineGap: 0 },
  h3: { font: 'semibold', size: 13.5, colour: COLOURS.text, lineGap: 0 },
  lead: { font: 'regular', size: 11.5, colour: COLOURS.text, lineGap: 2.5 },
  body: { font: 'regular', size: 10.5, colour: COLOURS.text, lineGap: 2 },
  strong: { font: 'semibold', size: 10.5, colour: COLOURS.text, lineGap: 2 },
  aside: { font: 'regular', size: 9.5, colour: COLOURS.muted, lineGap: 1.5 },
  asideStrong: { font: 'semibold', size: 9.5, colour: COLOURS.text, lineGap: 1.5 },
  tableHead: { font: 'semibold', size: 9.5, colour: COLOURS.brand800, lineGap: 1 },
  tableCell: { font: 'regular', size: 9.5, colour: COLOURS.text, lineGap: 1 },
  tableRowHead: { font: 'semibold', size: 9.5, colour: COLOURS.text, lineGap: 1 },
  chartLabel: { font: 'regular', size: 9.5, colour: COLOURS.text, lineGap: 0 },
  chartValue: { font: 'semibold', size: 9.5, colour: COLOURS.text, lineGap: 0 },
  link: { font: 'semibold', size: 10.5, colour: COLOURS.brand700, lineGap: 2 },
  closing: { font: 'italic', size: 9.5, colour: COLOURS.muted, lineGap: 0 },
  footer: { font: 'regular', size: 8.5, colour: COLOURS.muted, lineGap: 0 },
} as const satisfies Record<string, TypeStyle>;
