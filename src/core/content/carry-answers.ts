import { AREAS } from '../areas';
import { isRating, type Rating, type Responses } from '../responses';
import type { AuditQuestions } from './audit-content';
import { areaQuestions } from './content-words';

/**
 * Answers given in one version, carried into another by statement key ("Retake with these
 * answers" after a publish): a statement whose key continues keeps its rating wherever it now
 * sits; one with a new key starts unrated, as its meaning is new.
 */
export function carryAnswers(responses: Responses, from: AuditQuestions, to: AuditQuestions): Responses {
  const byKey = new Map<string, Rating>();
  for (const area of AREAS) {
    areaQuestions(from, area.id).statements.forEach((statement, index) => {
      const rating = responses[area.id]?.[index];
      if (isRating(rating)) byKey.set(statement.key, rating);
    });
  }
  const carried: Responses = {};
  for (const area of AREAS) {
    const answers: Partial<Record<number, Rating>> = {};
    areaQuestions(to, area.id).statements.forEach((statement, index) => {
      const rating = byKey.get(statement.key);
      if (rating !== undefined) answers[index] = rating;
    });
    if (Object.keys(answers).length > 0) carried[area.id] = answers;
  }
  return carried;
}
