import { AREAS } from '../areas';
import type { AuditContent } from '../content/audit-content';
import { areaContent } from '../content/content-words';
import { isRating, type Responses } from '../responses';
import { ANSWER_MULTIPLIER } from '../scoring';
import { KEY_QUESTIONS, type KeyQuestion } from './key-questions';

export interface KeyQuestionScore {
  keyQuestion: KeyQuestion;
  /** The mean of the ratings of its statements × 20, rounded; 0 when none is rated. */
  score: number;
  /** How many of the audit's statements give evidence for it. */
  statements: number;
}

/** The words shown with every view by key question. */
export const NOT_A_CQC_RATING = 'This is not a CQC rating';

/**
 * A score per CQC key question, from the statements mapped to it, scored as areas are (mean rating
 * × 20). A statement that gives evidence for two key questions counts towards both.
 */
export function keyQuestionScores(responses: Responses, content: AuditContent): KeyQuestionScore[] {
  return KEY_QUESTIONS.map((keyQuestion) => {
    const ratings: number[] = [];
    let statements = 0;
    for (const area of AREAS) {
      areaContent(content, area.id).statements.forEach((insight, question) => {
        if (!insight.keyQuestions.includes(keyQuestion)) return;
        statements++;
        const rating = responses[area.id]?.[question];
        if (isRating(rating)) ratings.push(rating);
      });
    }
    const score =
      ratings.length === 0
        ? 0
        : Math.round((ratings.reduce((sum, r) => sum + r, 0) / ratings.length) * ANSWER_MULTIPLIER);
    return { keyQuestion, score, statements };
  });
}
