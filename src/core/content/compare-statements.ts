import { AREAS, type AreaId } from '../areas';
import { isRating, type Rating, type Responses } from '../responses';
import type { AuditContent } from './audit-content';
import { areaContent } from './content-words';

/** One result's answers with the words they were given to. */
export interface AnsweredWith {
  responses: Responses;
  content: AuditContent;
  version: number;
}

/** A statement rated differently in two results, named in the later result's words. */
export interface StatementChange {
  areaId: AreaId;
  key: string;
  label: string;
  from: Rating;
  to: Rating;
}

export interface StatementComparison {
  /** Statements whose key both versions share and whose rating changed, in the audit's order. */
  changed: StatementChange[];
  /**
   * The later result's statements whose key the earlier version lacks: a new meaning, so a rating
   * of the old statement says nothing about it and it is not compared (issue 34).
   */
  notCompared: { areaId: AreaId; label: string }[];
  /** Whether the two results were answered in different versions of the audit's words. */
  wordingChanged: boolean;
}

/**
 * Compares two results statement by statement, only where the key continues: a statement reworded
 * with its meaning kept keeps its key and is compared wherever it sits; one given a new key is not.
 * Areas are compared elsewhere, always (their scores do not depend on the wording).
 */
export function compareStatements(earlier: AnsweredWith, later: AnsweredWith): StatementComparison {
  const before = new Map<string, Rating | undefined>();
  for (const area of AREAS) {
    areaContent(earlier.content, area.id).statements.forEach((statement, index) => {
      const rating = earlier.responses[area.id]?.[index];
      before.set(statement.key, isRating(rating) ? rating : undefined);
    });
  }
  const changed: StatementChange[] = [];
  const notCompared: StatementComparison['notCompared'] = [];
  for (const area of AREAS) {
    areaContent(later.content, area.id).statements.forEach((statement, index) => {
      if (!before.has(statement.key)) {
        notCompared.push({ areaId: area.id, label: statement.label });
        return;
      }
      const from = before.get(statement.key);
      const to = later.responses[area.id]?.[index];
      if (from !== undefined && isRating(to) && from !== to) {
        changed.push({ areaId: area.id, key: statement.key, label: statement.label, from, to });
      }
    });
  }
  return { changed, notCompared, wordingChanged: earlier.version !== later.version };
}
