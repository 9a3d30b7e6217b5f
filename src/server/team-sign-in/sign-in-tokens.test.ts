import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import {
  forgetOldSignInLinks,
  isSignInTokenLive,
  redeemSignInToken,
  requestSignInLink,
  SIGN_IN_LIMIT,
  SIGN_IN_LINK_TTL_MS,
} from './sign-in-tokens';
import { newSecret, secretHash } from '../http/secrets';
import type { Database, Queryable } from '../db/database';

const MEMBER = 'member@care-audit.example';
const TEAM = [MEMBER, 'other@care-audit.example'];

describe.each(DATABASE_KINDS)('sign-in links on %s', (kind) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(() => t?.destroy());
  beforeEach(() => t.db.query('TRUNCATE team_sign_in_tokens, outbox_messages'));

  async function queuedTokens(): Promise<{ recipient: string; token: string; request_id: string | null }[]> {
    const { rows } = await t.db.query<{
      recipient: string;
      payload: { token: string };
      request_id: string | null;
    }>(
      "SELECT recipient, payload, request_id FROM outbox_messages WHERE kind = 'sign_in' ORDER BY created_at",
    );
    return rows.map((r) => ({ recipient: r.recipient, token: r.payload.token, request_id: r.request_id }));
  }

  async function issue(address = MEMBER): Promise<string> {
    expect(await requestSignInLink(t.db, address, TEAM)).toBe('queued');
    const tokens = await queuedTokens();
    return tokens[tokens.length - 1]!.token;
  }

  it('queues one sign_in message with the token, and keeps only its hash, valid 15 minutes', async () => {
    expect(await requestSignInLink(t.db, '  Member@Care-Audit.example ', TEAM)).toBe('queued');
    const [message] = await queuedTokens();
    expect(message).toEqual({
      recipient: MEMBER,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      request_id: null,
    });
    const { rows } = await t.db.query<{ token_hash: string; email: string; ttl_ms: number }>(
      'SELECT token_hash, email, (extract(epoch FROM expires_at - created_at) * 1000)::int AS ttl_ms FROM team_sign_in_tokens',
    );
    expect(rows).toEqual([
      { token_hash: secretHash(message!.token), email: MEMBER, ttl_ms: SIGN_IN_LINK_TTL_MS },
    ]);
    expect(JSON.stringify(rows)).not.toContain(message!.token);
  });

  /** The statements (without their values) one request for a link sends, in order. */
  async function statementsFor(address: string): Promise<string[]> {
    const statements: string[] = [];
    const recording = (queryable: Queryable): Queryable => ({
      query: (sql, params) => {
        statements.push(sql);
        return queryable.query(sql, params);
      },
      runScript: (sql) => queryable.runScript(sql),
    });
    const db: Database = {
      ...t.db,
      query: recording(t.db).query,
      transaction: (work) => t.db.transaction((tx) => work(recording(tx))),
    };
    await requestSignInLink(db, address, TEAM);
    return statements;
  }

  it('does the same work for a stranger, a member and one over the limit, keeping only the member’s', async () => {
    // Issue 36: a stranger's request stopped after the count and answered in half a member's time.
    const stranger = await statementsFor('stranger@example.org');
    const member = await statementsFor(MEMBER);
    for (let i = 1; i < SIGN_IN_LIMIT; i++) await issue();
    const overLimit = await statementsFor(MEMBER);
    // All alike but the last, which keeps the link's two rows or undoes them.
    expect(stranger.slice(0, -1)).toEqual(member.slice(0, -1));
    expect(overLimit.slice(0, -1)).toEqual(member.slice(0, -1));
    expect(member.some((sql) => sql.startsWith('INSERT INTO team_sign_in_tokens'))).toBe(true);
    expect(member.at(-1)).toBe('RELEASE SAVEPOINT sign_in_link');
    expect(stranger.at(-1)).toBe('ROLLBACK TO SAVEPOINT sign_in_link');
    expect(overLimit.at(-1)).toBe('ROLLBACK TO SAVEPOINT sign_in_link');
    // Nothing of the stranger's or the one over the limit is kept.
    expect((await queuedTokens()).map((m) => m.recipient)).toEqual(Array(SIGN_IN_LIMIT).fill(MEMBER));
    const { rows } = await t.db.query<{ email: string }>('SELECT email FROM team_sign_in_tokens');
    expect(rows.map((r) => r.email)).toEqual(Array(SIGN_IN_LIMIT).fill(MEMBER));
  });

  it('queues nothing for an address not on the team, or when nobody is', async () => {
    expect(await requestSignInLink(t.db, 'stranger@example.org', TEAM)).toBe('not_on_team');
    expect(await requestSignInLink(t.db, MEMBER, [])).toBe('not_on_team');
    expect(await queuedTokens()).toEqual([]);
    const { rows } = await t.db.query('SELECT * FROM team_sign_in_tokens');
    expect(rows).toEqual([]);
  });

  it(`sends ${SIGN_IN_LIMIT} links per address in 15 minutes, then none, and another address is not held up`, async () => {
    for (let i = 0; i < SIGN_IN_LIMIT; i++)
      expect(await requestSignInLink(t.db, MEMBER, TEAM)).toBe('queued');
    expect(await requestSignInLink(t.db, MEMBER, TEAM)).toBe('over_limit');
    expect(await requestSignInLink(t.db, 'other@care-audit.example', TEAM)).toBe('queued');
    expect((await queuedTokens()).length).toBe(SIGN_IN_LIMIT + 1);
    // The oldest link leaves the window: exactly one more may be sent.
    await t.db.query(
      "UPDATE team_sign_in_tokens SET created_at = now() - interval '15 minutes' WHERE created_at = (SELECT min(created_at) FROM team_sign_in_tokens WHERE email = $1)",
      [MEMBER],
    );
    expect(await requestSignInLink(t.db, MEMBER, TEAM)).toBe('queued');
    expect(await requestSignInLink(t.db, MEMBER, TEAM)).toBe('over_limit');
  });

  it('holds the limit when many ask at once', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: SIGN_IN_LIMIT * 2 }, () => requestSignInLink(t.db, MEMBER, TEAM)),
    );
    expect(outcomes.filter((o) => o === 'queued')).toHaveLength(SIGN_IN_LIMIT);
  });

  it('forgets links made a day ago or more, used or not, and keeps newer ones', async () => {
    await issue();
    await issue();
    await t.db.query(
      "UPDATE team_sign_in_tokens SET created_at = now() - interval '25 hours', used_at = now() - interval '24 hours'",
    );
    await issue('other@care-audit.example');
    // Asking for a link purges nothing any more: the sign-in clean-up job does.
    expect((await t.db.query('SELECT 1 FROM team_sign_in_tokens')).rowCount).toBe(3);
    expect(await forgetOldSignInLinks(t.db)).toEqual({ links: 2, emails: 0 });
    const { rows } = await t.db.query<{ email: string }>('SELECT email FROM team_sign_in_tokens');
    expect(rows).toEqual([{ email: 'other@care-audit.example' }]);
  });

  it('forgets sign-in e-mails done with for a day or more, and keeps one still to send', async () => {
    await issue();
    await issue();
    await issue();
    await t.db.query(
      `UPDATE outbox_messages SET created_at = now() - interval '25 hours', status = s.status,
              sent_at = CASE WHEN s.status = 'sent' THEN now() END
         FROM (SELECT id, (ARRAY['sent', 'failed', 'queued'])[row_number() OVER (ORDER BY created_at)] AS status
                 FROM outbox_messages) AS s
        WHERE outbox_messages.id = s.id`,
    );
    await issue('other@care-audit.example');
    expect(await forgetOldSignInLinks(t.db)).toEqual({ links: 0, emails: 2 });
    const { rows } = await t.db.query<{ recipient: string; status: string }>(
      "SELECT recipient, status FROM outbox_messages WHERE kind = 'sign_in' ORDER BY created_at",
    );
    expect(rows).toEqual([
      { recipient: MEMBER, status: 'queued' },
      { recipient: 'other@care-audit.example', status: 'queued' },
    ]);
  });

  it('signs in once: a second use is token_used', async () => {
    const token = await issue();
    expect(await redeemSignInToken(t.db, token, TEAM)).toEqual({ ok: true, email: MEMBER });
    expect(await redeemSignInToken(t.db, token, TEAM)).toEqual({ ok: false, reason: 'token_used' });
    expect(await isSignInTokenLive(t.db, token)).toBe(false);
  });

  it('lets exactly one of two simultaneous uses sign in', async () => {
    const token = await issue();
    const results = await Promise.all([
      t.db.transaction((tx) => redeemSignInToken(tx, token, TEAM)),
      t.db.transaction((tx) => redeemSignInToken(tx, token, TEAM)),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: 'token_used' }]);
  });

  it('refuses an expired link as token_expired, and it stays unused', async () => {
    const token = await issue();
    await t.db.query("UPDATE team_sign_in_tokens SET expires_at = now() - interval '1 second'");
    expect(await isSignInTokenLive(t.db, token)).toBe(false);
    expect(await redeemSignInToken(t.db, token, TEAM)).toEqual({ ok: false, reason: 'token_expired' });
    const { rows } = await t.db.query('SELECT used_at FROM team_sign_in_tokens');
    expect(rows).toEqual([{ used_at: null }]);
  });

  it('accepts a link a moment before it expires', async () => {
    const token = await issue();
    await t.db.query("UPDATE team_sign_in_tokens SET expires_at = now() + interval '2 seconds'");
    expect(await redeemSignInToken(t.db, token, TEAM)).toEqual({ ok: true, email: MEMBER });
  });

  it('refuses an unknown, a forged and a malformed token as token_invalid', async () => {
    const real = await issue();
    const forged = `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [
      newSecret(),
      forged,
      '',
      'short',
      `${real}x`,
      42,
      null,
      undefined,
      { token: real },
    ]) {
      expect(await redeemSignInToken(t.db, token, TEAM)).toEqual({ ok: false, reason: 'token_invalid' });
    }
    // Its hash is no token either: the database alone signs nobody in.
    expect(await redeemSignInToken(t.db, secretHash(real).slice(0, 43), TEAM)).toEqual({
      ok: false,
      reason: 'token_invalid',
    });
    expect(await redeemSignInToken(t.db, real, TEAM)).toEqual({ ok: true, email: MEMBER });
  });

  it('refuses the link of an address since removed from TEAM_EMAILS, and spends it', async () => {
    const token = await issue();
    expect(await redeemSignInToken(t.db, token, ['other@care-audit.example'])).toEqual({
      ok: false,
      reason: 'token_invalid',
    });
    expect(await redeemSignInToken(t.db, token, TEAM)).toEqual({ ok: false, reason: 'token_used' });
  });
});
