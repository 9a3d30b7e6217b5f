import { AREA_IDS, QUESTIONS_PER_AREA, type AreaId } from './areas';

/** The rating scale: 1 is "Poor", 5 is "Excellent". */
export const RATINGS = [1, 2, 3, 4, 5] as const;
export type Rating = (typeof RATINGS)[number];

/** The words at the ends of the scale, as the audit shows them beside 1 and 5. */
export const RATING_END_WORDS: Readonly<Partial<Record<Rating, string>>> = { 1: 'Poor', 5: 'Excellent' };

/** One area's answers, keyed by question index 0–4. */
export type AreaAnswers = Partial<Record<number, Rating>>;

/** Every answer given so far, keyed by area id and then question index 0–4. */
export type Responses = Partial<Record<AreaId, AreaAnswers>>;

/**
 * Whether any statement has been rated: a finished audit always has answers, and results or an
 * e-mail without any are of an audit nobody took. Loosely typed, so a parsed request's answers fit.
 */
export function hasAnswers(responses: Partial<Record<string, object>>): boolean {
  return Object.values(responses).some((area) => area !== undefined && Object.keys(area).length > 0);
}

/** True when the value is an integer rating from 1 to 5. */
export function isRating(value: unknown): value is Rating {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5;
}

/** The responses with one answer recorded (or overwritten); the input is left untouched. */
export function withAnswer(
  responses: Responses,
  areaId: AreaId,
  question: number,
  rating: Rating,
): Responses {
  return { ...responses, [areaId]: { ...responses[areaId], [question]: rating } };
}

/** How many of an area's questions have an answer. */
export function answeredCount(responses: Responses, areaId: AreaId): number {
  const answers = responses[areaId] ?? {};
  let count = 0;
  for (let q = 0; q < QUESTIONS_PER_AREA; q++) if (isRating(answers[q])) count++;
  return count;
}

/** True when every question of the area has an answer (the gate on "Next Section"). */
export function isAreaComplete(responses: Responses, areaId: AreaId): boolean {
  return answeredCount(responses, areaId) === QUESTIONS_PER_AREA;
}

/**
 * The well-formed part of untrusted data (session storage, history state): known areas,
 * question indexes 0–4 and integer ratings 1–5. Anything else is dropped.
 */
export function sanitizeResponses(value: unknown): Responses {
  const clean: Responses = {};
  if (typeof value !== 'object' || value === null) return clean;
  const record = value as Record<string, unknown>;
  for (const areaId of AREA_IDS) {
    const answers = record[areaId];
    if (typeof answers !== 'object' || answers === null) continue;
    const kept: AreaAnswers = {};
    for (let q = 0; q < QUESTIONS_PER_AREA; q++) {
      const rating = (answers as Record<string, unknown>)[String(q)];
      if (isRating(rating)) kept[q] = rating;
    }
    clean[areaId] = kept;
  }
  return clean;
}
