import { sanitizeResponses, type Responses } from '../../core';

/** What travels to /audit-results and /email-results as navigation state, so a reload of the same history entry keeps the results. */
export interface ResultsState {
  responses: Responses;
  overallScore: number;
}

/**
 * The answers from navigation state, cleaned; missing state means no answers (every score 0), and the
 * scores are always recomputed from the answers rather than taken from the state.
 */
export function responsesFromState(state: unknown): Responses {
  if (typeof state !== 'object' || state === null) return {};
  return sanitizeResponses((state as { responses?: unknown }).responses);
}
