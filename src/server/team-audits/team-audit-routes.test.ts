import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AREA_IDS,
  MAX_TEAM_RESPONDENTS,
  buildReport,
  sanitizeResponses,
  type Responses,
  type TeamRole,
} from '../../core';
import { CONTENT_V1, statementContent } from '../../core/content';
import { RESULTS_NOT_FOUND_MESSAGE, type StoredResults } from '../../shared/results-link';
import {
  JOIN_PATH,
  TEAM_AUDIT_MESSAGES,
  joinTokenFromPath,
  type ManagerTeamAudit,
  type TeamAuditInvitation,
} from '../../shared/team-audit';
import type { LeadDetail, Overview } from '../../shared/team-api';
import { FORBIDDEN_ORIGIN_MESSAGE } from '../http/same-origin';
import { sessionCookieName } from '../team-sign-in/team-auth';
import { createSession } from '../team-sign-in/team-sessions';
import { newSecret, secretHash } from '../http/secrets';
import { storeEmailRequest } from '../leads/email-requests';
import { eraseAddress, purgeExpiredRequests } from '../leads/lead-records';
import { TEAM_ANSWERS_PER_CLIENT } from './team-audit-routes';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { COMPLETE_ANSWERS, postJson } from '../../../test/support/requests';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';
import { teamRequest } from '../../../test/support/team-sign-in';
import { pdfText } from '../../../test/support/pdf/pdf-text';
import { publishWords, version2Text } from '../../../test/support/content-fixtures';

const PUBLIC_URL = 'https://audit.example.org';
const RETENTION_DAYS = 30;
const MANAGER = 'manager@care-home.example';
const MEMBER = 'sam@care-audit.example';

/** Every statement rated `rating`. */
const allRated = (rating: number): Responses =>
  sanitizeResponses(
    Object.fromEntries(
      AREA_IDS.map((area) => [area, { '0': rating, '1': rating, '2': rating, '3': rating, '4': rating }]),
    ),
  );

describe.each(DATABASE_KINDS)('the team audit API on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });
  const server = useTestApp(() => ({
    config: testConfig({
      ...apiOnlyEnv(t.dataDir),
      PUBLIC_URL,
      RETENTION_DAYS: String(RETENTION_DAYS),
      TEAM_EMAILS: MEMBER,
    }),
    deps: { db: t.db },
  }));
  // Each test comes from an address of its own, so one test's per-client count never meets another's.
  let client = 0;
  let remoteAddress = '';
  beforeEach(async () => {
    await t.reset();
    client += 1;
    remoteAddress = `198.51.100.${client}`;
  });

  /** Stores a request as the e-mail route does; resolves with its results token. */
  async function storeWithLink(
    options: { responses?: Responses; email?: string; organisation?: string; retakeOf?: string } = {},
  ): Promise<string> {
    const responses = options.responses ?? COMPLETE_ANSWERS;
    const email = options.email ?? MANAGER;
    const token = newSecret();
    const previousRequestId = options.retakeOf
      ? (
          await t.db.query<{ id: string }>(
            `SELECT id FROM email_requests WHERE results_token_hash = decode($1, 'hex')`,
            [secretHash(options.retakeOf, 'hex')],
          )
        ).rows[0]?.id
      : undefined;
    const result = await storeEmailRequest(
      t.db,
      {
        email,
        note: null,
        responses,
        report: buildReport(responses),
        resultsToken: token,
        ...(options.organisation
          ? { consentWording: 'I agree to be contacted', contact: { organisation: options.organisation } }
          : {}),
        ...(previousRequestId ? { previousRequestId } : {}),
      },
      { visitor: email, team: undefined },
      { max: 1_000, windowMs: 60_000 },
    );
    if (!result.stored) throw new Error('the request was rate-limited');
    return token;
  }

  const fromSite = (options: Partial<InjectOptions> = {}): Partial<InjectOptions> => ({
    remoteAddress,
    ...options,
    headers: { 'content-type': 'application/json', origin: PUBLIC_URL, ...options.headers },
  });
  const open = (token: string, options: Partial<InjectOptions> = {}) =>
    postJson(server.app, `/api/results/${token}/team-audit`, {}, fromSite(options));
  const close = (token: string) =>
    postJson(server.app, `/api/results/${token}/team-audit/close`, {}, fromSite());
  const managerView = async (token: string) =>
    (await server.app.inject({ url: `/api/results/${token}/team-audit` })).json<ManagerTeamAudit>();
  async function openJoinToken(resultsToken: string): Promise<string> {
    const res = await open(resultsToken);
    expect(res.statusCode).toBe(200);
    const link = res.json<ManagerTeamAudit>().teamAudit?.joinLink ?? '';
    const joinToken = joinTokenFromPath(new URL(link).pathname);
    if (!joinToken) throw new Error(`not a join link: ${link}`);
    return joinToken;
  }
  const newKey = () => randomBytes(32).toString('base64url');
  const answer = (
    joinToken: string,
    body: { respondentKey?: string; role?: TeamRole | string; responses?: unknown; website?: string } = {},
    options: Partial<InjectOptions> = {},
  ) =>
    postJson(
      server.app,
      `/api/team-audits/${joinToken}/answers`,
      { respondentKey: newKey(), responses: COMPLETE_ANSWERS, ...body },
      fromSite(options),
    );
  const storedAnswers = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM team_audit_answers')).rows[0]?.n;
  /** `count` answers stored straight into the team audit, as if that many browsers had answered. */
  async function fillWith(joinToken: string, count: number, responses: Responses = allRated(3)) {
    await t.db.query(
      `INSERT INTO team_audit_answers (team_audit_id, respondent_key_hash, responses)
       SELECT t.id, sha256(('filler-' || i)::bytea), $2::jsonb
         FROM team_audits t, generate_series(1, $3::int) AS i
        WHERE t.join_token_hash = decode($1, 'hex')`,
      [secretHash(joinToken, 'hex'), JSON.stringify(responses), count],
    );
  }

  describe('opening one from the results link', () => {
    it('gives a join link of 256 random bits, and the same one again on a second press and on reading', async () => {
      const token = await storeWithLink();
      const first = await open(token);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-store');
      const opened = first.json<ManagerTeamAudit>().teamAudit;
      expect(opened).toMatchObject({ status: 'open', respondents: 0 });
      expect(opened?.view).toBeUndefined();
      expect(opened?.joinLink).toMatch(new RegExp(`^${PUBLIC_URL}${JOIN_PATH}/[A-Za-z0-9_-]{43}$`));
      const days = (Date.parse(opened!.closesAt) - Date.parse(opened!.openedAt)) / 86_400_000;
      expect(days).toBe(30);
      expect((await open(token)).json<ManagerTeamAudit>().teamAudit?.joinLink).toBe(opened?.joinLink);
      expect((await managerView(token)).teamAudit?.joinLink).toBe(opened?.joinLink);
      // Only the hash is kept: the link's token is nowhere in the table.
      const { rows } = await t.db.query<{ row: string }>(`SELECT t::text AS row FROM team_audits t`);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.row).not.toContain(joinTokenFromPath(new URL(opened!.joinLink).pathname));
    });

    it('is null before the first, and names the organisation the manager gave', async () => {
      const token = await storeWithLink({ organisation: 'Rowan House' });
      expect(await managerView(token)).toEqual({ teamAudit: null });
      const joinToken = await openJoinToken(token);
      const invitation = (
        await server.app.inject({ url: `/api/team-audits/${joinToken}` })
      ).json<TeamAuditInvitation>();
      expect(invitation).toMatchObject({ organisation: 'Rowan House', status: 'open' });
    });

    it('is refused from another site, without an Origin, as other than JSON, with a body, and for a dead link', async () => {
      const token = await storeWithLink();
      const other = await open(token, { headers: { origin: 'https://evil.example' } });
      expect(other.statusCode).toBe(403);
      expect(other.json().error.message).toBe(FORBIDDEN_ORIGIN_MESSAGE);
      const none = await server.app.inject({
        method: 'POST',
        url: `/api/results/${token}/team-audit`,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
        remoteAddress,
      });
      expect(none.statusCode).toBe(403);
      const text = await open(token, { headers: { 'content-type': 'text/plain' }, payload: '{}' });
      expect(text.statusCode).toBe(415);
      const withBody = await postJson(
        server.app,
        `/api/results/${token}/team-audit`,
        { days: 90 },
        fromSite(),
      );
      expect(withBody.statusCode).toBe(400);
      for (const dead of [newSecret(), 'short']) {
        const res = await open(dead);
        expect(res.statusCode).toBe(404);
        expect(res.json().error.message).toBe(RESULTS_NOT_FOUND_MESSAGE);
        expect((await server.app.inject({ url: `/api/results/${dead}/team-audit` })).statusCode).toBe(404);
      }
      expect(await t.db.query('SELECT 1 FROM team_audits').then((r) => r.rows.length)).toBe(0);
    });

    it('is closed only from this site: another origin changes nothing', async () => {
      const token = await storeWithLink();
      await openJoinToken(token);
      const other = await postJson(
        server.app,
        `/api/results/${token}/team-audit/close`,
        {},
        fromSite({ headers: { origin: 'https://evil.example' } }),
      );
      expect(other.statusCode).toBe(403);
      expect((await managerView(token)).teamAudit?.status).toBe('open');
    });
  });

  describe('a colleague answering', () => {
    it('shows nothing combined at 2 respondents, and the team’s view at exactly 3', async () => {
      const token = await storeWithLink({ responses: allRated(4) });
      const joinToken = await openJoinToken(token);
      for (const rating of [1, 5]) {
        const res = await answer(joinToken, { responses: allRated(rating) });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ replaced: false });
      }
      const two = (await managerView(token)).teamAudit;
      expect(two?.respondents).toBe(2);
      expect(two?.view).toBeUndefined();
      await answer(joinToken, { responses: allRated(3) });
      const three = (await managerView(token)).teamAudit;
      expect(three?.respondents).toBe(3);
      expect(three?.view?.respondents).toBe(3);
      expect(three?.view?.areas[0]).toMatchObject({ median: 60, lowest: 20, highest: 100, own: 80 });
      expect(three?.view?.differing).toHaveLength(5);
    });

    it('replaces the answer of a browser that answers again, counted once', async () => {
      const token = await storeWithLink();
      const joinToken = await openJoinToken(token);
      const respondentKey = newKey();
      expect((await answer(joinToken, { respondentKey, responses: allRated(1) })).json()).toEqual({
        replaced: false,
      });
      const again = await answer(joinToken, { respondentKey, role: 'care-worker', responses: allRated(5) });
      expect(again.json()).toEqual({ replaced: true });
      const { rows } = await t.db.query<{ role: string; responses: Responses }>(
        'SELECT role, responses FROM team_audit_answers',
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.role).toBe('care-worker');
      expect(sanitizeResponses(rows[0]?.responses)).toEqual(allRated(5));
    });

    it('takes the 200th respondent, refuses the 201st, and still lets one of the 200 answer again', async () => {
      const token = await storeWithLink();
      const joinToken = await openJoinToken(token);
      await fillWith(joinToken, MAX_TEAM_RESPONDENTS - 1);
      const last = newKey();
      expect((await answer(joinToken, { respondentKey: last })).statusCode).toBe(200);
      const refused = await answer(joinToken);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'full', message: TEAM_AUDIT_MESSAGES.full });
      expect(await storedAnswers()).toBe(MAX_TEAM_RESPONDENTS);
      expect((await answer(joinToken, { respondentKey: last, role: 'other' })).json()).toEqual({
        replaced: true,
      });
      expect((await managerView(token)).teamAudit?.view?.respondents).toBe(MAX_TEAM_RESPONDENTS);
    });

    it('refuses bad answers with the field named, and stores none', async () => {
      const token = await storeWithLink();
      const joinToken = await openJoinToken(token);
      const half = { ...allRated(3), data: { 0: 3, 1: 3 } };
      const cases: [unknown, string][] = [
        [{ role: 'chef' }, 'role'],
        [{ respondentKey: 'too-short' }, 'respondentKey'],
        [{ responses: half }, 'responses'],
        [{ responses: { quality: { 0: 7 } } }, 'responses.quality.0'],
      ];
      for (const [body, field] of cases) {
        const res = await answer(joinToken, body as never);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
      }
      const bot = await answer(joinToken, { website: 'https://spam.example' });
      expect(bot.statusCode).toBe(400);
      expect(bot.json().error.code).toBe('bot_check_failed');
      expect((await answer(joinToken, {}, { headers: { origin: 'https://evil.example' } })).statusCode).toBe(
        403,
      );
      expect(await storedAnswers()).toBe(0);
    });

    it('answers 404 for an unknown or malformed join link, on the API and the page', async () => {
      for (const dead of [newSecret(), 'nope']) {
        const res = await answer(dead);
        expect(res.statusCode).toBe(404);
        expect((await server.app.inject({ url: `/api/team-audits/${dead}` })).json().error.message).toBe(
          TEAM_AUDIT_MESSAGES.notFound,
        );
      }
    });

    it('limits the answers one client sends', async () => {
      const token = await storeWithLink();
      const joinToken = await openJoinToken(token);
      for (let i = 0; i < TEAM_ANSWERS_PER_CLIENT; i++)
        expect((await answer(joinToken)).statusCode).toBe(200);
      expect((await answer(joinToken)).statusCode).toBe(429);
      expect(await storedAnswers()).toBe(TEAM_ANSWERS_PER_CLIENT);
    });
  });

  describe('closing', () => {
    it('closes on Close: the join link says so, answers are refused, and it is a result of the chain', async () => {
      const token = await storeWithLink();
      const joinToken = await openJoinToken(token);
      for (const rating of [2, 3, 4]) await answer(joinToken, { responses: allRated(rating) });
      const closed = await close(token);
      expect(closed.statusCode).toBe(200);
      expect(closed.json<ManagerTeamAudit>().teamAudit).toMatchObject({ status: 'closed', respondents: 3 });
      const invitation = (
        await server.app.inject({ url: `/api/team-audits/${joinToken}` })
      ).json<TeamAuditInvitation>();
      expect(invitation.status).toBe('closed');
      const late = await answer(joinToken);
      expect(late.statusCode).toBe(409);
      expect(late.json().error.code).toBe('closed');
      expect(await storedAnswers()).toBe(3);

      const { history } = (await server.app.inject({ url: `/api/results/${token}` })).json<StoredResults>();
      expect(history.total).toBe(2);
      expect(history.entries.map((entry) => entry.team)).toEqual([undefined, { respondents: 3 }]);
      expect(history.entries[1]?.overall).toBe(60);
      // A new one may be opened after: a new link.
      const reopened = (await open(token)).json<ManagerTeamAudit>().teamAudit;
      expect(reopened?.status).toBe('open');
      expect(reopened?.joinLink).not.toContain(joinToken);
    });

    it('closes by itself 30 days after it opened', async () => {
      const token = await storeWithLink();
      const joinToken = await openJoinToken(token);
      await t.db.query(
        `UPDATE team_audits SET opened_at = now() - interval '30 days 1 second', closes_at = now() - interval '1 second'`,
      );
      expect((await managerView(token)).teamAudit?.status).toBe('closed');
      expect((await answer(joinToken)).statusCode).toBe(409);
      // Closing again changes nothing; opening makes a new one.
      expect((await close(token)).json<ManagerTeamAudit>().teamAudit?.status).toBe('closed');
      expect((await open(token)).json<ManagerTeamAudit>().teamAudit?.status).toBe('open');
    });

    it('is no result of the chain when it closed with fewer than 3 respondents', async () => {
      const token = await storeWithLink();
      const joinToken = await openJoinToken(token);
      await answer(joinToken);
      await answer(joinToken);
      await close(token);
      const { history } = (await server.app.inject({ url: `/api/results/${token}` })).json<StoredResults>();
      expect(history.entries).toHaveLength(1);
    });

    it('stays with the result it was opened from when the manager retakes, and joins the retake’s chain once closed', async () => {
      const first = await storeWithLink();
      const joinToken = await openJoinToken(first);
      const retake = await storeWithLink({ retakeOf: first, responses: allRated(5) });
      for (let i = 0; i < 3; i++) expect((await answer(joinToken)).statusCode).toBe(200);
      expect((await managerView(retake)).teamAudit).toBeNull();
      await close(first);
      const { history } = (await server.app.inject({ url: `/api/results/${retake}` })).json<StoredResults>();
      expect(history.entries.map((entry) => entry.team?.respondents ?? 'own')).toEqual(['own', 'own', 3]);
    });
  });

  describe('the PDF of the results link', () => {
    const pdfOf = async (token: string) => {
      const res = await postJson(server.app, `/api/results/${token}/report`, {}, fromSite());
      expect(res.statusCode).toBe(200);
      return (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    };

    it('has no team page with 2 respondents, and gains "Your team’s view" at the third', async () => {
      const token = await storeWithLink({ responses: allRated(2) });
      const joinToken = await openJoinToken(token);
      await answer(joinToken, { responses: allRated(4) });
      await answer(joinToken, { responses: allRated(4) });
      expect(await pdfOf(token)).not.toContain('Your team’s view');
      await answer(joinToken, { responses: allRated(5) });
      const text = await pdfOf(token);
      expect(text).toContain('Your team’s view');
      expect(text).toContain('3 respondents');
    });
  });

  describe('the version of the audit’s words', () => {
    /** The result of a results link answered in `version` (the e-mail route stores it so). */
    async function answeredIn(token: string, version: number): Promise<void> {
      const { rowCount } = await t.db.query(
        `UPDATE email_requests SET content_version = $2 WHERE results_token_hash = decode($1, 'hex')`,
        [secretHash(token, 'hex'), version],
      );
      expect(rowCount).toBe(1);
    }
    const invitationOf = async (joinToken: string) =>
      (await server.app.inject({ url: `/api/team-audits/${joinToken}` })).json<TeamAuditInvitation>();
    /** A team of three who rated everything 1, 3 and 5: every statement differs, the audit's order first. */
    async function answeredByThree(joinToken: string): Promise<void> {
      for (const rating of [1, 3, 5])
        expect((await answer(joinToken, { responses: allRated(rating) })).statusCode).toBe(200);
    }
    const V1_FIRST = statementContent(CONTENT_V1, 'operational', 0);

    it('invites colleagues to answer in the version the manager’s result was answered with', async () => {
      expect(await publishWords(t.db)).toBe(2);
      const older = await storeWithLink({ email: 'older@care-home.example' });
      const newer = await storeWithLink();
      await answeredIn(newer, 2);
      expect(await invitationOf(await openJoinToken(older))).toMatchObject({
        status: 'open',
        contentVersion: 1,
      });
      expect(await invitationOf(await openJoinToken(newer))).toMatchObject({
        status: 'open',
        contentVersion: 2,
      });
    });

    it('names the statements where answers differ in the words of the manager’s result, on the page and in the PDF', async () => {
      expect(await publishWords(t.db)).toBe(2);
      const older = await storeWithLink({ email: 'older@care-home.example' });
      const newer = await storeWithLink();
      await answeredIn(newer, 2);
      for (const token of [older, newer]) await answeredByThree(await openJoinToken(token));

      const [first] = (await managerView(newer)).teamAudit?.view?.differing ?? [];
      expect(first).toMatchObject({
        area: 'operational',
        index: 0,
        text: version2Text('operational', 0, V1_FIRST.text),
        label: 'operational 1 (v2)',
      });
      const [old] = (await managerView(older)).teamAudit?.view?.differing ?? [];
      expect(old).toMatchObject({
        area: 'operational',
        index: 0,
        text: V1_FIRST.text,
        label: V1_FIRST.label,
      });

      const pdfOf = async (token: string) => {
        const res = await postJson(server.app, `/api/results/${token}/report`, {}, fromSite());
        expect(res.statusCode).toBe(200);
        return (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
      };
      expect(await pdfOf(newer)).toContain('In version 2, operational statement 1:');
      expect(await pdfOf(older)).not.toContain('In version 2');
    });
  });

  describe('erasure and retention', () => {
    it('erases the team audit with the lead: the join link is a 404 and no answer is left', async () => {
      const token = await storeWithLink();
      const joinToken = await openJoinToken(token);
      await answer(joinToken);
      await eraseAddress(t.db, MANAGER, 'test');
      expect((await server.app.inject({ url: `/api/team-audits/${joinToken}` })).statusCode).toBe(404);
      expect((await answer(joinToken)).statusCode).toBe(404);
      expect(await storedAnswers()).toBe(0);
    });

    it('purges it with the request past retention', async () => {
      const token = await storeWithLink();
      const joinToken = await openJoinToken(token);
      await answer(joinToken);
      await t.db.query(`UPDATE email_requests SET created_at = now() - interval '31 days'`);
      expect((await server.app.inject({ url: `/api/team-audits/${joinToken}` })).statusCode).toBe(404);
      await purgeExpiredRequests(t.db, RETENTION_DAYS);
      expect(await storedAnswers()).toBe(0);
      expect((await t.db.query('SELECT 1 FROM team_audits')).rows).toHaveLength(0);
    });
  });
  describe('what the consultancy sees', () => {
    async function signedIn(url: string) {
      const { secret } = await createSession(t.db, MEMBER);
      return teamRequest(server.app, 'GET', url, {
        cookie: `${sessionCookieName(PUBLIC_URL)}=${secret}`,
      });
    }
    const leadIdOf = async () =>
      (await t.db.query<{ lead_id: string }>('SELECT lead_id FROM email_requests LIMIT 1')).rows[0]!.lead_id;

    it('lists the lead’s team audits with dates and respondent counts, and never an answer or a role', async () => {
      const first = await storeWithLink();
      const joinToken = await openJoinToken(first);
      for (const role of ['care-worker', 'care-worker', 'manager'] as const)
        await answer(joinToken, { role });
      await close(first);
      const retake = await storeWithLink({ retakeOf: first });
      await openJoinToken(retake);

      const res = await signedIn(`/api/team/leads/${await leadIdOf()}`);
      expect(res.statusCode).toBe(200);
      const lead = res.json<LeadDetail>();
      expect(lead.teamAudits).toHaveLength(2);
      expect(
        lead.teamAudits.map((audit) => [audit.resultId, audit.respondents, audit.closedAt === null]),
      ).toEqual([
        [lead.results[0]!.id, 3, false],
        [lead.results[1]!.id, 0, true],
      ]);
      const text = JSON.stringify(lead.teamAudits);
      expect(text).not.toMatch(/care-worker|responses|role|respondentKey/);
    });

    it('keeps the team audits behind sign-in', async () => {
      const token = await storeWithLink();
      await openJoinToken(token);
      const res = await teamRequest(server.app, 'GET', `/api/team/leads/${await leadIdOf()}`);
      expect(res.statusCode).toBe(401);
      expect((await teamRequest(server.app, 'GET', '/api/team/overview')).statusCode).toBe(401);
    });

    it('counts the team audits started, the colleagues who answered and those closed, each when it happened', async () => {
      const empty = (await signedIn('/api/team/overview')).json<Overview>().teamAudits;
      expect(empty).toEqual({
        started: { current: 0, previous: 0 },
        respondents: { current: 0, previous: 0 },
        closed: { current: 0, previous: 0 },
      });
      const first = await storeWithLink();
      const firstJoin = await openJoinToken(first);
      const second = await storeWithLink({ email: 'other@care-home.example' });
      const secondJoin = await openJoinToken(second);
      for (let i = 0; i < 3; i++) await answer(firstJoin);
      // One colleague answers twice: one respondent.
      const key = newKey();
      await answer(secondJoin, { respondentKey: key });
      await answer(secondJoin, { respondentKey: key });
      await close(first);
      // The second opened 40 days ago and closed by its time 10 days ago: started in the period
      // before, closed in this one; its answer was given 35 days ago.
      await t.db.query(
        `UPDATE team_audits SET opened_at = now() - interval '40 days', closes_at = now() - interval '10 days'
          WHERE join_token_hash = decode($1, 'hex')`,
        [secretHash(secondJoin, 'hex')],
      );
      await t.db.query(
        `UPDATE team_audit_answers SET answered_at = now() - interval '35 days'
          WHERE team_audit_id = (SELECT id FROM team_audits WHERE join_token_hash = decode($1, 'hex'))`,
        [secretHash(secondJoin, 'hex')],
      );
      const figures = (await signedIn('/api/team/overview')).json<Overview>().teamAudits;
      expect(figures).toEqual({
        started: { current: 1, previous: 1 },
        respondents: { current: 3, previous: 1 },
        closed: { current: 2, previous: 0 },
      });
    });
  });
});
