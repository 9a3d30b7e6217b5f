import { Webhook } from 'standardwebhooks';
import type { AuditContent } from '../../core/content';
import type { ContentSource } from '../content/content-cache';
import { storedVersion } from '../content/answered-version';
import type { Database } from '../db/database';
import type { ClaimedMessage } from '../outbox/outbox-store';
import { PermanentDeliveryError, type DeliverMessage } from '../outbox/outbox-worker';
import { findEmailRequest, type StoredEmailRequest } from '../leads/email-requests';
import { leadCreatedEvent } from './lead-created';

export interface WebhookDeliveryOptions {
  /** WEBHOOK_SECRET: `whsec_` and the key in base64. */
  secret: string;
  /** How long one attempt may take, answer included. */
  timeoutMs?: number;
  /** The audit's words by version: the event lists the statements in the request's own. */
  content: ContentSource;
}

/**
 * Why an attempt failed, in words that go to the outbox's last error, the log and the workspace:
 * a status or a network failure, never the URL (it can hold a token) or anything of the lead.
 */
export class WebhookError extends Error {
  override name = 'WebhookError';
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** One signed POST of a lead's event, ready for fetch. */
export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * The request for one webhook message, from plain data (no database, no clock, no network): the
 * stored request's `lead.created` event as the body (its statements in `content`, the words of the
 * version the request names), signed as Standard Webhooks says at `sentAt`, with the
 * message id as `webhook-id` so a retry carries the same id and the receiver can drop a duplicate.
 */
export function composeWebhookRequest(
  message: Pick<ClaimedMessage, 'id' | 'recipient'>,
  request: StoredEmailRequest,
  signer: Webhook,
  sentAt: Date,
  content: AuditContent,
): WebhookRequest {
  const body = JSON.stringify(leadCreatedEvent(request, content));
  return {
    url: message.recipient,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'care-audit-webhooks',
      'webhook-id': message.id,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': signer.sign(message.id, sentAt, body),
    },
    body,
  };
}

/**
 * The outbox's sender for `webhook` messages: gathers the message's request (findEmailRequest, the
 * same reading as the e-mails about it), composes its signed
 * request, and posts it to the message's recipient (WEBHOOK_URL when it was queued). Any 2xx is delivered; 410 Gone means the receiver is gone for good
 * (PermanentDeliveryError: failed at once); anything else — another status, a redirect, no answer
 * within the timeout, no connection — is thrown for the outbox to retry with its growing delays.
 */
export function webhookDelivery(db: Database, options: WebhookDeliveryOptions): DeliverMessage {
  const signer = new Webhook(options.secret);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return async (message: ClaimedMessage) => {
    if (message.requestId === null)
      throw new PermanentDeliveryError('a webhook message must belong to a request');
    const request = await findEmailRequest(db, message.requestId);
    // Erased since it was queued: its outbox rows went with it, so there is nothing to send or record.
    if (!request) return;
    const words = await storedVersion(options.content, request.contentVersion);
    const { url, headers, body } = composeWebhookRequest(message, request, signer, new Date(), words.content);

    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers,
        body,
        // A redirect is not followed: the signed body goes only where WEBHOOK_URL says.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new WebhookError(describeFetchFailure(error, timeoutMs));
    }
    // The receiver's answer is not needed; discarding it frees the connection.
    await response.body?.cancel().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return;
    if (response.status === 410)
      throw new PermanentDeliveryError('the receiver answered 410 Gone: not retried');
    throw new WebhookError(`the receiver answered HTTP ${response.status}`);
  };
}

function describeFetchFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${timeoutMs / 1000} s`;
  }
  // undici puts the system's code (ECONNREFUSED, ENOTFOUND…) on the cause; its message can name the host.
  const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return typeof code === 'string'
    ? `the receiver could not be reached (${code})`
    : 'the receiver could not be reached';
}
