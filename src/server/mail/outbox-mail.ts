import type { SendMailOptions } from 'nodemailer';
import { buildReport, reportFileName, type Benchmark, type Report } from '../../core';
import type { ReportContact } from '../../report';
import { resultsLink } from '../../shared/results-link';
import { readBenchmark } from '../benchmark/read-benchmark';
import type { Config } from '../config';
import type { Queryable } from '../db/database';
import type { ClaimedMessage } from '../outbox/outbox-store';
import type { DeliverMessage } from '../outbox/outbox-worker';
import { findEmailRequest, replaceResultsToken, type StoredEmailRequest } from '../leads/email-requests';
import { isWellFormedSecret } from '../http/secrets';
import type { MailTransport } from './mail-transport';
import { teamEmail } from './team-email';
import { visitorEmail } from './visitor-email';

/** Renders a report's PDF; `contact` is what its last page prints (booking link, e-mail, web address). */
export type RenderPdf = (report: Report, contact: ReportContact) => Promise<Uint8Array>;

/** The company's contact details as this server is configured: the same in the e-mail and the download. */
export function reportContact(config: Pick<Config, 'links' | 'publicUrl'>): ReportContact {
  return {
    bookingUrl: config.links.bookingUrl,
    contactEmail: config.links.contactEmail,
    webAddress: config.publicUrl,
  };
}

export interface OutboxMailContext {
  mailFrom: string;
  links: Config['links'];
  renderPdf: RenderPdf;
  /** The site's own address (PUBLIC_URL), for the results link. */
  publicUrl: string;
  /** BENCHMARK_MIN_RESPONSES: how many audits before the e-mail compares the visitor with others. */
  benchmarkMinResponses: number;
}

/** What the visitor's e-mail adds to the stored request, read when it is sent. */
export interface VisitorExtras {
  /** The comparison with providers like the visitor, as it stands when the e-mail is sent. */
  benchmark?: Benchmark;
  /** The results link's token, for "View your results online". */
  resultsToken?: string;
}

/** The domain of the sender's address, for Message-IDs. */
function senderDomain(mailFrom: string): string {
  return /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'care-audit.invalid';
}

/**
 * What every e-mail the outbox sends has: sender, recipient, date, and a Message-ID from the outbox
 * id, so a receiving system can recognise a message that a retry delivered twice.
 */
export function outboxEnvelope(message: ClaimedMessage, mailFrom: string): SendMailOptions {
  return {
    from: mailFrom,
    to: message.recipient,
    messageId: `<${message.id}@${senderDomain(mailFrom)}>`,
    date: new Date(),
    // Tells well-behaved auto-responders (out-of-office) not to answer.
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

/**
 * The e-mail for one outbox message. The visitor's carries the report (with the comparison and
 * the results link in `visitor`) and its PDF, never the note; the team's carries the note and
 * replies go to the visitor.
 */
export async function composeOutboxMail(
  message: ClaimedMessage,
  request: StoredEmailRequest,
  context: OutboxMailContext,
  visitor: VisitorExtras = {},
): Promise<SendMailOptions> {
  const common = outboxEnvelope(message, context.mailFrom);
  if (message.kind === 'team') {
    const { subject, text } = teamEmail({
      requestId: request.id,
      createdAt: request.createdAt,
      email: request.email,
      note: request.note,
      consent: request.consent,
      report: buildReport(request.responses, request.createdAt),
    });
    return { ...common, subject, text, replyTo: request.email };
  }
  const report = buildReport(
    request.responses,
    request.createdAt,
    visitor.benchmark ? { benchmark: visitor.benchmark } : {},
  );
  const { subject, html, text } = visitorEmail(report, {
    bookingUrl: context.links.bookingUrl,
    contactEmail: context.links.contactEmail,
    consented: request.consent !== null,
    ...(visitor.resultsToken ? { resultsUrl: resultsLink(context.publicUrl, visitor.resultsToken) } : {}),
  });
  const pdf = await context.renderPdf(report, reportContact(context));
  return {
    ...common,
    subject,
    html,
    text,
    attachments: [
      {
        filename: reportFileName(report.generatedAt),
        content: Buffer.from(pdf),
        contentType: 'application/pdf',
      },
    ],
  };
}

/** The results token a visitor's message carries in its payload, if it carries one. */
function payloadToken(message: ClaimedMessage): string | undefined {
  const token = (message.payload as { resultsToken?: unknown } | null)?.resultsToken;
  return isWellFormedSecret(token) ? token : undefined;
}

/**
 * Delivers outbox messages through `transport`, reading each request afresh from the database. The
 * visitor's e-mail also reads the benchmark for the visitor's profile, and takes the results token
 * from its message; a message without one (queued before results links, or retried after it
 * failed, which cleared it) gets a new token here, replacing any earlier one.
 */
export function mailDelivery(
  db: Queryable,
  transport: MailTransport,
  context: OutboxMailContext,
): DeliverMessage {
  return async (message) => {
    if (message.requestId === null)
      throw new Error(`outbox message ${message.id} (${message.kind}) has no request`);
    const request = await findEmailRequest(db, message.requestId);
    // Erased since it was queued: its outbox rows went with it, so there is nothing to send or record.
    if (!request) return;
    if (message.kind !== 'visitor') {
      await transport.send(await composeOutboxMail(message, request, context));
      return;
    }
    const resultsToken = payloadToken(message) ?? (await replaceResultsToken(db, request.id));
    if (resultsToken === undefined) return; // erased in the meantime
    const benchmark = await readBenchmark(db, request.profile, context.benchmarkMinResponses);
    await transport.send(await composeOutboxMail(message, request, context, { benchmark, resultsToken }));
  };
}
