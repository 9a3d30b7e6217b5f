import type { FastifyInstance } from 'fastify';
import { buildReport, overallScore, reportFileName, sanitizeProfile, sanitizeResponses } from '../../core';
import { fieldErrors } from '../../shared/api-errors';
import { reportMoment, reportRequestSchema } from '../../shared/report-request';
import { readBenchmark } from '../benchmark/read-benchmark';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { HttpError } from '../http/http-errors';
import { reportContact, type RenderPdf } from './report-contact';
import type { ClientLimitStore } from '../http/client-limit-store';
import type { ContentSource } from '../content/content-cache';
import { answeredVersion } from '../content/answered-version';
import { registerPerClientLimit, requireJson } from '../http/request-guards';

export interface ReportPdfOptions {
  db: Database;
  config: Pick<Config, 'rateLimit' | 'benchmarkMinResponses' | 'links' | 'publicUrl'>;
  /** The same renderer the e-mail attachment comes from (the PDF thread). */
  renderPdf: RenderPdf;
  /** Where the per-client limit is counted (clientLimitStoreFor). */
  clientLimits: ClientLimitStore;
  /** The audit's words by version: a report is in the words its answers were given to. */
  content: ContentSource;
}

/**
 * `POST /api/report`: the report PDF for the answers sent, as "Download Full Report" saves it.
 * Checked in this order: JSON (415), the per-client limit (429), the fields (400 invalid_request).
 * Then the server scores the answers itself, compares them with providers like the visitor (as
 * the e-mail does), renders the PDF and answers it as an attachment. Nothing of the request is
 * stored, and the answers appear in no log line: they live only while the PDF is made.
 */
export async function reportPdfRoutes(app: FastifyInstance, options: ReportPdfOptions): Promise<void> {
  const { db, config, renderPdf } = options;
  // Its own bucket: a download renders a PDF and sends nothing to anyone.
  await registerPerClientLimit(app, { store: options.clientLimits });

  app.post(
    '/api/report',
    {
      onRequest: requireJson,
      config: {
        rateLimit: { max: config.rateLimit.reportsPerClient, timeWindow: config.rateLimit.perClientWindowMs },
      },
    },
    async (request, reply) => {
      const parsed = reportRequestSchema.safeParse(request.body);
      if (!parsed.success) {
        throw new HttpError(
          400,
          'invalid_request',
          'The report could not be made from this request.',
          fieldErrors(parsed.error),
        );
      }
      const { date, earlier } = parsed.data;
      const words = await answeredVersion(options.content, parsed.data.contentVersion);
      const responses = sanitizeResponses(parsed.data.responses);
      const profile = sanitizeProfile(parsed.data.profile);
      const benchmark = await readBenchmark(db, profile, config.benchmarkMinResponses);
      // The earlier overall is worked out here, as every score is, never taken from the client.
      const report = buildReport(responses, reportMoment(date), {
        content: words.content,
        benchmark,
        ...(earlier
          ? {
              earlier: {
                takenOn: earlier.takenOn,
                scores: earlier.scores,
                overall: overallScore(earlier.scores),
              },
            }
          : {}),
      });
      const pdf = await renderPdf(report, reportContact(config));
      reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${reportFileName(report.generatedAt)}"`)
        .header('Cache-Control', 'no-store');
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    },
  );
}
