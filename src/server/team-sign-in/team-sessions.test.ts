import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import {
  createSession,
  deleteSession,
  endSessionsOfFormerMembers,
  findSession,
  purgeEndedSessions,
  SESSION_IDLE_MS,
  SESSION_LIFETIME_MS,
} from './team-sessions';
import { newSecret, secretHash } from '../http/secrets';

const MEMBER = 'member@care-audit.example';
const OTHER = 'other@care-audit.example';
const TEAM = [MEMBER, OTHER];

describe.each(DATABASE_KINDS)('team sessions on %s', (kind) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(() => t?.destroy());
  beforeEach(() => t.db.query('TRUNCATE team_sessions, team_sign_in_tokens'));

  const setTimes = (set: string, secret: string) =>
    t.db.query(`UPDATE team_sessions SET ${set} WHERE token_hash = $1`, [secretHash(secret)]);

  it('keeps only a hash of the cookie value, and finds the session by the value', async () => {
    const { secret, session } = await createSession(t.db, MEMBER);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await t.db.query<{ token_hash: string; life_ms: number }>(
      'SELECT token_hash, (extract(epoch FROM expires_at - created_at) * 1000)::bigint AS life_ms FROM team_sessions',
    );
    expect(rows.map((r) => [r.token_hash, Number(r.life_ms)])).toEqual([
      [secretHash(secret), SESSION_LIFETIME_MS],
    ]);
    // A fresh session ends after 12 hours idle, well before its 7 days.
    expect(session.expiresAt.getTime() - Date.now()).toBeGreaterThan(SESSION_IDLE_MS - 60_000);
    expect(session.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(SESSION_IDLE_MS + 1000);
    expect(await findSession(t.db, secret, TEAM)).toEqual({ email: MEMBER, expiresAt: expect.any(Date) });
    expect(await findSession(t.db, secretHash(secret), TEAM)).toBeUndefined();
    expect(await findSession(t.db, newSecret(), TEAM)).toBeUndefined();
    expect(await findSession(t.db, undefined, TEAM)).toBeUndefined();
    expect(await findSession(t.db, 'not a session', TEAM)).toBeUndefined();
  });

  it('ends at sign-out', async () => {
    const { secret } = await createSession(t.db, MEMBER);
    expect(await deleteSession(t.db, secret)).toBe(true);
    expect(await findSession(t.db, secret, TEAM)).toBeUndefined();
    expect(await deleteSession(t.db, secret)).toBe(false);
  });

  it('lasts until just under 12 hours idle, and ends at 12 hours', async () => {
    const { secret } = await createSession(t.db, MEMBER);
    await setTimes("last_seen_at = now() - interval '11 hours 59 minutes 58 seconds'", secret);
    const kept = await findSession(t.db, secret, TEAM);
    expect(kept?.email).toBe(MEMBER);
    // Using it counts as activity: it is good for another 12 hours.
    expect(kept!.expiresAt.getTime() - Date.now()).toBeGreaterThan(SESSION_IDLE_MS - 60_000);
    await setTimes("last_seen_at = now() - interval '12 hours'", secret);
    expect(await findSession(t.db, secret, TEAM)).toBeUndefined();
  });

  it('ends 7 days after sign-in however busy it was', async () => {
    const { secret } = await createSession(t.db, MEMBER);
    await setTimes(
      "created_at = now() - interval '7 days', expires_at = now() + interval '2 seconds'",
      secret,
    );
    const last = await findSession(t.db, secret, TEAM);
    expect(last?.email).toBe(MEMBER);
    // Its end is the 7 days, not 12 hours from now.
    expect(last!.expiresAt.getTime() - Date.now()).toBeLessThan(5_000);
    await setTimes('expires_at = now()', secret);
    expect(await findSession(t.db, secret, TEAM)).toBeUndefined();
  });

  it('writes last_seen_at at most once a minute', async () => {
    const { secret } = await createSession(t.db, MEMBER);
    await setTimes("last_seen_at = now() - interval '30 seconds'", secret);
    await findSession(t.db, secret, TEAM);
    const seen = async () =>
      (
        await t.db.query<{ age: number }>(
          'SELECT extract(epoch FROM now() - last_seen_at)::int AS age FROM team_sessions',
        )
      ).rows[0]!.age;
    expect(await seen()).toBe(30);
    await setTimes("last_seen_at = now() - interval '61 seconds'", secret);
    await findSession(t.db, secret, TEAM);
    expect(await seen()).toBe(0);
  });

  it('ends, and deletes, the session of an address no longer on the team', async () => {
    const { secret } = await createSession(t.db, MEMBER);
    expect(await findSession(t.db, secret, [OTHER])).toBeUndefined();
    expect(await findSession(t.db, secret, TEAM)).toBeUndefined();
    const { rows } = await t.db.query('SELECT * FROM team_sessions');
    expect(rows).toEqual([]);
  });

  it('at start-up, deletes the sessions and unused links of removed addresses only', async () => {
    const kept = await createSession(t.db, OTHER);
    const removed = await createSession(t.db, MEMBER);
    await t.db.query(
      `INSERT INTO team_sign_in_tokens (token_hash, email, expires_at, used_at) VALUES
         ('a', $1, now() + interval '5 minutes', NULL), ('b', $1, now(), now()), ('c', $2, now() + interval '5 minutes', NULL)`,
      [MEMBER, OTHER],
    );
    expect(await endSessionsOfFormerMembers(t.db, [OTHER])).toBe(1);
    expect(await findSession(t.db, removed.secret, TEAM)).toBeUndefined();
    expect((await findSession(t.db, kept.secret, TEAM))?.email).toBe(OTHER);
    const { rows } = await t.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM team_sign_in_tokens ORDER BY 1',
    );
    // The used one stays, so a press of its old link still says "already used".
    expect(rows.map((r) => r.token_hash)).toEqual(['b', 'c']);
    // Nobody on the team: every session ends.
    expect(await endSessionsOfFormerMembers(t.db, [])).toBe(1);
  });

  it('purges ended sessions (idle too long, or past their lifetime), and only those', async () => {
    const idle = await createSession(t.db, MEMBER);
    const old = await createSession(t.db, MEMBER);
    await setTimes("last_seen_at = now() - interval '13 hours'", idle.secret);
    await setTimes("expires_at = now() - interval '1 second'", old.secret);
    const fresh = await createSession(t.db, OTHER);
    expect(await purgeEndedSessions(t.db)).toBe(2);
    expect(await purgeEndedSessions(t.db)).toBe(0);
    const { rows } = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM team_sessions');
    expect(rows).toEqual([{ token_hash: secretHash(fresh.secret) }]);
  });
});
