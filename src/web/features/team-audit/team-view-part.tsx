import { useId } from 'react';
import {
  AREAS,
  MIN_TEAM_RESPONDENTS,
  NO_DIFFERING,
  NO_ROLES,
  RATINGS,
  TEAM_AREAS_TABLE_CAPTION,
  DIFFERING_HEADING,
  TEAM_OVERALL_TITLE,
  ROLES_HEADING,
  TEAM_ROLE_LABELS,
  TEAM_VIEW_HEADING,
  colleagues,
  ownRatingSentence,
  ratingCountsSentence,
  OWN_SCORE_LEGEND,
  RATING_END_WORDS,
  SPREAD_LEGEND,
  TEAM_MEDIAN_LEGEND,
  respondents,
  statementArea,
  statementText,
  teamScoreSentence,
  type DifferingStatement,
  type Spread,
  type TeamAreaView,
  type TeamRoleView,
  type TeamView,
} from '../../../core';

type OwnSpread = Spread & { own: number };
interface Row {
  key: string;
  title: string;
  spread: OwnSpread;
}

const titleOf = (id: TeamAreaView['id']) => AREAS.find((area) => area.id === id)?.title ?? id;

/** The overall score first, then each area in the audit's order, as "Your progress" lists them. */
function rowsOf(view: Pick<TeamView, 'areas' | 'overall'>): Row[] {
  return [
    { key: 'overall', title: TEAM_OVERALL_TITLE, spread: view.overall },
    ...view.areas.map((area) => ({ key: area.id, title: titleOf(area.id), spread: area })),
  ];
}

/**
 * The team's view (present only over at least MIN_TEAM_RESPONDENTS answers): per area the team's
 * score, its spread drawn and in words, and the manager's own beside it, with a table of the same
 * figures; the statements where answers differ most; and the same by role for the roles the server
 * sent (only those with enough respondents). Every figure is over several colleagues: nothing here
 * is, or names, one person's answer.
 */
export function TeamViewPart({ view }: { view: TeamView }) {
  const rows = rowsOf(view);
  return (
    <div className="team-view">
      <h3>{TEAM_VIEW_HEADING}</h3>
      <p>
        Over the answers of {colleagues(view.respondents)}. The team’s score is the middle one of their scores
        (the median); your own result is not counted in it.
      </p>
      <RangeLegend />
      <ul className="team-ranges">
        <RangeAxis />
        {rows.map((row) => (
          <li key={row.key} className="team-range">
            <span className="team-range__title">{row.title}</span>
            <RangeDrawing spread={row.spread} />
            <span className="team-range__words">{teamScoreSentence(row.spread)}</span>
          </li>
        ))}
      </ul>
      <SpreadTable caption={TEAM_AREAS_TABLE_CAPTION} rows={rows} />

      <h3>{DIFFERING_HEADING}</h3>
      {view.differing.length === 0 ? (
        <p>{NO_DIFFERING}</p>
      ) : (
        <>
          <p>
            The statements your colleagues’ ratings spread across most, from 1 (Poor) to 5 (Excellent): worth
            talking through together.
          </p>
          <ol className="team-differing">
            {view.differing.map((statement) => (
              <DifferingItem key={`${statement.area}-${statement.index}`} statement={statement} />
            ))}
          </ol>
        </>
      )}

      <h3>{ROLES_HEADING}</h3>
      {view.roles.length === 0 ? (
        <p>{NO_ROLES}</p>
      ) : (
        <>
          <p>
            Only for a role that at least {MIN_TEAM_RESPONDENTS} colleagues gave; a role with fewer is counted
            in the team’s figures above but not shown apart.
          </p>
          {view.roles.map((role) => (
            <RoleTable key={role.role} role={role} />
          ))}
        </>
      )}
    </div>
  );
}

// The drawing's own units: it scales to its box. The scale runs 0–100 between two margins, so a
// mark at either end is drawn whole.
const WIDTH = 300;
const HEIGHT = 28;
const LEFT = 8;
const RIGHT = WIDTH - 8;
const xOf = (score: number) => LEFT + (Math.min(Math.max(score, 0), 100) / 100) * (RIGHT - LEFT);
/** Where the ratings change (40, 60, 80), as "Your progress" marks them. */
const BAND_LINES = [40, 60, 80] as const;

/** The scale above the drawings, where the ratings change, for the eye only. */
function RangeAxis() {
  return (
    <li className="team-range team-range--axis" aria-hidden="true">
      <span className="team-range__title" />
      <span className="team-axis">
        {[0, ...BAND_LINES, 100].map((score) => (
          // The one inline style: where on the drawing's scale the label sits, as a share of its width.
          <span key={score} className="team-axis__label" style={{ left: `${(xOf(score) / WIDTH) * 100}%` }}>
            {score}%
          </span>
        ))}
      </span>
    </li>
  );
}

/** A diamond's path around (x, y): the team's mark, as in "Your progress" and the PDF. */
const diamond = (x: number, y: number, r: number) =>
  `M ${x} ${y - r} L ${x + r} ${y} L ${x} ${y + r} L ${x - r} ${y} Z`;

/**
 * One spread drawn on a scale of 0–100, with the marks the PDF and "Your progress" use: the range
 * from lowest to highest as a band, the team's median as a diamond, the manager's own score as a
 * round point over it (so both show where they are equal). The shapes tell them apart without the
 * colour. Hidden from assistive technology: the words beside it and the table below say every
 * figure it draws.
 */
function RangeDrawing({ spread }: { spread: OwnSpread }) {
  const mid = HEIGHT / 2;
  return (
    <svg className="team-range__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false">
      <rect className="team-range__track" x={LEFT} y={mid - 3} width={RIGHT - LEFT} height={6} rx={3} />
      {BAND_LINES.map((line) => (
        <line
          key={line}
          className="team-range__band-line"
          x1={xOf(line)}
          x2={xOf(line)}
          y1={mid - 7}
          y2={mid + 7}
        />
      ))}
      <rect
        className="team-range__spread"
        x={xOf(spread.lowest) - 6}
        y={mid - 6}
        width={xOf(spread.highest) - xOf(spread.lowest) + 12}
        height={12}
        rx={6}
      />
      <path className="team-range__median" d={diamond(xOf(spread.median), mid, 9)} />
      <circle className="team-range__own" cx={xOf(spread.own)} cy={mid} r={5} />
    </svg>
  );
}

/** What the drawing's marks mean, for the eye only: the words and the table carry the figures. */
function RangeLegend() {
  return (
    <p className="team-legend" aria-hidden="true">
      <span className="team-legend__item">
        <svg viewBox="0 0 24 16" className="team-legend__mark">
          <rect className="team-range__spread" x={1} y={2} width={22} height={12} rx={6} />
        </svg>
        {SPREAD_LEGEND}
      </span>
      <span className="team-legend__item">
        <svg viewBox="0 0 24 16" className="team-legend__mark">
          <path className="team-range__median" d={diamond(12, 8, 7)} />
        </svg>
        {TEAM_MEDIAN_LEGEND}
      </span>
      <span className="team-legend__item">
        <svg viewBox="0 0 24 16" className="team-legend__mark">
          <circle className="team-range__own" cx={12} cy={8} r={5} />
        </svg>
        {OWN_SCORE_LEGEND}
      </span>
    </p>
  );
}

/**
 * The spreads as a table: a row per area (and overall), the team's score, its range and the
 * manager's own. Four columns, the range in one, so the table fits a phone's column whole.
 */
function SpreadTable({ caption, rows }: { caption: string; rows: readonly Row[] }) {
  return (
    <div className="team-table-wrap">
      <table className="team-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Area</th>
            <th scope="col" className="num">
              Team
            </th>
            <th scope="col" className="num">
              Range
            </th>
            <th scope="col" className="num">
              You
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.title}</th>
              <td className="num">{row.spread.median}%</td>
              <td className="num team-table__range">
                {row.spread.lowest}% to {row.spread.highest}%
              </td>
              <td className="num">{row.spread.own}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One statement where answers differ: its words, how many gave each rating, and the manager's own. */
function DifferingItem({ statement }: { statement: DifferingStatement }) {
  const textId = useId();
  return (
    <li className="team-differing__item">
      <p className="team-differing__statement" id={textId}>
        {statementText(statement)}
      </p>
      <p className="team-differing__area">{statementArea(statement)}</p>
      <p>
        {ratingCountsSentence(statement.counts)} {ownRatingSentence(statement.own)}
      </p>
      <table className="team-table team-table--counts" aria-describedby={textId}>
        <caption className="visually-hidden">How many colleagues gave each rating</caption>
        <thead>
          <tr>
            <th scope="col">Rating</th>
            {RATINGS.map((rating) => (
              <th key={rating} scope="col" className="num">
                {rating}
                {RATING_END_WORDS[rating] ? (
                  <span className="visually-hidden"> ({RATING_END_WORDS[rating]})</span>
                ) : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Colleagues</th>
            {statement.counts.map((count, index) => (
              <td key={index} className="num">
                {count}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </li>
  );
}

/** One role's view as a table (over at least MIN_TEAM_RESPONDENTS colleagues of that role). */
function RoleTable({ role }: { role: TeamRoleView }) {
  return (
    <SpreadTable
      caption={`${TEAM_ROLE_LABELS[role.role]}: ${respondents(role.respondents)}`}
      rows={rowsOf(role)}
    />
  );
}
