import { beforeEach, describe, expect, it } from 'vitest';
import { AREA_IDS, type Responses } from '../../core';
import { CONSENT_WORDING } from '../../shared/email-request-rules';
import { SAVED_AUDITS_LIST_LIMIT, type TeamSavedAudits } from '../../shared/team-api';
import type { Config } from '../config';
import type { Queryable } from '../db/database';
import { sessionCookieName } from '../team-sign-in/team-auth';
import { newSecret } from '../http/secrets';
import { createSession } from '../team-sign-in/team-sessions';
import { savedAuditTerm } from './saved-audit-term';
import { completeSavedAudit, storeSavedAudit } from './saved-audits';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { ukTimeDaysAgo } from '../../../test/support/saved-audit-fixtures';
import { useTestDatabase } from '../../../test/support/suite-database';
import { teamRequest } from '../../../test/support/team-sign-in';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';

const MEMBER = 'sam@care-audit.example';
const URL = '/api/team/saved-audits';
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** Every statement rated: 25 answers. */
const ALL_ANSWERED: Responses = Object.fromEntries(
  AREA_IDS.map((area) => [area, { 0: 3, 1: 3, 2: 3, 3: 3, 4: 3 }]),
);

// A number of milliseconds as an interval; msInterval's int would stop short of 25 days.
const ago = (param: string) => `make_interval(secs => ${param}::double precision / 1000)`;

interface Saved {
  email: string;
  consent?: boolean;
  /** How long ago it was first saved, or when. */
  ageMs?: number;
  firstSavedAt?: Date;
  /** How long ago it was last saved (at most its age). */
  savedAgoMs?: number;
  /** 0–4, as stored. */
  section?: number;
  responses?: Responses;
}

/**
 * A saved audit as part A's routes leave one, written in SQL so the clock can be set: the token's
 * hash is a hash of anything (no test here opens the link).
 */
async function saveAudit(db: Queryable, audit: Saved): Promise<void> {
  const firstSavedAt = audit.firstSavedAt ?? new Date(Date.now() - (audit.ageMs ?? HOUR));
  await db.query(
    `INSERT INTO saved_audits (token_hash, email, email_normalized, recipient_key, section, responses,
                               consent_text, consent_at, created_at, saved_at, ends_at)
     VALUES (sha256(gen_random_uuid()::text::bytea), $1, lower($1), lower($1), $2, $3::jsonb,
             $4, CASE WHEN $4::text IS NULL THEN NULL ELSE $5::timestamptz END,
             $5, coalesce(now() - ${ago('$6')}, $5), $7)`,
    [
      audit.email,
      audit.section ?? 1,
      JSON.stringify(audit.responses ?? { operational: { 0: 4, 1: 2 } }),
      audit.consent ? CONSENT_WORDING : null,
      firstSavedAt.toISOString(),
      audit.savedAgoMs ?? null,
      savedAuditTerm(firstSavedAt).endsAt.toISOString(),
    ],
  );
}

/** A completed one: emptied of its address and answers, kept until it expires. */
async function completedAudit(
  db: Queryable,
  firstSavedAt: Date,
  { keepConsent = false } = {},
): Promise<void> {
  await db.query(
    `INSERT INTO saved_audits (token_hash, consent_text, consent_at, created_at, saved_at, completed_at, ends_at)
     VALUES (sha256(gen_random_uuid()::text::bytea), $2, CASE WHEN $2::text IS NULL THEN NULL ELSE now() END,
             $1, $1, now(), $3)`,
    [
      firstSavedAt.toISOString(),
      keepConsent ? CONSENT_WORDING : null,
      savedAuditTerm(firstSavedAt).endsAt.toISOString(),
    ],
  );
}

const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

describe.each(DATABASE_KINDS)('the team’s saved audits, GET /api/team/saved-audits, on %s', (kind) => {
  const t = useTestDatabase(kind);
  let config: Config;
  let cookie: string;
  const server = useTestApp(() => {
    config = testConfig({ ...apiOnlyEnv(t.dataDir), TEAM_EMAILS: MEMBER });
    return { config, deps: { db: t.db } };
  });
  beforeEach(async () => {
    // After the database's reset, which empties team_sessions too.
    cookie = `${sessionCookieName(config.publicUrl)}=${(await createSession(t.db, MEMBER)).secret}`;
  });

  // null: no cookie at all.
  const get = async (as: string | null = cookie) =>
    teamRequest(server.app, 'GET', URL, as === null ? {} : { cookie: as });
  const body = async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    return { text: res.body, json: res.json<TeamSavedAudits>() };
  };

  it('answers 401 without a session, with a made-up one, after sign-out, and once the session has ended', async () => {
    await saveAudit(t.db, { email: 'jo@care-home.example', consent: true });
    const refused = async (as: string | null, why: string) => {
      const res = await get(as);
      expect(res.statusCode, why).toBe(401);
      expect(res.json(), why).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
      expect(res.body, why).not.toContain('jo@care-home.example');
    };
    await refused(null, 'no session');
    await refused(`${sessionCookieName(config.publicUrl)}=forged`, 'forged');

    expect((await get()).statusCode).toBe(200);
    expect((await teamRequest(server.app, 'POST', '/api/team/sign-out', { cookie })).statusCode).toBe(204);
    await refused(cookie, 'signed out');

    const past = `${sessionCookieName(config.publicUrl)}=${(await createSession(t.db, MEMBER)).secret}`;
    expect((await get(past)).statusCode).toBe(200);
    await t.db.query(`UPDATE team_sessions SET expires_at = now() - interval '1 second'`);
    await refused(past, 'past its lifetime');

    const idle = `${sessionCookieName(config.publicUrl)}=${(await createSession(t.db, MEMBER)).secret}`;
    await t.db.query(`UPDATE team_sessions SET last_seen_at = now() - interval '13 hours'`);
    await refused(idle, 'idle too long');
  });

  it('answers nothing saved on an empty database, never cached', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ open: 0, completed: 0, withConsentTotal: 0, withConsent: [] });
  });

  it('counts saved audits without consent but never shows their addresses', async () => {
    await saveAudit(t.db, { email: 'private.one@home.example' });
    await saveAudit(t.db, { email: 'Private.Two@home.example', ageMs: 10 * DAY });
    await saveAudit(t.db, { email: 'shared@home.example', consent: true });
    const { text, json } = await body();
    expect(json.open).toBe(3);
    expect(json.withConsentTotal).toBe(1);
    expect(json.withConsent.map((row) => row.email)).toEqual(['shared@home.example']);
    // Not in any field, in any case.
    expect(text.toLowerCase()).not.toContain('private');
  });

  it('counts nothing expired, purged yet or not: on its last day it counts, the day after not', async () => {
    // Saved at 00:00:30 UK time 30 days ago: today is its last day. At 23:59:30 31 days ago: yesterday was.
    const onItsLastDay = ukTimeDaysAgo(30, 0, 0, 30);
    const pastItsLastDay = ukTimeDaysAgo(31, 23, 59, 30);
    await saveAudit(t.db, { email: 'late@home.example', consent: true, firstSavedAt: onItsLastDay });
    await saveAudit(t.db, { email: 'gone@home.example', consent: true, firstSavedAt: pastItsLastDay });
    await saveAudit(t.db, { email: 'gone-too@home.example', ageMs: 45 * DAY });
    await completedAudit(t.db, onItsLastDay);
    await completedAudit(t.db, pastItsLastDay);
    const { text, json } = await body();
    expect(json).toMatchObject({ open: 1, completed: 1, withConsentTotal: 1 });
    expect(json.withConsent.map((row) => row.email)).toEqual(['late@home.example']);
    expect(text).not.toContain('gone');
  });

  it('counts completed audits apart, and never lists one, consent kept or not', async () => {
    await completedAudit(t.db, daysAgo(1));
    await completedAudit(t.db, daysAgo(2), { keepConsent: true });
    await saveAudit(t.db, { email: 'open@home.example' });
    expect((await body()).json).toEqual({ open: 1, completed: 2, withConsentTotal: 0, withConsent: [] });
  });

  it('lists each consenting audit’s address, first and last save, last day, answers and section, most recently saved first', async () => {
    await saveAudit(t.db, {
      email: 'first@home.example',
      consent: true,
      ageMs: 20 * DAY,
      savedAgoMs: 2 * HOUR,
      section: 4,
      responses: ALL_ANSWERED,
    });
    await saveAudit(t.db, {
      email: 'second@home.example',
      consent: true,
      ageMs: 3 * HOUR,
      savedAgoMs: HOUR,
      section: 0,
      responses: {},
    });
    await saveAudit(t.db, {
      email: 'third@home.example',
      consent: true,
      ageMs: 5 * DAY,
      section: 2,
      responses: { operational: { 0: 1, 4: 5 }, quality: { 2: 2 } },
    });
    const { json } = await body();
    expect(json.withConsent.map((row) => row.email)).toEqual([
      'second@home.example',
      'first@home.example',
      'third@home.example',
    ]);
    const [second, first, third] = json.withConsent;
    expect(first).toMatchObject({ answered: 25, section: 5 });
    expect(second).toMatchObject({ answered: 0, section: 1 });
    expect(third).toMatchObject({ answered: 3, section: 3 });
    const { rows } = await t.db.query<{ email: string; created_at: Date; saved_at: Date }>(
      'SELECT email, created_at, saved_at FROM saved_audits',
    );
    for (const row of json.withConsent) {
      const stored = rows.find((r) => r.email === row.email)!;
      expect(row.createdAt).toBe(new Date(stored.created_at).toISOString());
      expect(row.savedAt).toBe(new Date(stored.saved_at).toISOString());
      expect(row.expiresOn).toBe(savedAuditTerm(new Date(stored.created_at)).lastDay);
    }
    expect(Object.keys(first!).sort()).toEqual(
      ['answered', 'createdAt', 'email', 'expiresOn', 'savedAt', 'section'].sort(),
    );
  });

  it(`lists at most ${SAVED_AUDITS_LIST_LIMIT}, the most recently saved, and counts them all`, async () => {
    const count = SAVED_AUDITS_LIST_LIMIT + 1;
    // Audit i was last saved i minutes ago: the oldest save is the one left out.
    await t.db.query(
      `INSERT INTO saved_audits (token_hash, email, email_normalized, recipient_key, section, responses,
                                 consent_text, consent_at, created_at, saved_at, ends_at)
       SELECT sha256(gen_random_uuid()::text::bytea), 'm' || i || '@home.example', 'm' || i || '@home.example',
              'm' || i || '@home.example', 0, '{}'::jsonb, $2, now(), now() - interval '1 day',
              now() - i * interval '1 minute', now() + interval '29 days'
         FROM generate_series(1, $1::int) AS i`,
      [count, CONSENT_WORDING],
    );
    await saveAudit(t.db, { email: 'quiet@home.example' });
    const { json } = await body();
    expect(json.open).toBe(count + 1);
    expect(json.withConsentTotal).toBe(count);
    expect(json.withConsent).toHaveLength(SAVED_AUDITS_LIST_LIMIT);
    expect(json.withConsent[0]!.email).toBe('m1@home.example');
    expect(json.withConsent.at(-1)!.email).toBe(`m${SAVED_AUDITS_LIST_LIMIT}@home.example`);
  });

  it('follows the saved audits as their own routes leave them: stored, completed, erased with the address', async () => {
    const store = async (email: string, consent: boolean) => {
      const token = newSecret();
      const result = await storeSavedAudit(
        t.db,
        {
          email,
          responses: { operational: { 0: 2, 1: 3, 2: 4, 3: 5, 4: 1 }, compliance: { 0: 2 } },
          section: 1,
          profile: {},
          consentWording: consent ? CONSENT_WORDING : null,
          token,
        },
        { max: 100, windowMs: HOUR },
      );
      expect(result.stored).toBe(true);
      return token;
    };
    const finished = await store('finished@home.example', true);
    await store('kept@home.example', true);
    await store('Erased@Home.example', true);
    await store('quiet@home.example', false);
    expect((await body()).json).toMatchObject({ open: 4, completed: 0, withConsentTotal: 3 });

    expect(await completeSavedAudit(t.db, finished)).toBe(true);
    const erased = await teamRequest(server.app, 'POST', '/api/team/erase', {
      cookie,
      body: { email: 'erased@home.example' },
    });
    expect(erased.statusCode).toBe(200);

    const { text, json } = await body();
    expect(json).toMatchObject({ open: 2, completed: 1, withConsentTotal: 1 });
    expect(json.withConsent).toEqual([
      expect.objectContaining({ email: 'kept@home.example', answered: 6, section: 2 }),
    ]);
    for (const gone of ['finished', 'rased', 'quiet']) expect(text.toLowerCase()).not.toContain(gone);
  });
});
