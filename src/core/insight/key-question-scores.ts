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
  /**
   * The names of the framework's items under this key question that the version's statements give
   * evidence for, in the framework's order (issue 34): empty when none is mapped, as in version 1.
   */
  evidenceFor: string[];
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
    const mapped = new Set<string>();
    let statements = 0;
    for (const area of AREAS) {
      areaContent(content, area.id).statements.forEach((insight, question) => {
        for (const item of insight.frameworkItems) mapped.add(item);
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
    const evidenceFor = content.framework.items
      .filter((item) => item.keyQuestion === keyQuestion && mapped.has(item.id))
      .map((item) => item.name);
    return { keyQuestion, score, statements, evidenceFor };
  });
}
