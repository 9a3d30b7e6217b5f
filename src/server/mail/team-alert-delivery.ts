import type { Queryable } from '../db/database';
import type { DeliverMessage } from '../outbox/outbox-worker';
import type { MailTransport } from './mail-transport';
import { gatherLeadAlert, gatherLeadDigest } from './team-alert-facts';
import { composeLeadAlertMail, composeLeadDigestMail, type TeamAlertSettings } from './team-alert-email';

/**
 * Sends the outbox's `lead_alert` messages: gathers the lead at a glance, composes, sends. A lead
 * erased since the alert was queued took the alert with it; one erased while it is being sent
 * gathers nothing, and nothing goes.
 */
export function leadAlertDelivery(
  db: Queryable,
  transport: MailTransport,
  settings: TeamAlertSettings,
): DeliverMessage {
  return async (message) => {
    const facts = await gatherLeadAlert(db, message);
    if (!facts) return;
    await transport.send(composeLeadAlertMail(facts, settings, new Date()));
  };
}

/**
 * Sends the outbox's `lead_digest` messages: gathers the leads of the digest's period as they are
 * at send time (so an erased lead is never listed), composes, sends. A period left with no lead
 * sends nothing.
 */
export function leadDigestDelivery(
  db: Queryable,
  transport: MailTransport,
  settings: TeamAlertSettings,
): DeliverMessage {
  return async (message) => {
    const facts = await gatherLeadDigest(db, message);
    if (!facts) return;
    await transport.send(composeLeadDigestMail(facts, settings, new Date()));
  };
}
