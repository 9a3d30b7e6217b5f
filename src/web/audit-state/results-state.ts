import {
  AREA_IDS,
  overallScore,
  sanitizeProfile,
  scoreAreas,
  sanitizeResponses,
  type EarlierResult,
  type Responses,
  type ServiceProfile,
} from '../../core';

/** What travels to /audit-results and /email-results as navigation state, so a reload of the same history entry keeps the results. */
export interface ResultsState {
  responses: Responses;
  overallScore: number;
  /** The optional service type and size the visitor gave after the last section ({} if skipped). */
  profile?: ServiceProfile;
  /** For a retake ("Retake with these answers"): the result the change per area is shown against. */
  earlier?: EarlierResult;
}

/**
 * The state that opens the results (or the e-mail screen) for these answers: the score worked out
 * from them, the profile ({} when the question was skipped), the earlier result only for a retake.
 */
export function resultsStateFor(
  responses: Responses,
  profile: ServiceProfile = {},
  earlier?: EarlierResult,
): ResultsState {
  return {
    responses,
    overallScore: overallScore(scoreAreas(responses)),
    profile,
    ...(earlier ? { earlier } : {}),
  };
}

/**
 * The answers from navigation state, cleaned; missing state means no answers (every score 0), and the
 * scores are always recomputed from the answers rather than taken from the state.
 */
export function responsesFromState(state: unknown): Responses {
  if (typeof state !== 'object' || state === null) return {};
  return sanitizeResponses((state as { responses?: unknown }).responses);
}

/** The profile from navigation state, cleaned: unknown values are dropped. */
export function profileFromState(state: unknown): ServiceProfile {
  if (typeof state !== 'object' || state === null) return {};
  return sanitizeProfile((state as { profile?: unknown }).profile);
}

/** The earlier result from navigation state, or undefined when it is missing or malformed. */
export function earlierFromState(state: unknown): EarlierResult | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const earlier = (state as { earlier?: unknown }).earlier as Partial<EarlierResult> | undefined;
  if (typeof earlier !== 'object' || earlier === null) return undefined;
  const { takenOn, scores, overall } = earlier;
  if (typeof takenOn !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(takenOn)) return undefined;
  if (!isPercent(overall) || typeof scores !== 'object' || scores === null) return undefined;
  if (!AREA_IDS.every((id) => isPercent((scores as Record<string, unknown>)[id]))) return undefined;
  return { takenOn, scores, overall };
}

function isPercent(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 100;
}
