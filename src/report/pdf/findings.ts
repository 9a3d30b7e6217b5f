import {
  frameworkEvidence,
  KEY_QUESTIONS_HEADING,
  KEY_QUESTIONS_INTRO,
  NOT_A_CQC_RATING_SENTENCE,
  NO_PRIORITIES,
  PRIORITIES_HEADING,
  PRIORITIES_INTRO,
  areaNotes,
  ratingGiven,
  statementCount,
  toneFor,
  type AreaResult,
  type Priority,
  type Report,
  type Roadmap,
  type RoadmapArea,
} from '../../core';
import { barChartHeight, drawBarChart, drawScoreBar } from './bar-chart';
import { AREAS_HEADING, keyQuestionChartAlt } from './pdf-words';
import type { ReportWriter } from './report-writer';
import { writeHeading } from './section-heading';
import { COLOURS, CONTENT_BOTTOM, CONTENT_WIDTH, LIST_INDENT, MARGIN, TYPE } from './theme';

/** The weakest statements, each with its rating and next step, or a sentence that there are none. */
export function writePriorities(writer: ReportWriter, priorities: readonly Priority[]): void {
  if (priorities.length === 0) {
    // One sentence: it follows the method on its page rather than stand alone on a new one.
    writer.y += 18;
    writeHeading(writer, PRIORITIES_HEADING, 40);
    writer.text('P', NO_PRIORITIES, TYPE.lead);
    return;
  }
  writer.newPage();
  writeHeading(writer, PRIORITIES_HEADING);
  writer.text('P', PRIORITIES_INTRO, TYPE.body, { gapAfter: 12 });
  const list = writer.element('L');
  priorities.forEach((priority, index) => {
    const meta = `${priority.areaTitle} · ${ratingGiven(priority.rating)}`;
    const width = CONTENT_WIDTH - LIST_INDENT;
    const height =
      writer.measure(priority.label, TYPE.strong, width) +
      writer.measure(meta, TYPE.aside, width) +
      writer.measure(priority.nextStep, TYPE.body, width) +
      4;
    writer.listItem(
      list,
      { text: `${index + 1}.`, style: { ...TYPE.strong, colour: COLOURS.brand700 } },
      (x, top, bodyWidth) => {
        let y = top;
        y += writer.draw(priority.label, TYPE.strong, x, y, bodyWidth);
        y += writer.draw(meta, TYPE.aside, x, y, bodyWidth) + 4;
        y += writer.draw(priority.nextStep, TYPE.body, x, y, bodyWidth);
        return y - top;
      },
      height,
    );
    writer.y += 14;
  });
  list.end();
}

/**
 * "Area Assessments:" and a block per area: headline, notes, band advice and recommendations. An
 * area is never split across a page break: a block that does not fit below the one before it
 * starts the next page (without the rule that would separate it from nothing).
 */
export function writeAreas(writer: ReportWriter, report: Report): void {
  writer.newPage();
  // Who the areas are compared with is said once, under the summary's table.
  writeHeading(writer, AREAS_HEADING);
  const earlierOn = report.earlier?.takenOn;
  report.areas.forEach((area, index) => {
    const height = areaHeight(writer, area, earlierOn);
    if (index > 0) {
      if (writer.y + AREA_SEPARATION + height > CONTENT_BOTTOM) writer.newPage();
      else {
        writer.rule(writer.y + 4);
        writer.y += AREA_SEPARATION;
      }
    }
    writer.keepSpace(height);
    writeArea(writer, area, earlierOn);
  });
}

/** The space between two areas on one page, the rule drawn in it. */
const AREA_SEPARATION = 18;

/** e.g. "Operational Efficiency: 72% (Good)". */
function areaHeadline(area: AreaResult): string {
  return `${area.title}: ${area.score}% (${area.rating})`;
}

const RECOMMENDATION_GAP = 2;

/** The height of an area's whole block as writeArea draws it, gaps included. */
function areaHeight(writer: ReportWriter, area: AreaResult, earlierOn: string | undefined): number {
  const notes = areaNotes(area, earlierOn);
  const listWidth = CONTENT_WIDTH - LIST_INDENT;
  return (
    writer.measure(areaHeadline(area), TYPE.h3, CONTENT_WIDTH) +
    4 +
    14 +
    notes.reduce((sum, note) => sum + writer.measure(note, TYPE.aside, CONTENT_WIDTH) + 2, 0) +
    (notes.length > 0 ? 6 : 0) +
    writer.measure(area.advice.heading, TYPE.strong, CONTENT_WIDTH) +
    1 +
    writer.measure(area.advice.text, TYPE.body, CONTENT_WIDTH) +
    8 +
    writer.measure(area.recommendationsIntro, TYPE.aside, CONTENT_WIDTH) +
    4 +
    area.recommendations.reduce(
      (sum, recommendation) =>
        sum + writer.measure(recommendation, TYPE.body, listWidth) + RECOMMENDATION_GAP,
      0,
    )
  );
}

function writeArea(writer: ReportWriter, area: AreaResult, earlierOn: string | undefined): void {
  const notes = areaNotes(area, earlierOn);
  writer.text('H3', areaHeadline(area), TYPE.h3, { gapAfter: 4 });
  const barY = writer.y;
  // Decoration: the headline states the score.
  writer.artifact(() =>
    drawScoreBar(writer.doc, { x: MARGIN, y: barY, width: CONTENT_WIDTH, height: 5 }, area.score, area.tone),
  );
  writer.y += 14;
  for (const note of notes) writer.text('P', note, TYPE.aside, { gapAfter: 2 });
  if (notes.length > 0) writer.y += 6;
  writer.text('P', area.advice.heading, TYPE.strong, { gapAfter: 1 });
  writer.text('P', area.advice.text, TYPE.body, { gapAfter: 8 });
  writer.text('P', area.recommendationsIntro, TYPE.aside, { gapAfter: 4 });
  writer.list(area.recommendations, { gap: RECOMMENDATION_GAP });
}

/** A score per CQC key question as a chart, and the words that it is not a CQC rating. */
export function writeKeyQuestions(writer: ReportWriter, report: Report): void {
  writer.y += 18;
  const bars = report.keyQuestions.map((kq) => ({
    label: `${kq.keyQuestion} (${statementCount(kq.statements)})`,
    score: kq.score,
    tone: toneFor(kq.score),
  }));
  writeHeading(writer, KEY_QUESTIONS_HEADING, 60 + barChartHeight(bars));
  writer.text('P', KEY_QUESTIONS_INTRO, TYPE.body, { gapAfter: 4 });
  writer.text('P', NOT_A_CQC_RATING_SENTENCE, TYPE.strong, { gapAfter: 10 });
  writer.figure(keyQuestionChartAlt(report.keyQuestions), barChartHeight(bars), (top) =>
    drawBarChart(writer, top, bars),
  );
  // The framework items the version maps its statements to (none in version 1: nothing is added).
  const evidence = report.keyQuestions.filter((kq) => kq.evidenceFor.length > 0);
  if (evidence.length > 0) {
    writer.y += 8;
    writer.list(
      evidence.map((kq) => `${kq.keyQuestion}: ${frameworkEvidence(report.frameworkName, kq.evidenceFor)}`),
      { gap: 2 },
    );
  }
}

/**
 * The roadmap, headed and introduced as core words it (a plan to sustain once every area is 80%+):
 * each phase with its timeframe and the step to start with for each of its areas.
 */
export function writeRoadmap(writer: ReportWriter, roadmap: Roadmap): void {
  writer.y += 18;
  writeHeading(writer, roadmap.heading, 120);
  writer.text('P', roadmap.intro, TYPE.body, { gapAfter: 10 });
  for (const phase of roadmap.phases) {
    writer.keepSpace(70);
    writer.text('H3', phase.title, TYPE.h3, { gapAfter: 1 });
    writer.text('P', phase.timeframe, TYPE.aside, { gapAfter: 5 });
    writer.list(phase.areas.map(phaseStep), { gap: 2 });
    writer.y += 8;
  }
}

/** e.g. "Data Management (40%): Implement automated data validation". */
function phaseStep(area: RoadmapArea): string {
  return `${area.title} (${area.score}%): ${area.step}`;
}
