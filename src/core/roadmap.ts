import { AREAS, type AreaId } from './areas';
import type { AuditContent } from './content/audit-content';
import { areaContent, bandHeading } from './content/content-words';
import { BANDS, bandFor, bandRange, type Band } from './insight/bands';
import type { AreaScores } from './scoring';
import { lowerFirst } from './sentence';

/** One area on the roadmap, with the one step the roadmap names for it. */
export interface RoadmapArea {
  id: AreaId;
  title: string;
  score: number;
  /**
   * Where to start: below 80% the area's most important recommendation, in the spec's words; at 80%
   * or more its advice to sustain, as telling a strong area to "implement" what it has would
   * contradict its answers.
   */
  step: string;
}

/** A phase: the areas of one advice band, weakest first. */
export interface RoadmapPhase {
  band: Band;
  /** "Phase 1: Build the foundations": numbered in order, named after the band. */
  title: string;
  /** "Months 1–2". */
  timeframe: string;
  areas: RoadmapArea[];
}

/** "implement" while any area is below 80%; "sustain" once every area is at 80% or more. */
export type RoadmapKind = 'implement' | 'sustain';

/** The roadmap as every view prints it: its heading, its intro and its phases. */
export interface Roadmap {
  kind: RoadmapKind;
  heading: string;
  intro: string;
  phases: RoadmapPhase[];
}

/**
 * The plan always spans six months, split evenly between its phases: fewer phases get longer ones,
 * so five areas that all need their foundations are not given two months between them.
 */
export const PLAN_MONTHS = 6;

const NUMBER_WORDS = ['one', 'two', 'three', 'four', 'five', 'six'] as const;
// Written out, not worked out from PLAN_MONTHS at load time: a computed top-level value makes the
// bundler keep this module for its side effects, pulling the report chunk into every page's first load.
const PLAN_LENGTH = 'six months';

/**
 * The roadmap for a set of area scores: one phase per advice band that has an area in it
 * (foundations below 60%, next steps 60–79%, sustain 80%+), weakest first, so an area's phase never
 * says something its score contradicts and equal scores always share a phase. Within a phase, ties
 * keep the audit's own area order, so the same scores always give the same roadmap.
 */
export function roadmapFor(areaScores: AreaScores, content: AuditContent): Roadmap {
  const ordered = AREAS.map((area, index) => ({ area, index, score: areaScores[area.id] })).sort(
    (a, b) => a.score - b.score || a.index - b.index,
  );
  // Bands rise with the score, so grouping the ordered areas band by band keeps them weakest first.
  const groups = BANDS.map(({ id }) => ({
    band: id,
    areas: ordered.filter(({ score }) => bandFor(score) === id),
  })).filter((group) => group.areas.length > 0);
  const months = PLAN_MONTHS / groups.length;
  const phases = groups.map(({ band, areas }, index) => ({
    band,
    title: `Phase ${index + 1}: ${bandHeading(content, band)}`,
    timeframe: `Months ${index * months + 1}–${(index + 1) * months}`,
    areas: areas.map(({ area, score }) => ({
      id: area.id,
      title: area.title,
      score,
      step: stepFor(content, area.id, band),
    })),
  }));
  return phases.every((phase) => phase.band === 'sustain')
    ? sustainPlan(phases)
    : implementation(phases, content);
}

function stepFor(content: AuditContent, id: AreaId, band: Band): string {
  const area = areaContent(content, id);
  return band === 'sustain' ? area.advice.sustain : area.recommendations[0];
}

function implementation(phases: RoadmapPhase[], content: AuditContent): Roadmap {
  const count = `${NUMBER_WORDS[phases.length - 1]} ${phases.length === 1 ? 'phase' : 'phases'}`;
  // Only the bands that have a phase are named, so the intro never promises a phase it lacks.
  const steps = phases.map(
    (phase) =>
      `${lowerFirst(bandHeading(content, phase.band))} where you score ${lowerFirst(bandRange(phase.band))}`,
  );
  return {
    kind: 'implement',
    heading: 'Your implementation roadmap',
    intro: `Weakest areas first, in ${count} over ${PLAN_LENGTH}: ${steps.join(', then ')}.`,
    phases,
  };
}

function sustainPlan(phases: RoadmapPhase[]): Roadmap {
  const strong = BANDS.find((band) => band.id === 'sustain')?.min;
  return {
    kind: 'sustain',
    heading: 'Your plan to sustain your results',
    intro: `Every area scores ${strong}% or more, so there is nothing new to put in place. Over the next ${PLAN_LENGTH}, keep what works, check that it is used and refine it, lowest score first.`,
    phases,
  };
}
