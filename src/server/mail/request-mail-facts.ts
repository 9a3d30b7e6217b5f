import { earlierOwnResult, type Benchmark, type EarlierResult, type ResultHistory } from '../../core';
import type { AuditContent } from '../../core/content';
import type { ContentSource } from '../content/content-cache';
import { storedVersion } from '../content/answered-version';
import { readBenchmark } from '../benchmark/read-benchmark';
import type { Queryable } from '../db/database';
import { isWellFormedSecret } from '../http/secrets';
import { findEmailRequest, replaceResultsToken, type StoredEmailRequest } from '../leads/email-requests';
import { readResultHistory } from '../leads/result-history';
import type { ClaimedMessage } from '../outbox/outbox-store';

/** Everything the team's e-mail about a request is made of, read from the database in one step. */
export interface TeamMailFacts {
  kind: 'team';
  message: Pick<ClaimedMessage, 'id' | 'recipient'>;
  request: StoredEmailRequest;
  /** The words of the version the request was answered with. */
  content: AuditContent;
}

/** Everything the visitor's e-mail is made of, read from the database in one step. */
export interface VisitorMailFacts {
  kind: 'visitor';
  message: Pick<ClaimedMessage, 'id' | 'recipient'>;
  request: StoredEmailRequest;
  /** The words of the version the request was answered with: the e-mail and its PDF are in them. */
  content: AuditContent;
  /** The comparison with providers like the visitor, as it stands when the e-mail is sent. */
  benchmark: Benchmark;
  /** The results link's token, for "View your results online". */
  resultsToken: string;
  /** The chain of retakes this request ends, itself last (one entry when it is no retake). */
  history: ResultHistory;
  /** A retake's earlier result, the one before it in `history`: the e-mail says what changed since. */
  earlier?: EarlierResult;
}

export type RequestMailFacts = TeamMailFacts | VisitorMailFacts;

/** The results token a visitor's message carries in its payload, if it carries one. */
function payloadToken(message: ClaimedMessage): string | undefined {
  const token = (message.payload as { resultsToken?: unknown } | null)?.resultsToken;
  return isWellFormedSecret(token) ? token : undefined;
}

/**
 * Reads what a request's e-mail needs, and only that, before anything is composed: the request;
 * for the visitor's, also the benchmark for the visitor's profile and the results token. The token
 * comes from the message's payload; a message without one (queued before results links, or retried
 * after it failed, which cleared it) gets a new token here, replacing any earlier one. Undefined
 * when the request was erased since the message was queued: there is nothing to send or record.
 * A retake's also gets its chain of earlier results still kept (within `retentionDays`).
 */
export async function gatherRequestMail(
  db: Queryable,
  message: ClaimedMessage,
  options: { benchmarkMinResponses: number; retentionDays: number; content: ContentSource },
): Promise<RequestMailFacts | undefined> {
  if (message.requestId === null)
    throw new Error(`outbox message ${message.id} (${message.kind}) has no request`);
  const request = await findEmailRequest(db, message.requestId);
  if (!request) return undefined;
  const { content } = await storedVersion(options.content, request.contentVersion);
  if (message.kind !== 'visitor') return { kind: 'team', message, request, content };
  const resultsToken = payloadToken(message) ?? (await replaceResultsToken(db, request.id));
  if (resultsToken === undefined) return undefined; // erased in the meantime
  const benchmark = await readBenchmark(db, request.profile, options.benchmarkMinResponses);
  const history = await readResultHistory(db, request.id, options.retentionDays);
  const earlier = earlierOwnResult(history);
  return {
    kind: 'visitor',
    message,
    request,
    content,
    benchmark,
    resultsToken,
    history,
    ...(earlier ? { earlier } : {}),
  };
}
