import {
  AREAS,
  DIFFERING_HEADING,
  NO_DIFFERING,
  NO_ROLES,
  OVERALL_SERIES_TITLE,
  OWN_SCORE_LEGEND,
  ROLES_HEADING,
  SPREAD_LEGEND,
  TEAM_MEDIAN_LEGEND,
  TEAM_VIEW_HEADING,
  type TeamView,
} from '../../core';
import { shareOf } from './bar-chart';
import { drawOwnMark, drawTeamMark } from './marks';
import type { ReportWriter, TableColumn } from './report-writer';
import { writeHeading } from './section-heading';
import {
  DIFFERING_HEADERS,
  DIFFERING_INTRO,
  OWN_COLUMN,
  ROLES_INTRO,
  ROLE_HEADER,
  TEAM_COLUMN,
  TEAM_PRIVACY_NOTE,
  TEAM_TABLE_HEADERS,
  differingRow,
  roleName,
  spreadCell,
  teamChartAlt,
  teamRowText,
  teamRows,
  teamTableRow,
  teamViewIntro,
  type TeamRow,
} from './team-view-words';
import { COLOURS, CONTENT_BOTTOM, CONTENT_TOP, CONTENT_WIDTH, MARGIN, TYPE } from './theme';

/**
 * "Your team’s view": what the team audit's respondents answered, combined, beside the manager's
 * own scores (PRODUCT.md part 4). On a page of its own after the progress: who answered, a chart
 * of each area's spread and median with her score on it, the same in words and as a table, the
 * statements rated least alike with how many gave each rating, and the same figures by role for
 * the roles the view holds. Only figures the view holds are printed, so nothing is ever one
 * person's; the report has a team only over enough respondents (buildReport).
 */
export function writeTeamView(writer: ReportWriter, view: TeamView): void {
  writer.newPage();
  writeHeading(writer, TEAM_VIEW_HEADING);
  writer.text('P', teamViewIntro(view), TYPE.body, { gapAfter: 4 });
  writer.text('P', TEAM_PRIVACY_NOTE, TYPE.aside, { gapAfter: 14 });

  // The chart, then its figures as a table right under it, then the same in sentences.
  const rows = teamRows(view);
  writer.figure(teamChartAlt(view), chartHeight(rows.length), (top) => drawSpreadChart(writer, top, rows));
  writer.y += 10;
  writer.table(AREA_COLUMNS, rows.map(teamTableRow), { rowHeaders: true });
  writer.y += 12;
  writer.list(rows.map(teamRowText), { gap: 3 });

  writer.y += 22;
  if (view.differing.length === 0) writeSubsection(writer, DIFFERING_HEADING, NO_DIFFERING);
  else
    writeSubsection(
      writer,
      DIFFERING_HEADING,
      DIFFERING_INTRO,
      DIFFERING_COLUMNS,
      view.differing.map(differingRow),
    );

  writer.y += 22;
  if (view.roles.length === 0) writeSubsection(writer, ROLES_HEADING, NO_ROLES);
  else
    writeSubsection(
      writer,
      ROLES_HEADING,
      ROLES_INTRO,
      ROLE_COLUMNS,
      view.roles.map((role) => [roleName(role), spreadCell(role.overall), ...role.areas.map(spreadCell)]),
    );
}

/**
 * An H3, a sentence and, when given, a table: the heading and sentence kept on the page the table
 * starts on, and a table that fits on a page kept whole there with them.
 */
function writeSubsection(
  writer: ReportWriter,
  heading: string,
  sentence: string,
  columns?: readonly TableColumn[],
  rows?: readonly (readonly string[])[],
): void {
  const headingHeight = writer.measure(heading, TYPE.h3, CONTENT_WIDTH) + 6;
  const sentenceHeight = writer.measure(sentence, TYPE.body, CONTENT_WIDTH) + 8;
  const tableHeight = columns && rows ? writer.tableHeight(columns, rows, { rowHeaders: true }) : 0;
  writer.keepSpace(
    headingHeight + sentenceHeight + Math.min(tableHeight, CONTENT_BOTTOM - CONTENT_TOP - 120),
  );
  writer.text('H3', heading, TYPE.h3, { gapAfter: 6 });
  writer.text('P', sentence, TYPE.body, { gapAfter: 8 });
  if (columns && rows) writer.table(columns, rows, { rowHeaders: true });
}

const AREA_COLUMNS: readonly TableColumn[] = TEAM_TABLE_HEADERS.map((header, i) => ({
  header,
  share: i === 0 ? 0.36 : 0.16,
  align: i === 0 ? 'left' : 'right',
}));

const DIFFERING_COLUMNS: readonly TableColumn[] = DIFFERING_HEADERS.map((header, i) => ({
  header,
  share: i === 0 ? 0.44 : i === DIFFERING_HEADERS.length - 1 ? 0.11 : 0.09,
  align: i === 0 ? 'left' : 'right',
}));

/** As the progress table: the row's name, the overall, then each area as wide as its longest word. */
const ROLE_COLUMNS: readonly TableColumn[] = [
  { header: ROLE_HEADER, share: 0.16 },
  { header: OVERALL_SERIES_TITLE, share: 0.12, align: 'right' },
  ...AREAS.map((area) => ({ header: area.title, share: 0.144, align: 'right' as const })),
];

const ROW_HEIGHT = 24;
const BAND_HEIGHT = 8;
const HEAD_HEIGHT = 16;
const AXIS_HEIGHT = 14;
const LEGEND_HEIGHT = 20;
const LABEL_WIDTH = 150;
const VALUE_WIDTH = 40;
const TRACK_X = MARGIN + LABEL_WIDTH;
const TRACK_WIDTH = CONTENT_WIDTH - LABEL_WIDTH - 2 * VALUE_WIDTH - 12;
const GRID = [0, 40, 60, 80, 100] as const;

function chartHeight(rows: number): number {
  return HEAD_HEIGHT + rows * ROW_HEIGHT + AXIS_HEIGHT + LEGEND_HEIGHT;
}

/**
 * A row per area (the overall first): a band from the team's lowest score to its highest on a
 * track of 0–100, the team's median as a diamond on it and the manager's score as a dot, with both
 * figures printed at the row's end under "Team" and "You". The shapes differ, so no colour is
 * needed to tell them apart; a spread of none is a band as wide as its diamond.
 */
function drawSpreadChart(writer: ReportWriter, top: number, rows: readonly TeamRow[]): void {
  const { doc } = writer;
  const teamX = TRACK_X + TRACK_WIDTH + 12;
  const ownX = teamX + VALUE_WIDTH;
  const head = { ...TYPE.aside, size: 8.5 };
  writer.draw(TEAM_COLUMN, head, teamX, top, VALUE_WIDTH, 'right');
  writer.draw(OWN_COLUMN, head, ownX, top, VALUE_WIDTH, 'right');
  const tracksTop = top + HEAD_HEIGHT;
  const tracksBottom = tracksTop + rows.length * ROW_HEIGHT;
  const xOf = (score: number) => TRACK_X + TRACK_WIDTH * shareOf(score);
  // The grid where the ratings change, and the scale under it.
  const axis = { ...TYPE.aside, size: 7 };
  for (const line of GRID) {
    doc.moveTo(xOf(line), tracksTop).lineTo(xOf(line), tracksBottom).lineWidth(0.5).stroke(COLOURS.border);
    writer.draw(String(line), axis, xOf(line) - 12, tracksBottom + 3, 24, 'center');
  }
  rows.forEach((row, index) => {
    const middle = tracksTop + index * ROW_HEIGHT + ROW_HEIGHT / 2;
    writer.draw(
      row.title,
      index === 0 ? TYPE.chartValue : TYPE.chartLabel,
      MARGIN,
      middle - 5.5,
      LABEL_WIDTH - 10,
    );
    doc.rect(TRACK_X, middle - 0.5, TRACK_WIDTH, 1).fill(COLOURS.track);
    const from = xOf(row.lowest) - BAND_HEIGHT / 2;
    const width = xOf(row.highest) - xOf(row.lowest) + BAND_HEIGHT;
    doc
      .roundedRect(from, middle - BAND_HEIGHT / 2, width, BAND_HEIGHT, BAND_HEIGHT / 2)
      .lineWidth(0.75)
      .fillAndStroke(COLOURS.accent100, COLOURS.accent700);
    drawTeamMark(doc, xOf(row.median), middle, 6);
    // The dot over the diamond: where the two are equal, both still show.
    doc.circle(xOf(row.own), middle, 4.2).fill(COLOURS.white);
    drawOwnMark(doc, xOf(row.own), middle, 3, true);
    writer.draw(`${row.median}%`, TYPE.chartValue, teamX, middle - 5.5, VALUE_WIDTH, 'right');
    writer.draw(`${row.own}%`, TYPE.chartValue, ownX, middle - 5.5, VALUE_WIDTH, 'right');
  });
  drawLegend(writer, tracksBottom + AXIS_HEIGHT + 6);
}

/** The key under the chart: the band, the diamond and the dot, each with its name. */
function drawLegend(writer: ReportWriter, top: number): void {
  const { doc } = writer;
  const style = TYPE.aside;
  const middle = top + 5.5;
  writer.useStyle(style);
  let x = MARGIN;
  const item = (draw: (x: number) => number, text: string) => {
    const markWidth = draw(x);
    writer.draw(text, style, x + markWidth + 5, top, doc.widthOfString(text) + 1);
    x += markWidth + 5 + doc.widthOfString(text) + 16;
    writer.useStyle(style);
  };
  item((at) => {
    doc
      .roundedRect(at, middle - BAND_HEIGHT / 2, 22, BAND_HEIGHT, BAND_HEIGHT / 2)
      .lineWidth(0.75)
      .fillAndStroke(COLOURS.accent100, COLOURS.accent700);
    return 22;
  }, SPREAD_LEGEND);
  item((at) => {
    drawTeamMark(doc, at + 6, middle, 6);
    return 12;
  }, TEAM_MEDIAN_LEGEND);
  item((at) => {
    drawOwnMark(doc, at + 3, middle, 3, true);
    return 6;
  }, OWN_SCORE_LEGEND);
}
