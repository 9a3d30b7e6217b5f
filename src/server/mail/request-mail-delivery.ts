import type { Queryable } from '../db/database';
import type { DeliverMessage } from '../outbox/outbox-worker';
import { reportContact, type RenderPdf } from '../pdf/report-contact';
import {
  composeTeamMail,
  composeVisitorMail,
  visitorBookingPerson,
  visitorMailReport,
  type RequestMailSettings,
} from './compose-request-mail';
import type { MailTransport } from './mail-transport';
import { gatherRequestMail } from './request-mail-facts';
import type { ContentSource } from '../content/content-cache';

export interface RequestMailContext extends RequestMailSettings {
  renderPdf: RenderPdf;
  /** BENCHMARK_MIN_RESPONSES: how many audits before the e-mail compares the visitor with others. */
  benchmarkMinResponses: number;
  /** RETENTION_DAYS: a retake's e-mail compares it with the earlier results still kept. */
  retentionDays: number;
  /** The audit's words by version: each request's e-mail is in the words it was answered with. */
  content: ContentSource;
}

/**
 * Delivers the outbox's `visitor` and `team` messages through `transport`, in three steps: gather
 * what the message needs from the database (request-mail-facts.ts), render the visitor's PDF, then
 * compose the message from that plain data (compose-request-mail.ts) and send it.
 */
export function mailDelivery(
  db: Queryable,
  transport: MailTransport,
  context: RequestMailContext,
): DeliverMessage {
  return async (message) => {
    const facts = await gatherRequestMail(db, message, context);
    if (!facts) return;
    if (facts.kind === 'team') {
      await transport.send(composeTeamMail(facts, context, new Date()));
      return;
    }
    const report = visitorMailReport(facts);
    const pdf = await context.renderPdf(report, reportContact(context, visitorBookingPerson(facts.request)));
    await transport.send(composeVisitorMail(facts, report, pdf, context, new Date()));
  };
}
