import {
  AREA_IDS,
  MAX_HISTORY,
  MAX_TEAM_RESPONDENTS,
  MIN_TEAM_RESPONDENTS,
  overallScore,
  sanitizeProfile,
  sanitizeResponses,
  type AreaScores,
  type HistoryEntry,
  type ResultHistory,
} from '../../core';
import type { StoredResults } from '../../shared/results-link';
import { isUuid } from '../../shared/uuid';
import { versionNumber } from '../../core/content/version-number';

/**
 * The results as the page reads them: the plan is left as the server sent it, to be cleaned by the
 * action plan's own code (stored-plan.ts), which loads after the results; the page's first script
 * has a budget (scripts/budgets.ts) and shows nothing of the plan itself.
 */
export type FetchedResults = Omit<StoredResults, 'plan'> & { plan: unknown };

/** What the private results page can learn of its link: the results, that they are gone, or neither. */
export type StoredResultsAnswer =
  { status: 'found'; results: FetchedResults } | { status: 'not_found' } | { status: 'failed' };

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
        history: historyFrom(body.history),
        plan: body.plan,
        ...(typeof body.auditKey === 'string' && isUuid(body.auditKey) ? { auditKey: body.auditKey } : {}),
        contentVersion: versionNumber(body.contentVersion) ?? 1,
        ...earlierAnswersFrom(body.earlierAnswers),
        // Only a web address becomes the booking link: never a javascript: or data: one.
        ...(typeof body.bookingUrl === 'string' && /^https?:\/\//i.test(body.bookingUrl)
          ? { bookingUrl: body.bookingUrl }
          : {}),
      },
    };
  } catch {
    return { status: 'failed' };
  }
}

/** The earlier result's answers and version, when the server sent them (a retake's result). */
function earlierAnswersFrom(value: unknown): Pick<StoredResults, 'earlierAnswers'> {
  if (typeof value !== 'object' || value === null) return {};
  const { responses, contentVersion } = value as { responses?: unknown; contentVersion?: unknown };
  return {
    earlierAnswers: {
      responses: sanitizeResponses(responses),
      contentVersion: versionNumber(contentVersion) ?? 1,
    },
  };
}

/**
 * The chain of linked results, cleaned as untrusted: an entry that is not a day and five whole
 * percentages is left out, its overall is worked out again from its scores (as every score on the
 * page is), at most the latest MAX_HISTORY are kept, and the total is never fewer than the entries.
 * A closed team audit's entry keeps its mark and its overall (decision 0072); one whose mark is
 * malformed, or counts fewer respondents than a figure may be shown over, is left out.
 * A missing or malformed history is an empty one, so the page simply shows no progress.
 */
export function historyFrom(value: unknown): ResultHistory {
  const history = (typeof value === 'object' && value !== null ? value : {}) as Partial<
    Record<keyof ResultHistory, unknown>
  >;
  const entries = (Array.isArray(history.entries) ? history.entries : [])
    .flatMap((entry) => {
      const clean = entryFrom(entry);
      return clean ? [clean] : [];
    })
    .slice(-MAX_HISTORY);
  const total = Number.isSafeInteger(history.total) ? (history.total as number) : 0;
  return {
    entries,
    total: Math.max(total, entries.length),
    laterResults: history.laterResults === true,
  };
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const isPercentage = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 100;

function entryFrom(value: unknown): HistoryEntry | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { takenOn, scores, overall, team } = value as Partial<Record<keyof HistoryEntry, unknown>>;
  if (typeof takenOn !== 'string' || !ISO_DAY.test(takenOn)) return undefined;
  if (typeof scores !== 'object' || scores === null) return undefined;
  const clean = {} as AreaScores;
  for (const id of AREA_IDS) {
    const score = (scores as Record<string, unknown>)[id];
    if (!isPercentage(score)) return undefined;
    clean[id] = score;
  }
  const respondents = teamRespondents(team);
  if (team !== undefined && respondents === undefined) return undefined;
  if (respondents === undefined) return { takenOn, scores: clean, overall: overallScore(clean) };
  // A team audit's overall is the median of its respondents' overall scores (teamResultScores),
  // not the mean of its area medians: it is kept as sent, so the page gives the team one overall.
  if (!isPercentage(overall)) return undefined;
  return { takenOn, scores: clean, overall, team: { respondents } };
}

/** A team audit's respondents, when the entry is one: a count its figures may be shown over. */
function teamRespondents(team: unknown): number | undefined {
  if (typeof team !== 'object' || team === null) return undefined;
  const { respondents } = team as { respondents?: unknown };
  return Number.isInteger(respondents) &&
    (respondents as number) >= MIN_TEAM_RESPONDENTS &&
    (respondents as number) <= MAX_TEAM_RESPONDENTS
    ? (respondents as number)
    : undefined;
}
