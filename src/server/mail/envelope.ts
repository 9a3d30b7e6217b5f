import type { SendMailOptions } from 'nodemailer';
import type { ClaimedMessage } from '../outbox/outbox-store';

/** The domain of the sender's address, for Message-IDs. */
function senderDomain(mailFrom: string): string {
  return /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'care-audit.invalid';
}

/**
 * What every e-mail the outbox sends has: sender, recipient, date, and a Message-ID from the outbox
 * id, so a receiving system can recognise a message that a retry delivered twice.
 */
export function outboxEnvelope(
  message: Pick<ClaimedMessage, 'id' | 'recipient'>,
  mailFrom: string,
  date: Date,
): SendMailOptions {
  return {
    from: mailFrom,
    to: message.recipient,
    messageId: `<${message.id}@${senderDomain(mailFrom)}>`,
    date,
    // Tells well-behaved auto-responders (out-of-office) not to answer.
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}
