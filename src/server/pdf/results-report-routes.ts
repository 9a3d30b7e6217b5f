import type { FastifyInstance } from 'fastify';
import { buildReport, earlierOwnResult, reportFileName } from '../../core';
import { reportMoment } from '../../shared/report-day';
import { readBenchmark } from '../benchmark/read-benchmark';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { ClientLimitStore } from '../http/client-limit-store';
import type { ContentSource } from '../content/content-cache';
import { storedVersion } from '../content/answered-version';
import { HttpError } from '../http/http-errors';
import { markPrivate } from '../http/private-answer';
import { registerPerClientLimit, requireJson } from '../http/request-guards';
import { findRetakeOriginId, findStoredResults } from '../leads/email-requests';
import { teamViewOfResult } from '../team-audits/team-results';
import { RESULTS_NOT_FOUND_MESSAGE } from '../../shared/results-link';
import { reportContact, type RenderPdf } from './report-contact';

export interface ResultsReportOptions {
  db: Database;
  config: Pick<Config, 'rateLimit' | 'benchmarkMinResponses' | 'links' | 'publicUrl' | 'retentionDays'>;
  /** The same renderer the e-mail attachment and `/api/report` use (the PDF thread). */
  renderPdf: RenderPdf;
  /** Where the per-client limit is counted (clientLimitStoreFor). */
  clientLimits: ClientLimitStore;
  /** The audit's words by version: a report is in the words its answers were given to. */
  content: ContentSource;
}

/**
 * `POST /api/results/<token>/report`: the PDF of the result a private results link stands for, as
 * its page's "Download Full Report" saves it. The body is `{}`: everything the report holds is the
 * server's own (the stored answers and profile, the chain of linked results, the action plan, the
 * team's view of its latest team audit once 3 colleagues have answered), so a client can neither
 * add nor change any of it. Checked in this order: JSON (415), the per-client
 * limit (429, the same figure as `/api/report`'s, counted apart), the body (400), the token (404,
 * one answer for malformed, unknown, erased or expired). The report is dated the day the result
 * was taken and compared with the result before it and with providers like it as they are now.
 */
export async function resultsReportRoutes(
  app: FastifyInstance,
  options: ResultsReportOptions,
): Promise<void> {
  const { db, config, renderPdf } = options;
  await registerPerClientLimit(app, { store: options.clientLimits });

  app.post<{ Params: { token: string } }>(
    '/api/results/:token/report',
    {
      onRequest: requireJson,
      config: {
        rateLimit: { max: config.rateLimit.reportsPerClient, timeWindow: config.rateLimit.perClientWindowMs },
      },
    },
    async (request, reply) => {
      // The address holds a secret, as the results link's own does.
      markPrivate(reply);
      const { body } = request;
      if (typeof body !== 'object' || body === null || Array.isArray(body) || Object.keys(body).length > 0) {
        throw new HttpError(
          400,
          'invalid_request',
          'Send an empty JSON object ({}): the report is made from the results stored at this link.',
        );
      }
      const found = await findStoredResults(db, request.params.token, config.retentionDays);
      if (!found) throw new HttpError(404, 'not_found', RESULTS_NOT_FOUND_MESSAGE);
      const { results, bookingPerson } = found;
      const { responses, profile, history, plan } = results;
      const words = await storedVersion(options.content, results.contentVersion);
      const benchmark = await readBenchmark(db, profile, config.benchmarkMinResponses);
      const resultId = await findRetakeOriginId(db, request.params.token, config.retentionDays);
      const team = resultId ? await teamViewOfResult(db, options.content, resultId) : undefined;
      // createdAt is ISO 8601 in UTC: its first ten characters are the day the result was taken.
      const report = buildReport(responses, reportMoment(results.createdAt.slice(0, 10)), {
        content: words.content,
        benchmark,
        // The result before this one in its chain, the last entry being this one.
        earlier: earlierOwnResult(history),
        history,
        plan,
        ...(team ? { team } : {}),
      });
      // The visitor's own report: its booking link filled in, as in their e-mail, when they consented.
      const pdf = await renderPdf(report, reportContact(config, bookingPerson));
      reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${reportFileName(report.generatedAt)}"`);
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    },
  );
}
