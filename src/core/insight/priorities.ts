import { AREAS, QUESTIONS_PER_AREA, type AreaId } from '../areas';
import type { AuditContent } from '../content/audit-content';
import { areaContent } from '../content/content-words';
import type { Responses } from '../responses';
import { scoreAreas } from '../scoring';
import type { DsptStandardNumber, KeyQuestion } from './key-questions';

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
 * The statements rated 1 or 2, lowest rating first, at most five. Among equal ratings the areas take
 * turns (round-robin): each area's first statement at that rating, then each area's second, and so
 * on; within a turn the weaker area goes first, then the audit's order. So every answer at 1 names
 * five areas, not one area's five statements, and the same answers always give the same list
 * (decision 0064).
 */
export function prioritiesFor(responses: Responses, content: AuditContent): Priority[] {
  const areaScores = scoreAreas(responses);
  const weak: { priority: Priority; turn: number; areaScore: number; areaIndex: number }[] = [];
  AREAS.forEach((area, areaIndex) => {
    const seen = { 1: 0, 2: 0 };
    for (let question = 0; question < QUESTIONS_PER_AREA; question++) {
      const rating = responses[area.id]?.[question];
      if (rating !== 1 && rating !== 2) continue;
      const insight = areaContent(content, area.id).statements[question];
      if (!insight) throw new Error(`No statement ${question} in ${area.id}`);
      const priority: Priority = {
        areaId: area.id,
        areaTitle: area.title,
        question,
        statement: insight.text,
        label: insight.label,
        rating,
        nextStep: insight.nextStep,
        keyQuestions: insight.keyQuestions,
        ...(insight.dspt !== undefined ? { dspt: insight.dspt } : {}),
      };
      // The turn is this statement's place among its area's statements at the same rating.
      weak.push({ priority, turn: seen[rating]++, areaScore: areaScores[area.id], areaIndex });
    }
  });
  return weak
    .sort(
      (a, b) =>
        a.priority.rating - b.priority.rating ||
        a.turn - b.turn ||
        a.areaScore - b.areaScore ||
        a.areaIndex - b.areaIndex,
    )
    .slice(0, MAX_PRIORITIES)
    .map(({ priority }) => priority);
}
