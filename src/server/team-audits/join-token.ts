import { createHmac } from 'node:crypto';
import { secretHash } from '../http/secrets';

/**
 * A team audit's join token (decision 0069): HMAC-SHA256 of the team audit's id, keyed with the
 * results link's token, in base64url (43 characters, 256 bits). Only the results link can make it,
 * so the manager's page can show the same link again on any device without the server keeping it;
 * the server keeps its SHA-256 alone (`join_token_hash`), as it does every other secret's.
 */
export function joinTokenFor(resultsToken: string, teamAuditId: string): string {
  return createHmac('sha256', resultsToken).update(`team-audit:${teamAuditId}`).digest('base64url');
}

/** The join token's hash as a bytea query parameter takes it (`decode($n, 'hex')`). */
export function joinTokenHash(joinToken: string): string {
  return secretHash(joinToken, 'hex');
}
