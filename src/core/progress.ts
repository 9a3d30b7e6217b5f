import type { AreaScores } from './scoring';

/**
 * Progress over time: the results linked by "Retake with these answers", oldest first. A result
 * reached through a retake points at the one it came from; the chain is those links followed back.
 */

/** At most this many results of a chain are shown (the latest ones): a chart of 12 stays readable. */
export const MAX_HISTORY = 12;

/** One result of a chain: the day it was taken and its scores (the overall worked out from them). */
export interface HistoryEntry {
  /** YYYY-MM-DD (UTC), the day the request was made. */
  takenOn: string;
  scores: AreaScores;
  overall: number;
}

/** The chain a result belongs to, as far back as it is still kept. */
export interface ResultHistory {
  /** Oldest first; the last entry is the result itself. At most MAX_HISTORY, the latest ones. */
  entries: HistoryEntry[];
  /** How many results the chain holds back to its first still kept, this one included (≥ entries.length). */
  total: number;
  /** Whether a later result was made from this one (its own link shows the newer history). */
  laterResults: boolean;
}
