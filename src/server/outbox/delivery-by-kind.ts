import type { OutboxKind } from './outbox-store';
import { PermanentDeliveryError, type DeliverMessage } from './outbox-worker';

/**
 * One outbox, several ways out: each kind of message is handed to its own sender (the request
 * e-mails, the sign-in e-mail, the webhook, the team's lead alerts and digests). A kind with no sender in this process fails for good
 * rather than being retried for ever (a webhook queued before WEBHOOK_URL was unset, say).
 */
export function deliveryByKind(senders: Partial<Record<OutboxKind, DeliverMessage>>): DeliverMessage {
  return async (message) => {
    const send = senders[message.kind];
    if (!send) throw new PermanentDeliveryError(`this server has no sender for ${message.kind} messages`);
    await send(message);
  };
}
