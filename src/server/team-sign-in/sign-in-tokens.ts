import { ADVISORY_LOCKS } from '../db/advisory-locks';
import type { Database, Queryable } from '../db/database';
import { normalizeEmail } from '../../shared/email-address';
import { isWellFormedSecret, newSecret, secretHash } from '../http/secrets';
import { msInterval } from '../db/ms-interval';
import { deleteFinishedMessages, queueMessage } from '../outbox/outbox-store';

/**
 * One-time sign-in links. A link carries 32 random bytes; the table keeps only their SHA-256 hash.
 * A link is good for SIGN_IN_LINK_TTL_MS and for one use: using it is one update that sets used_at
 * only where it is still unset, so two presses of the button (or two instances) cannot both sign in.
 */

export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;
/** At most this many links per address in SIGN_IN_LIMIT_WINDOW_MS; more are silently not sent. */
export const SIGN_IN_LIMIT = 5;
export const SIGN_IN_LIMIT_WINDOW_MS = 15 * 60 * 1000;
/** Links are kept this long after they were made, used or not, then purged. */
export const SIGN_IN_LINK_KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * Purges the links made SIGN_IN_LINK_KEEP_MS or more ago, used or not, and their e-mails once done
 * with (sent, or failed and shown to the team for a day): they belong to no request, so the
 * retention purge never reaches them. Run by the sign-in clean-up job; an e-mail still to send stays.
 */
export async function forgetOldSignInLinks(db: Queryable): Promise<{ links: number; emails: number }> {
  const links = await db.query(
    `DELETE FROM team_sign_in_tokens WHERE created_at <= now() - ${msInterval('$1')}`,
    [SIGN_IN_LINK_KEEP_MS],
  );
  const emails = await deleteFinishedMessages(db, 'sign_in', SIGN_IN_LINK_KEEP_MS);
  return { links: links.rowCount, emails };
}

/** What asking for a link did. The HTTP answer is the same for every outcome. */
export type SignInRequestOutcome = 'queued' | 'not_on_team' | 'over_limit';

// The savepoint that undoes a link made for an address that gets none (see requestSignInLink).
const LINK_SAVEPOINT = 'sign_in_link';

/**
 * Makes a sign-in link for `email` if it is on the team and under its limit, and queues the
 * `sign_in` outbox message carrying the token in the same transaction.
 *
 * Every request does the same work, whoever asks: the lock, the count, the link's row and its
 * e-mail's row; for an address not on the team, or over its limit, the two rows are then undone
 * (rolled back to a savepoint, so nothing of them is ever seen or kept). Before, a stranger's
 * request stopped after the count and answered in about half a member's time, which told anyone
 * with a stopwatch who is on the team (issue 36, docs/decisions/0080-equal-cost-sign-in.md).
 */
export async function requestSignInLink(
  db: Database,
  email: string,
  teamEmails: readonly string[],
): Promise<SignInRequestOutcome> {
  const address = normalizeEmail(email);
  const onTeam = teamEmails.includes(address);
  return db.transaction(async (tx) => {
    // Requests for links to one address take turns, so two at once (on one instance or two)
    // cannot both slip under the limit.
    await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [ADVISORY_LOCKS.signIn, address]);
    const { rows } = await tx.query<{ recent: string }>(
      `SELECT count(*) AS recent FROM team_sign_in_tokens WHERE email = $1 AND created_at > now() - ${msInterval('$2')}`,
      [address, SIGN_IN_LIMIT_WINDOW_MS],
    );
    const outcome: SignInRequestOutcome = !onTeam
      ? 'not_on_team'
      : Number(rows[0]?.recent ?? 0) >= SIGN_IN_LIMIT
        ? 'over_limit'
        : 'queued';
    await tx.query(`SAVEPOINT ${LINK_SAVEPOINT}`);
    const token = newSecret();
    await tx.query(
      `INSERT INTO team_sign_in_tokens (token_hash, email, expires_at) VALUES ($1, $2, now() + ${msInterval('$3')})`,
      [secretHash(token), address, SIGN_IN_LINK_TTL_MS],
    );
    await queueMessage(tx, { kind: 'sign_in', recipient: address, requestId: null, payload: { token } });
    await tx.query(
      outcome === 'queued'
        ? `RELEASE SAVEPOINT ${LINK_SAVEPOINT}`
        : `ROLLBACK TO SAVEPOINT ${LINK_SAVEPOINT}`,
    );
    return outcome;
  });
}

export type RedeemResult =
  { ok: true; email: string } | { ok: false; reason: 'token_used' | 'token_expired' | 'token_invalid' };

/**
 * Uses a link's token once. Fails as token_used (already used), token_expired (past its 15
 * minutes), or token_invalid (never issued, malformed, purged, or its address is no longer in
 * `teamEmails`). Pass the transaction that starts the session, so the token is spent only with it.
 */
export async function redeemSignInToken(
  tx: Queryable,
  token: unknown,
  teamEmails: readonly string[],
): Promise<RedeemResult> {
  if (!isWellFormedSecret(token)) return { ok: false, reason: 'token_invalid' };
  const hash = secretHash(token);
  const { rows } = await tx.query<{ email: string }>(
    `UPDATE team_sign_in_tokens SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
      RETURNING email`,
    [hash],
  );
  const used = rows[0];
  if (used) {
    return teamEmails.includes(used.email)
      ? { ok: true, email: used.email }
      : { ok: false, reason: 'token_invalid' };
  }
  const { rows: known } = await tx.query<{ used: boolean }>(
    'SELECT used_at IS NOT NULL AS used FROM team_sign_in_tokens WHERE token_hash = $1',
    [hash],
  );
  const row = known[0];
  if (!row) return { ok: false, reason: 'token_invalid' };
  return { ok: false, reason: row.used ? 'token_used' : 'token_expired' };
}

/** Whether the link with this token may still be sent (unused and within its 15 minutes). */
export async function isSignInTokenLive(db: Queryable, token: string): Promise<boolean> {
  if (!isWellFormedSecret(token)) return false;
  const { rows } = await db.query<{ live: boolean }>(
    `SELECT true AS live FROM team_sign_in_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
    [secretHash(token)],
  );
  return rows.length > 0;
}
