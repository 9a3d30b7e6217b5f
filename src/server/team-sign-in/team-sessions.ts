import type { Queryable } from '../db/database';
import { msInterval } from '../db/ms-interval';
import { isWellFormedSecret, newSecret, secretHash } from '../http/secrets';

/**
 * Team sessions, kept in the database so every server instance on one PostgreSQL database knows
 * them. The cookie carries 32 random bytes; the table keeps only their SHA-256 hash, so a copy of
 * the database signs nobody in. A session ends at sign-out (its row is deleted), after
 * SESSION_IDLE_MS without a request, SESSION_LIFETIME_MS after sign-in, or as soon as its address
 * is no longer on the team.
 */

export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often: one write a minute per member, not one per request. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

export interface TeamSession {
  email: string;
  /** When it ends if nothing else ends it sooner: 12 hours after the last request, or its 7 days. */
  expiresAt: Date;
}

/**
 * Purges the sessions that have ended (past their lifetime, or idle too long): run by the sign-in
 * clean-up job, so the table holds only live sessions and those that ended in the last hour or so.
 */
export async function purgeEndedSessions(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM team_sessions WHERE expires_at <= now() OR last_seen_at <= now() - ${msInterval('$1')}`,
    [SESSION_IDLE_MS],
  );
  return rowCount;
}

/**
 * Starts a session for `email` and returns the cookie's value. Pass the transaction that used the
 * sign-in token, so the token is spent only if the session exists.
 */
export async function createSession(
  db: Queryable,
  email: string,
): Promise<{ secret: string; session: TeamSession }> {
  const secret = newSecret();
  const { rows } = await db.query<{ expires_at: Date; last_seen_at: Date }>(
    `INSERT INTO team_sessions (token_hash, email, expires_at) VALUES ($1, $2, now() + ${msInterval('$3')})
     RETURNING expires_at, last_seen_at`,
    [secretHash(secret), email, SESSION_LIFETIME_MS],
  );
  const row = rows[0]!;
  return { secret, session: { email, expiresAt: endOf(row) } };
}

function endOf(row: { expires_at: Date; last_seen_at: Date }): Date {
  const idleEnd = new Date(row.last_seen_at).getTime() + SESSION_IDLE_MS;
  return new Date(Math.min(new Date(row.expires_at).getTime(), idleEnd));
}

/**
 * The live session a cookie's value stands for, or undefined: unknown, signed out, idle too long,
 * past its 7 days, or its address no longer in `teamEmails` (then its row is deleted at once).
 * Marks it seen, at most once a minute.
 */
export async function findSession(
  db: Queryable,
  secret: string | undefined,
  teamEmails: readonly string[],
): Promise<TeamSession | undefined> {
  if (!isWellFormedSecret(secret)) return undefined;
  const hash = secretHash(secret);
  const { rows } = await db.query<{ email: string; expires_at: Date; last_seen_at: Date; stale: boolean }>(
    `SELECT email, expires_at, last_seen_at, last_seen_at <= now() - ${msInterval('$3')} AS stale
       FROM team_sessions
      WHERE token_hash = $1 AND expires_at > now() AND last_seen_at > now() - ${msInterval('$2')}`,
    [hash, SESSION_IDLE_MS, SESSION_TOUCH_INTERVAL_MS],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (!teamEmails.includes(row.email)) {
    await db.query('DELETE FROM team_sessions WHERE token_hash = $1', [hash]);
    return undefined;
  }
  if (!row.stale) return { email: row.email, expiresAt: endOf(row) };
  const touched = await db.query<{ expires_at: Date; last_seen_at: Date }>(
    'UPDATE team_sessions SET last_seen_at = now() WHERE token_hash = $1 RETURNING expires_at, last_seen_at',
    [hash],
  );
  // Signed out between the two statements: the session is over.
  const fresh = touched.rows[0];
  return fresh ? { email: row.email, expiresAt: endOf(fresh) } : undefined;
}

/** Ends a session (sign-out). True when there was one to end. */
export async function deleteSession(db: Queryable, secret: string | undefined): Promise<boolean> {
  if (!isWellFormedSecret(secret)) return false;
  const { rowCount } = await db.query('DELETE FROM team_sessions WHERE token_hash = $1', [
    secretHash(secret),
  ]);
  return rowCount > 0;
}

/**
 * Deletes the sessions and unused sign-in links of every address no longer in `teamEmails` (run at
 * start-up, so removing an address and restarting leaves nothing of it that could sign in).
 * Returns how many sessions ended.
 */
export async function endSessionsOfFormerMembers(
  db: Queryable,
  teamEmails: readonly string[],
): Promise<number> {
  const members = JSON.stringify(teamEmails);
  await db.query(
    `DELETE FROM team_sign_in_tokens
      WHERE used_at IS NULL AND email NOT IN (SELECT jsonb_array_elements_text($1::jsonb))`,
    [members],
  );
  const { rowCount } = await db.query(
    'DELETE FROM team_sessions WHERE email NOT IN (SELECT jsonb_array_elements_text($1::jsonb))',
    [members],
  );
  return rowCount;
}
