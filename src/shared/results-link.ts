import type { ActionPlanItem, Responses, ResultHistory, ServiceProfile } from '../core';

/**
 * The private results link, `PUBLIC_URL/results/<token>`: the token is 32 random bytes in base64url
 * (43 characters, 256 bits), made by the server for each e-mail request and stored only as a hash.
 */
export const RESULTS_PATH = '/results';
export const RESULTS_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** What every route behind a results link answers when the link opens nothing (404). */
export const RESULTS_NOT_FOUND_MESSAGE =
  'There are no results at this link. It may have been mistyped, or the results have been deleted.';

/** The link the visitor's e-mail carries. */
export function resultsLink(publicUrl: string, token: string): string {
  return `${publicUrl}${RESULTS_PATH}/${token}`;
}

/** The token in a results page's path, or undefined when the path is not one. */
export function resultsTokenFromPath(pathname: string): string | undefined {
  const prefix = `${RESULTS_PATH}/`;
  if (!pathname.startsWith(prefix)) return undefined;
  const token = pathname.slice(prefix.length).replace(/\/+$/, '');
  return RESULTS_TOKEN_PATTERN.test(token) ? token : undefined;
}

/** `GET /api/results/<token>`: the stored request's answers, as the results page renders them. */
export interface StoredResults {
  /** When the request was made (ISO 8601): the report's date. */
  createdAt: string;
  responses: Responses;
  /** The profile the visitor gave, or {} when they skipped it. */
  profile: ServiceProfile;
  /** The results linked by "Retake with these answers", this one last (entries has just it when alone). */
  history: ResultHistory;
  /** The action plan kept on this page: one item per marked topic. */
  plan: ActionPlanItem[];
  /**
   * The key this result's audit was sent to the benchmark with, when the request kept one: a retake
   * from this page names it (`retakes`), and replaces that audit in the comparison.
   */
  auditKey?: string;
  /** The version of the audit's words it was answered with: the page shows it in them (issue 34). */
  contentVersion: number;
  /**
   * The answers of the result this one was retaken from, if it is still kept, and their version:
   * the page compares them statement by statement where the statement's key continues.
   */
  earlierAnswers?: { responses: Responses; contentVersion: number };
  /**
   * The page's "Book a free consultation" link: BOOKING_URL, filled in with the visitor's name and
   * address when they consented (booking-link.ts). The server fills it in, so the page carries no
   * merging code and is given the link, never the name and address apart.
   */
  bookingUrl?: string;
}
