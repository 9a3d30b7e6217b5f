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
import { isUuid } from '../../shared/uuid';
import { versionNumber } from '../../core/content/version-number';

/** What travels to /audit-results and /email-results as navigation state, so a reload of the same history entry keeps the results. */
export interface ResultsState {
  responses: Responses;
  overallScore: number;
  /** The optional service type and size, given on the results page ({} while not given). */
  profile?: ServiceProfile;
  /**
   * The key the completed audit was sent to the benchmark with: giving the profile on the results
   * page sends the same audit again under it, so the server updates that audit instead of adding one.
   */
  idempotencyKey?: string;
  /**
   * A retake's: the key of the audit it retakes, sent again with the audit when the profile is given,
   * so that resend, should it be the one that arrives, still replaces that audit.
   */
  retakesAudit?: string;
  /** For a retake ("Retake with these answers"): the result the change per area is shown against. */
  earlier?: EarlierResult;
  /** Where the audit came from, sent with an e-mail request so its result joins the chain it belongs to. */
  origin?: AuditOrigin;
  /** The version of the audit's words it was answered with; absent means version 1 (issue 34). */
  contentVersion?: number;
}

/**
 * The private links an audit came through, each a 43-character token: `retakeOf`, the results link
 * whose "Retake with these answers" started it; `continueToken`, the continue link it was reopened
 * from. The e-mail request carries them, so the result it stores is linked to the one it came from.
 */
export interface AuditOrigin {
  retakeOf?: string;
  continueToken?: string;
}

/** What a results state may carry beside the answers. */
export interface ResultsStateExtras {
  profile?: ServiceProfile;
  earlier?: EarlierResult;
  idempotencyKey?: string;
  retakesAudit?: string;
  origin?: AuditOrigin;
  contentVersion?: number;
}

/**
 * The state that opens the results (or the e-mail screen) for these answers: the score worked out
 * from them, the profile ({} while not given), the earlier result only for a retake, the key of
 * the audit as the benchmark has it when it was sent, and the links it came through.
 */
export function resultsStateFor(
  responses: Responses,
  { profile = {}, earlier, idempotencyKey, retakesAudit, origin, contentVersion }: ResultsStateExtras = {},
): ResultsState {
  const links = origin ? originFromState({ origin }) : undefined;
  return {
    responses,
    overallScore: overallScore(scoreAreas(responses)),
    profile,
    ...(earlier ? { earlier } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
    ...(retakesAudit && isUuid(retakesAudit) ? { retakesAudit } : {}),
    ...(links ? { origin: links } : {}),
    ...(contentVersion !== undefined && contentVersion !== 1 ? { contentVersion } : {}),
  };
}

/** The version of the words a results state's answers were given to: version 1 unless it names another. */
export function contentVersionFromState(state: unknown): number {
  const version =
    typeof state === 'object' && state !== null ? (state as ResultsState).contentVersion : undefined;
  return versionNumber(version) ?? 1;
}

const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The links an audit came through, from navigation or stored state; undefined when there are none. */
export function originFromState(state: unknown): AuditOrigin | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const origin = (state as { origin?: unknown }).origin;
  if (typeof origin !== 'object' || origin === null) return undefined;
  const { retakeOf, continueToken } = origin as Record<string, unknown>;
  const links: AuditOrigin = {
    ...(typeof retakeOf === 'string' && LINK_TOKEN.test(retakeOf) ? { retakeOf } : {}),
    ...(typeof continueToken === 'string' && LINK_TOKEN.test(continueToken) ? { continueToken } : {}),
  };
  return links.retakeOf || links.continueToken ? links : undefined;
}

/** The benchmark key of the audit from navigation state, or undefined when it is missing or malformed. */
export function idempotencyKeyFromState(state: unknown): string | undefined {
  return auditKeyFromState(state, 'idempotencyKey');
}

/** The key of the audit a retake retakes, from navigation state; undefined when missing or malformed. */
export function retakesAuditFromState(state: unknown): string | undefined {
  return auditKeyFromState(state, 'retakesAudit');
}

function auditKeyFromState(state: unknown, field: 'idempotencyKey' | 'retakesAudit'): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const key = (state as Record<string, unknown>)[field];
  return typeof key === 'string' && isUuid(key) ? key : undefined;
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
