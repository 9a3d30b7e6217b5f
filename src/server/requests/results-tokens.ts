import { createHash } from 'node:crypto';
import { RESULTS_TOKEN_PATTERN } from '../../shared/results-link';
import { newSecret } from '../team/team-sessions';

/**
 * The private results link's token: 32 random bytes (256 bits, far past guessing), made once per
 * e-mail request. The database keeps only its SHA-256 hash, so a copy of the database (a backup, an
 * export) opens nobody's results; the token itself lives only in the visitor's e-mail and, until
 * that is sent, in its outbox message.
 */
export function newResultsToken(): string {
  return newSecret();
}

/** Whether `value` can be a token at all: anything else is refused without asking the database. */
export function isWellFormedResultsToken(value: unknown): value is string {
  return typeof value === 'string' && RESULTS_TOKEN_PATTERN.test(value);
}

/**
 * The token's SHA-256 hash in hex, as the queries pass it (`decode($n, 'hex')` into the bytea
 * column): the one place the hash is computed, for storing and for looking up alike.
 */
export function resultsTokenHashHex(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
