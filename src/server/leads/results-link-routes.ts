import type { FastifyInstance } from 'fastify';
import { bookingLinkFor } from '../../shared/booking-link';
import { RESULTS_NOT_FOUND_MESSAGE, RESULTS_PATH, type StoredResults } from '../../shared/results-link';
import type { Queryable } from '../db/database';
import { HttpError } from '../http/http-errors';
import { markPrivate } from '../http/private-answer';
import { findResultAuditKey } from '../benchmark/result-audit-keys';
import { findRetakeOriginId, findStoredResults } from './email-requests';
import { sendSiteFile, type SiteFile } from '../site/static-site';

export interface ResultsLinkOptions {
  db: Queryable;
  /** A request older than this opens nothing, whether or not the daily purge has removed it yet. */
  retentionDays: number;
  /** BOOKING_URL (or its placeholder): the page's booking link, filled in for a visitor who consented. */
  bookingUrl: string;
  /** The pre-rendered private results page (the build's `/results` row), or null without a built site. */
  page: SiteFile | null;
}

/**
 * The private results link, `PUBLIC_URL/results/<token>`: the page, and the stored answers it
 * renders from. A malformed, unknown, erased or expired token is one and the same 404, so an answer
 * never tells whether a token once existed. No rate limit: a token is 256 random bits, too many to
 * guess by asking, and a look-up is one indexed query on its hash.
 */
export async function resultsLinkRoutes(app: FastifyInstance, options: ResultsLinkOptions): Promise<void> {
  const { db, retentionDays, bookingUrl, page } = options;

  app.get<{ Params: { token: string } }>(
    '/api/results/:token',
    async (request, reply): Promise<StoredResults> => {
      markPrivate(reply);
      const found = await findStoredResults(db, request.params.token, retentionDays);
      if (!found) throw new HttpError(404, 'not_found', RESULTS_NOT_FOUND_MESSAGE);
      // The key of this result's anonymous audit, which "Retake with these answers" names (0062).
      const requestId = await findRetakeOriginId(db, request.params.token, retentionDays);
      const auditKey = requestId && (await findResultAuditKey(db, requestId));
      return {
        ...found.results,
        ...(auditKey ? { auditKey } : {}),
        bookingUrl: bookingLinkFor(bookingUrl, found.bookingPerson),
      };
    },
  );

  // The page is the same pre-rendered shell for every token (it fetches the answers above), but it
  // is served only for a live token, so an unknown or expired link is a true 404 from the start.
  app.get<{ Params: { token: string } }>(`${RESULTS_PATH}/:token`, async (request, reply) => {
    markPrivate(reply);
    if (page && (await findStoredResults(db, request.params.token, retentionDays))) {
      return sendSiteFile(request, reply, page);
    }
    return reply.callNotFound();
  });
}
