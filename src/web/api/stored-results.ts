import { sanitizeProfile, sanitizeResponses } from '../../core';
import type { StoredResults } from '../../shared/results-link';
import { readActionPlan } from './action-plan';

/** What the private results page can learn of its link: the results, that they are gone, or neither. */
export type StoredResultsAnswer =
  { status: 'found'; results: StoredResults } | { status: 'not_found' } | { status: 'failed' };

/**
 * The results a private link stands for, from `GET /api/results/<token>`. A 404 means the link is
 * unknown, expired or erased, which the page says plainly; any other failure may pass, so the page
 * offers to try again. The answers are cleaned as any untrusted answers are.
 */
export async function fetchStoredResults(token: string, signal?: AbortSignal): Promise<StoredResultsAnswer> {
  try {
    const response = await fetch(`/api/results/${encodeURIComponent(token)}`, {
      headers: { accept: 'application/json' },
      signal,
    });
    if (response.status === 404) return { status: 'not_found' };
    if (!response.ok) return { status: 'failed' };
    const body = (await response.json()) as Partial<Record<keyof StoredResults, unknown>>;
    const createdAt = typeof body.createdAt === 'string' ? new Date(body.createdAt) : undefined;
    if (!createdAt || Number.isNaN(createdAt.getTime())) return { status: 'failed' };
    return {
      status: 'found',
      results: {
        createdAt: createdAt.toISOString(),
        responses: sanitizeResponses(body.responses),
        profile: sanitizeProfile(body.profile),
        // Scaffolding for issue 23: the history and the plan are cleaned by their own readers (to come).
        history: { entries: [], total: 0, laterResults: false },
        plan: readActionPlan(body.plan),
      },
    };
  } catch {
    return { status: 'failed' };
  }
}
