import {
  AREAS,
  overallScore,
  sanitizeProfile,
  sanitizeResponses,
  type AreaScores,
  type EarlierResult,
} from '../../core';
import type { SavedAudit } from '../../shared/saved-audit';
import { isUuid } from '../../shared/uuid';
import { earlierFromState } from '../audit-state/results-state';
import { versionNumber } from '../../core/content/version-number';

/**
 * What a continue link opens, from `GET /api/saved-audits/<token>`: a module apart from the saves
 * (saved-audits.ts), so the continue page loads none of the error handling the forms need.
 */

/**
 * A saved retake's earlier result. The server keeps its day and scores; the overall score is
 * worked out from those when the answer leaves it out, by the rule every overall score follows.
 */
function earlierOf(value: unknown): EarlierResult | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { scores, overall } = value as { scores?: unknown; overall?: unknown };
  const withOverall =
    overall === undefined && typeof scores === 'object' && scores !== null
      ? { ...value, overall: overallScore(scores as AreaScores) }
      : value;
  return earlierFromState({ earlier: withOverall });
}

/** What a continue link opens: the audit, that it was completed, that it is gone, or neither. */
export type SavedAuditAnswer =
  | { status: 'found'; audit: SavedAudit }
  | { status: 'completed' }
  | { status: 'not_found' }
  | { status: 'failed' };

/**
 * `GET /api/saved-audits/<token>`: 404 is an unknown, expired or erased link and 410 a completed
 * one, which the page says plainly; any other failure may pass, so the page offers to try again.
 * The answers are cleaned as any untrusted answers are.
 */
export async function fetchSavedAudit(token: string, signal?: AbortSignal): Promise<SavedAuditAnswer> {
  try {
    const response = await fetch(`/api/saved-audits/${encodeURIComponent(token)}`, {
      headers: { accept: 'application/json' },
      signal,
    });
    if (response.status === 404) return { status: 'not_found' };
    if (response.status === 410) return { status: 'completed' };
    if (!response.ok) return { status: 'failed' };
    const body = (await response.json()) as Partial<Record<keyof SavedAudit, unknown>>;
    const { section, savedAt, expiresOn } = body;
    if (typeof savedAt !== 'string' || Number.isNaN(Date.parse(savedAt))) return { status: 'failed' };
    const earlier = earlierOf(body.earlier);
    return {
      status: 'found',
      audit: {
        section:
          Number.isInteger(section) && (section as number) >= 0 && (section as number) < AREAS.length
            ? (section as number)
            : 0,
        responses: sanitizeResponses(body.responses),
        profile: sanitizeProfile(body.profile),
        ...(earlier ? { earlier } : {}),
        ...(typeof body.retakesAudit === 'string' && isUuid(body.retakesAudit)
          ? { retakesAudit: body.retakesAudit }
          : {}),
        savedAt,
        expiresOn: typeof expiresOn === 'string' ? expiresOn : '',
        contentVersion: versionNumber(body.contentVersion) ?? 1,
      },
    };
  } catch {
    return { status: 'failed' };
  }
}
