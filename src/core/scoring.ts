import { AREAS, type AreaId } from './areas';
import { isRating, type AreaAnswers, type Responses } from './responses';

/** Answers 1–5 map to 20–100 per cent. */
export const ANSWER_MULTIPLIER = 20;

/** An area's score: the mean of its numeric answers × 20, rounded; 0 when it has none. */
export function scoreArea(answers: AreaAnswers | undefined): number {
  const ratings = Object.values(answers ?? {}).filter(isRating);
  if (ratings.length === 0) return 0;
  const mean = ratings.reduce((sum, r) => sum + r, 0) / ratings.length;
  return Math.round(mean * ANSWER_MULTIPLIER);
}

export type AreaScores = Record<AreaId, number>;

/** Every area's score, keyed by area id. */
export function scoreAreas(responses: Responses): AreaScores {
  const scores = {} as AreaScores;
  for (const area of AREAS) scores[area.id] = scoreArea(responses[area.id]);
  return scores;
}

/** The overall score: the mean of the five area scores, rounded. */
export function overallScore(areaScores: AreaScores): number {
  const values = AREAS.map((a) => areaScores[a.id]);
  return Math.round(values.reduce((sum, v) => sum + v, 0) / values.length);
}
