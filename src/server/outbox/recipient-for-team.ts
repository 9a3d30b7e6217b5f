import { maskAddress } from '../activity/team-activity';
import type { OutboxKind } from './outbox-store';

/**
 * Where a message went, as the team is shown it (the workspace, the team API, the CLI). An e-mail's
 * recipient is its address, shown as it is. A webhook's is WEBHOOK_URL, whose path or query can
 * hold the receiver's secret token (Zapier's catch hooks do): anyone who has it can post leads to
 * the CRM, so the team sees its host alone ("hooks.zapier.com"), which is enough to tell which
 * receiver failed. The outbox itself keeps the whole URL: it has to post to it.
 */
export function recipientForTeam(kind: OutboxKind, recipient: string): string {
  if (kind === 'webhook') return webhookRecipientForTeam(recipient);
  // A continue link's address is the visitor's, given to save an audit, not to be a lead: the team
  // sees saved audits only as a count (an address only with consent, in its own view), so a failed
  // one is shown masked.
  if (kind === 'continue') return maskAddress(recipient);
  return recipient;
}

/** What a webhook URL that cannot be read is shown as (the configuration checks it, so none should be). */
export const UNREADABLE_WEBHOOK = 'the webhook receiver';

/** A webhook URL's host (and port, if it names one), without its user, password, path or query. */
export function webhookRecipientForTeam(url: string): string {
  try {
    return new URL(url).host || UNREADABLE_WEBHOOK;
  } catch {
    return UNREADABLE_WEBHOOK;
  }
}
