import { AREAS, type AreaId } from './areas';
import { ratingFor, toneFor, type RatingLabel, type Tone } from './rating';
import type { Responses } from './responses';
import { roadmapFor, type RoadmapPhase } from './roadmap';
import { overallScore, scoreAreas } from './scoring';

export interface AreaResult {
  id: AreaId;
  title: string;
  score: number;
  rating: RatingLabel;
  tone: Tone;
  recommendations: readonly string[];
}

/** Everything a report says: the results screen, the PDF and the e-mail all read this. */
export interface Report {
  generatedAt: Date;
  overall: { score: number; rating: RatingLabel; tone: Tone };
  areas: AreaResult[];
  roadmap: RoadmapPhase[];
}

/** The report for a set of responses, scored from the answers alone (never from a score sent in). */
export function buildReport(responses: Responses, generatedAt: Date = new Date()): Report {
  const scores = scoreAreas(responses);
  const overall = overallScore(scores);
  return {
    generatedAt,
    overall: { score: overall, rating: ratingFor(overall), tone: toneFor(overall) },
    areas: AREAS.map((area) => ({
      id: area.id,
      title: area.title,
      score: scores[area.id],
      rating: ratingFor(scores[area.id]),
      tone: toneFor(scores[area.id]),
      recommendations: area.recommendations,
    })),
    roadmap: roadmapFor(scores),
  };
}

/** The report's file name: "care-management-audit-report-" + ISO date + ".pdf". */
export function reportFileName(generatedAt: Date): string {
  return `care-management-audit-report-${isoDate(generatedAt)}.pdf`;
}

/** The date part (YYYY-MM-DD, UTC) of an instant. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
