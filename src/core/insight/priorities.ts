import { AREAS, QUESTIONS_PER_AREA, type AreaId } from '../areas';
import type { Responses } from '../responses';
import type { DsptStandardNumber, KeyQuestion } from './key-questions';
import { STATEMENT_INSIGHTS } from './statements';

/** One of the visitor's weakest statements, with what to do about it. */
export interface Priority {
  areaId: AreaId;
  areaTitle: string;
  /** The statement's index in its area, 0–4. */
  question: number;
  statement: string;
  label: string;
  rating: 1 | 2;
  nextStep: string;
  keyQuestions: readonly KeyQuestion[];
  dspt?: DsptStandardNumber;
}

/** At most this many priorities are shown: a short list gets acted on. */
export const MAX_PRIORITIES = 5;

/**
 * The statements rated 1 or 2, lowest rating first, at most five. Ties keep the audit's own order
 * (area, then statement), so the same answers always give the same list.
 */
export function prioritiesFor(responses: Responses): Priority[] {
  const weak: Priority[] = [];
  for (const area of AREAS) {
    for (let question = 0; question < QUESTIONS_PER_AREA; question++) {
      const rating = responses[area.id]?.[question];
      if (rating !== 1 && rating !== 2) continue;
      const insight = STATEMENT_INSIGHTS[area.id][question];
      const statement = area.questions[question];
      if (!insight || statement === undefined) throw new Error(`No insight for ${area.id} ${question}`);
      weak.push({
        areaId: area.id,
        areaTitle: area.title,
        question,
        statement,
        label: insight.label,
        rating,
        nextStep: insight.nextStep,
        keyQuestions: insight.keyQuestions,
        ...(insight.dspt !== undefined ? { dspt: insight.dspt } : {}),
      });
    }
  }
  // Array.prototype.sort is stable, so equal ratings stay in the audit's order.
  return weak.sort((a, b) => a.rating - b.rating).slice(0, MAX_PRIORITIES);
}
