import { ADVISORY_LOCKS } from './advisory-locks';
import type { Queryable } from './database';

/**
 * The locks that make work on one address take turns until the transaction ends, for every table
 * that holds an address a visitor gave (e-mail requests, saved audits). Storing anything for an
 * address takes the mailbox's lock then the exact address's, the order store_email_request() takes
 * them in; erasing an address takes only the exact address's. None waits in a circle.
 */

/**
 * The exact address's lock (the address as normalizeEmail made it): storing for an address and
 * erasing it take turns, so a row being stored at that moment is either erased too or stored after
 * the erasure, never half of each.
 */
export async function lockRecipient(tx: Queryable, emailNormalized: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [
    ADVISORY_LOCKS.recipient,
    emailNormalized,
  ]);
}

/**
 * The mailbox's lock, then the exact address's: what a per-address limit needs, so two stores for
 * variants of one mailbox (a+1@… and a+2@…) cannot both slip under it. Resolves with the mailbox
 * key (`mailbox_key()`, the database's one rule: lower-cased, +tag removed, Gmail's dots) that the
 * limit counts by.
 */
export async function lockMailbox(tx: Queryable, email: string, emailNormalized: string): Promise<string> {
  const { rows } = await tx.query<{ key: string }>('SELECT mailbox_key($1) AS key', [email]);
  const key = rows[0]?.key;
  if (key === undefined) throw new Error('mailbox_key() gave no key');
  await lockRecipient(tx, key);
  await lockRecipient(tx, emailNormalized);
  return key;
}
