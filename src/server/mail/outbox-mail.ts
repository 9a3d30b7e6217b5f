import type { SendMailOptions } from 'nodemailer';
import { buildReport, reportFileName, type Report } from '../../core';
import type { Config } from '../config';
import type { Queryable } from '../db/database';
import type { ClaimedMessage } from '../outbox/outbox-store';
import type { DeliverMessage } from '../outbox/outbox-worker';
import { findEmailRequest, type StoredEmailRequest } from '../requests/email-requests';
import type { MailTransport } from './mail-transport';
import { teamEmail } from './team-email';
import { visitorEmail } from './visitor-email';

export type RenderPdf = (report: Report) => Promise<Uint8Array>;

export interface OutboxMailContext {
  mailFrom: string;
  links: Config['links'];
  renderPdf: RenderPdf;
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
 * The e-mail for one outbox message. The visitor's carries the report and its PDF, never the note;
 * the team's carries the note and replies go to the visitor.
 */
export async function composeOutboxMail(
  message: ClaimedMessage,
  request: StoredEmailRequest,
  context: OutboxMailContext,
): Promise<SendMailOptions> {
  const report = buildReport(request.responses, request.createdAt);
  const common = outboxEnvelope(message, context.mailFrom);
  if (message.kind === 'team') {
    const { subject, text } = teamEmail({
      requestId: request.id,
      createdAt: request.createdAt,
      email: request.email,
      note: request.note,
      consent: request.consent,
      report,
    });
    return { ...common, subject, text, replyTo: request.email };
  }
  const { subject, html, text } = visitorEmail(report, {
    bookingUrl: context.links.bookingUrl,
    contactEmail: context.links.contactEmail,
    consented: request.consent !== null,
  });
  const pdf = await context.renderPdf(report);
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

/** Delivers outbox messages through `transport`, reading each request afresh from the database. */
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
    await transport.send(await composeOutboxMail(message, request, context));
  };
}
