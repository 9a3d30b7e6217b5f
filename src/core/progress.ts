import type { AreaScores } from './scoring';

/**
 * Progress over time: the results linked by "Retake with these answers", oldest first. A result
 * reached through a retake points at the one it came from; the chain is those links followed back.
 */

/** At most this many results of a chain are shown (the latest ones): a chart of 12 stays readable. */
export const MAX_HISTORY = 12;

/** One result of a chain: the day it was taken and its scores (the overall worked out from them). */
export interface HistoryEntry {
  /** YYYY-MM-DD (UTC), the day the request was made (a team audit's: the day it closed). */
  takenOn: string;
  scores: AreaScores;
  overall: number;
  /**
   * Set on a closed team audit's entry (decision 0069): the team's medians, over this many
   * respondents ("Team audit, 12 respondents"). Absent on the manager's own results.
   */
  team?: { respondents: number };
}

/** The chain a result belongs to, as far back as it is still kept. */
export interface ResultHistory {
  /**
   * Oldest first; the last of the manager's own entries (not `team`) is the result itself, which a
   * team audit opened from it and closed since may follow. At most MAX_HISTORY, the latest ones.
   */
  entries: HistoryEntry[];
  /** How many results the chain holds back to its first still kept, this one included (≥ entries.length). */
  total: number;
  /** Whether a later result was made from this one (its own link shows the newer history). */
  laterResults: boolean;
}

/** The result itself in its history: the last entry that is the manager's own, not a team audit. */
export function ownResultIndex(history: ResultHistory): number {
  return history.entries.findLastIndex((entry) => !entry.team);
}

/**
 * The manager's own result before this one, which "what changed" compares with: a team audit is a
 * result of the chain but not one of hers, so a retake is compared like with like (decision 0069).
 */
export function earlierOwnResult(history: ResultHistory): HistoryEntry | undefined {
  const own = ownResultIndex(history);
  return history.entries.slice(0, Math.max(own, 0)).findLast((entry) => !entry.team);
}
