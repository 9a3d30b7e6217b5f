import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  actionTopicsFor,
  buildReport,
  sanitizeResponses,
  type ActionPlanItem,
  type Responses,
} from '../../core';
import { ACTION_PLAN_MESSAGES, actionPlanPath } from '../../shared/action-plan';
import { PLAIN_TEXT_MESSAGE } from '../../shared/plain-text';
import type { StoredResults } from '../../shared/results-link';
import { FORBIDDEN_ORIGIN_MESSAGE } from '../http/same-origin';
import { newSecret } from '../http/secrets';
import { ACTION_PLAN_CHANGES_PER_CLIENT } from './action-plan-routes';
import { storeEmailRequest } from './email-requests';
import { eraseAddress, purgeExpiredRequests } from './lead-records';
import { RESULTS_NOT_FOUND_MESSAGE } from '../../shared/results-link';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { COMPLETE_ANSWERS, postJson } from '../../../test/support/requests';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';

const PUBLIC_URL = 'https://audit.example.org';
const RETENTION_DAYS = 30;
const MANAGER = 'manager@care-home.example';

/** Every statement rated 5: no priorities, so the five areas are the only topics. */
const ALL_HIGHEST: Responses = sanitizeResponses(
  Object.fromEntries(
    ['operational', 'compliance', 'quality', 'training', 'data'].map((area) => [
      area,
      { '0': 5, '1': 5, '2': 5, '3': 5, '4': 5 },
    ]),
  ),
);
/** All 5 but the first operational statement, rated 1: its one priority is no priority of COMPLETE_ANSWERS. */
const ONE_WEAK_SPOT: Responses = { ...ALL_HIGHEST, operational: { ...ALL_HIGHEST.operational, 0: 1 } };

const topicKeys = (responses: Responses) => {
  const report = buildReport(responses);
  return actionTopicsFor(report.priorities, report.areas).map((topic) => topic.key);
};

describe.each(DATABASE_KINDS)('the action plan, POST /api/results/<token>/plan, on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });
  const server = useTestApp(() => ({
    config: testConfig({ ...apiOnlyEnv(t.dataDir), PUBLIC_URL, RETENTION_DAYS: String(RETENTION_DAYS) }),
    deps: { db: t.db },
  }));
  // Each test comes from an address of its own, so the per-client limit of one (counted in memory
  // with PGlite, for the app's whole life) never meets another's.
  let client = 0;
  let remoteAddress = '';
  beforeEach(async () => {
    await t.reset();
    client += 1;
    remoteAddress = `203.0.113.${client}`;
  });

  /** Stores a request as the e-mail route does, with a results token; resolves with the token. */
  async function storeWithLink(responses: Responses = COMPLETE_ANSWERS, email = MANAGER): Promise<string> {
    const token = newSecret();
    const result = await storeEmailRequest(
      t.db,
      { email, note: null, responses, report: buildReport(responses), resultsToken: token },
      { visitor: email, team: undefined },
      { max: 1_000, windowMs: 60_000 },
    );
    if (!result.stored) throw new Error('the request was rate-limited');
    return token;
  }

  /** A change as the results page sends it: JSON, from this site. */
  const change = (token: string, body: unknown, options: Partial<InjectOptions> = {}) =>
    postJson(server.app, actionPlanPath(token), body, {
      remoteAddress,
      ...options,
      headers: { 'content-type': 'application/json', origin: PUBLIC_URL, ...options.headers },
    });
  const planOf = async (token: string) =>
    (await server.app.inject({ url: `/api/results/${token}` })).json<StoredResults>().plan;
  const storedItems = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM action_plan_items')).rows[0]?.n;
  const expectPrivate = (headers: Record<string, unknown>) => {
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-robots-tag']).toContain('noindex');
  };

  const [FIRST_PRIORITY, SECOND_PRIORITY] = topicKeys(COMPLETE_ANSWERS);

  describe('saving', () => {
    it('keeps a status, an owner and a past target date as sent, and the results link answers them', async () => {
      const token = await storeWithLink();
      const res = await change(token, {
        key: 'area:quality',
        status: 'in_progress',
        owner: '  Priya Shah  ',
        targetDate: '2021-06-30',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expectPrivate(res.headers);
      const saved: ActionPlanItem = {
        key: 'area:quality',
        status: 'in_progress',
        owner: 'Priya Shah',
        targetDate: '2021-06-30',
      };
      expect(res.json()).toEqual({ plan: [saved] });
      expect(await planOf(token)).toEqual([saved]);
    });

    it('takes a status alone, for each status', async () => {
      const token = await storeWithLink();
      for (const status of ['planned', 'in_progress', 'done'] as const) {
        const res = await change(token, { key: 'area:data', status });
        expect(res.json()).toEqual({ plan: [{ key: 'area:data', status }] });
      }
      expect(await storedItems()).toBe(1);
    });

    it('replaces an item whole: an owner or date left out of a later change is cleared', async () => {
      const token = await storeWithLink();
      await change(token, { key: 'area:data', status: 'planned', owner: 'Sam', targetDate: '2027-01-31' });
      const { rows: before } = await t.db.query<{ updated_at: Date }>(
        'SELECT updated_at FROM action_plan_items',
      );
      const res = await change(token, { key: 'area:data', status: 'done' });
      expect(res.json()).toEqual({ plan: [{ key: 'area:data', status: 'done' }] });
      const { rows: after } = await t.db.query<{ updated_at: Date; owner: null; target_date: null }>(
        'SELECT updated_at, owner, target_date FROM action_plan_items',
      );
      expect(after).toEqual([{ updated_at: expect.any(Date), owner: null, target_date: null }]);
      expect(new Date(after[0]!.updated_at).getTime()).toBeGreaterThanOrEqual(
        new Date(before[0]!.updated_at).getTime(),
      );
    });

    it('answers the whole plan in the topics’ order: the priorities as the report ranks them, then the areas', async () => {
      const token = await storeWithLink();
      const keys = topicKeys(COMPLETE_ANSWERS);
      // Marked backwards, so the order is the topics', not the order of marking.
      for (const key of [...keys].reverse()) await change(token, { key, status: 'planned' });
      const plan = (await change(token, { key: keys[0]!, status: 'done' })).json<{ plan: ActionPlanItem[] }>()
        .plan;
      expect(plan.map((item) => item.key)).toEqual(keys);
      expect(keys).toHaveLength(10);
      expect(keys.slice(5)).toEqual(
        ['operational', 'compliance', 'quality', 'training', 'data'].map((a) => `area:${a}`),
      );
      expect(await planOf(token)).toEqual(plan);
    });

    it('removes an item for not_started, and not_started on an unmarked topic changes nothing', async () => {
      const token = await storeWithLink();
      await change(token, { key: FIRST_PRIORITY, status: 'planned', owner: 'Sam' });
      await change(token, { key: SECOND_PRIORITY, status: 'done' });
      const res = await change(token, { key: FIRST_PRIORITY, status: 'not_started' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ plan: [{ key: SECOND_PRIORITY, status: 'done' }] });
      const again = await change(token, { key: FIRST_PRIORITY, status: 'not_started' });
      expect(again.json()).toEqual({ plan: [{ key: SECOND_PRIORITY, status: 'done' }] });
      await change(token, { key: SECOND_PRIORITY, status: 'not_started' });
      expect(await planOf(token)).toEqual([]);
      expect(await storedItems()).toBe(0);
    });

    it('keeps each result’s plan to itself', async () => {
      const mine = await storeWithLink();
      const theirs = await storeWithLink(COMPLETE_ANSWERS, 'other@care-home.example');
      await change(mine, { key: 'area:data', status: 'done' });
      expect(await planOf(theirs)).toEqual([]);
      expect((await change(theirs, { key: 'area:data', status: 'planned' })).json()).toEqual({
        plan: [{ key: 'area:data', status: 'planned' }],
      });
      expect(await planOf(mine)).toEqual([{ key: 'area:data', status: 'done' }]);
    });

    it('offers only the five areas on results without priorities (every statement rated 5)', async () => {
      const token = await storeWithLink(ALL_HIGHEST);
      expect(topicKeys(ALL_HIGHEST)).toHaveLength(5);
      expect((await change(token, { key: 'area:operational', status: 'done' })).statusCode).toBe(200);
      const res = await change(token, { key: FIRST_PRIORITY, status: 'planned' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ key: ACTION_PLAN_MESSAGES.keyInvalid });
    });

    it('takes the longest owner (100 characters) and the latest and earliest target dates', async () => {
      const token = await storeWithLink();
      const owner = 'n'.repeat(100);
      const res = await change(token, {
        key: 'area:data',
        status: 'planned',
        owner,
        targetDate: '2020-01-01',
      });
      expect(res.json().plan).toEqual([
        { key: 'area:data', status: 'planned', owner, targetDate: '2020-01-01' },
      ]);
      const latest = new Date();
      latest.setUTCFullYear(latest.getUTCFullYear() + 5);
      const day = latest.toISOString().slice(0, 10);
      expect((await change(token, { key: 'area:data', status: 'planned', targetDate: day })).statusCode).toBe(
        200,
      );
    });
  });

  describe('what it refuses', () => {
    it('answers 415 to a body that is not JSON, before the Origin is looked at', async () => {
      const token = await storeWithLink();
      for (const origin of [PUBLIC_URL, undefined]) {
        const res = await server.app.inject({
          method: 'POST',
          url: actionPlanPath(token),
          remoteAddress,
          headers: { 'content-type': 'text/plain', ...(origin ? { origin } : {}) },
          payload: JSON.stringify({ key: 'area:data', status: 'done' }),
        });
        expect(res.statusCode).toBe(415);
        expect(res.json().error.code).toBe('unsupported_media_type');
        expectPrivate(res.headers);
      }
      expect(await storedItems()).toBe(0);
    });

    it('answers 403 forbidden_origin without an Origin, with `null`, or from another site, even with a live token', async () => {
      const token = await storeWithLink();
      for (const origin of [undefined, 'null', 'https://attacker.example', 'http://audit.example.org']) {
        const res = await postJson(
          server.app,
          actionPlanPath(token),
          { key: 'area:data', status: 'done' },
          {
            remoteAddress,
            headers: { 'content-type': 'application/json', ...(origin === undefined ? {} : { origin }) },
          },
        );
        expect(res.statusCode, String(origin)).toBe(403);
        expect(res.json()).toEqual({
          error: { code: 'forbidden_origin', message: FORBIDDEN_ORIGIN_MESSAGE },
        });
        expectPrivate(res.headers);
      }
      expect(await storedItems()).toBe(0);
    });

    it('answers 403 before it looks at the token or the body', async () => {
      const res = await postJson(
        server.app,
        actionPlanPath(newSecret()),
        { status: 'nonsense' },
        {
          remoteAddress,
          headers: { 'content-type': 'application/json', origin: 'https://attacker.example' },
        },
      );
      expect(res.statusCode).toBe(403);
    });

    it('answers 404 for a malformed, unknown, expired or erased link, as the results link itself does', async () => {
      const live = await storeWithLink();
      const erased = await storeWithLink(COMPLETE_ANSWERS, 'erased@care-home.example');
      await change(erased, { key: 'area:data', status: 'planned' });
      await eraseAddress(t.db, 'erased@care-home.example', 'test');
      const expired = await storeWithLink(COMPLETE_ANSWERS, 'old@care-home.example');
      await t.db.query(
        `UPDATE email_requests SET created_at = now() - make_interval(days => $1::int, secs => 1)
          WHERE email = 'old@care-home.example'`,
        [RETENTION_DAYS],
      );
      const tokens = {
        malformed: 'not-a-token',
        short: live.slice(1),
        unknown: newSecret(),
        expired,
        erased,
      };
      for (const [what, token] of Object.entries(tokens)) {
        const res = await change(token, { key: 'area:data', status: 'done' });
        expect(res.statusCode, what).toBe(404);
        expect(res.json()).toEqual({ error: { code: 'not_found', message: RESULTS_NOT_FOUND_MESSAGE } });
        expectPrivate(res.headers);
        const read = await server.app.inject({ url: `/api/results/${token}` });
        expect(read.statusCode, what).toBe(404);
        expect(read.json()).toEqual(res.json());
        // The token first: a wrong body at a dead link is still a 404.
        expect((await change(token, { key: 'area:data', status: 'finished' })).statusCode, what).toBe(404);
      }
      expect(await storedItems()).toBe(0);
      expect((await change(live, { key: 'area:data', status: 'done' })).statusCode).toBe(200);
    });

    it('still saves on the retention period’s last day', async () => {
      const token = await storeWithLink();
      await t.db.query(
        `UPDATE email_requests SET created_at = now() - make_interval(days => $1::int) + interval '5 minutes'`,
        [RETENTION_DAYS],
      );
      expect((await change(token, { key: 'area:data', status: 'done' })).statusCode).toBe(200);
    });

    it('answers 400 naming the field for a bad status, key, owner or date, and saves nothing', async () => {
      const token = await storeWithLink();
      const other = topicKeys(ONE_WEAK_SPOT)[0]!;
      expect(other).toBe('statement:operational-0');
      expect(topicKeys(COMPLETE_ANSWERS)).not.toContain(other);
      const cases: [string, unknown, Record<string, string>][] = [
        [
          'a bad status',
          { key: 'area:data', status: 'finished' },
          { status: ACTION_PLAN_MESSAGES.statusInvalid },
        ],
        ['no status', { key: 'area:data' }, { status: ACTION_PLAN_MESSAGES.statusInvalid }],
        [
          'an unknown area',
          { key: 'area:catering', status: 'done' },
          { key: ACTION_PLAN_MESSAGES.keyInvalid },
        ],
        [
          'no such statement',
          { key: 'statement:data-9', status: 'done' },
          { key: ACTION_PLAN_MESSAGES.keyInvalid },
        ],
        [
          'a statement that is no priority here',
          { key: 'statement:compliance-0', status: 'done' },
          { key: ACTION_PLAN_MESSAGES.keyInvalid },
        ],
        [
          'another result’s priority',
          { key: other, status: 'done' },
          { key: ACTION_PLAN_MESSAGES.keyInvalid },
        ],
        ['a key that is not text', { key: 7, status: 'done' }, { key: ACTION_PLAN_MESSAGES.keyInvalid }],
        [
          'an owner of 101 characters',
          { key: 'area:data', status: 'done', owner: 'n'.repeat(101) },
          { owner: ACTION_PLAN_MESSAGES.ownerTooLong },
        ],
        [
          'an owner of spaces',
          { key: 'area:data', status: 'done', owner: '   ' },
          { owner: ACTION_PLAN_MESSAGES.ownerEmpty },
        ],
        [
          'an owner with U+0000',
          { key: 'area:data', status: 'done', owner: 'Sam\u0000' },
          { owner: PLAIN_TEXT_MESSAGE },
        ],
        [
          'an owner on two lines',
          { key: 'area:data', status: 'done', owner: 'Sam\nPatel' },
          { owner: PLAIN_TEXT_MESSAGE },
        ],
        [
          '30 February',
          { key: 'area:data', status: 'done', targetDate: '2026-02-30' },
          { targetDate: ACTION_PLAN_MESSAGES.targetDateInvalid },
        ],
        [
          'a day before 2020',
          { key: 'area:data', status: 'done', targetDate: '2019-12-31' },
          { targetDate: ACTION_PLAN_MESSAGES.targetDateTooEarly },
        ],
        [
          'a day too far ahead',
          { key: 'area:data', status: 'done', targetDate: '2099-01-01' },
          { targetDate: ACTION_PLAN_MESSAGES.targetDateTooLate },
        ],
        [
          'not_started with an owner',
          { key: 'area:data', status: 'not_started', owner: 'Sam' },
          { owner: ACTION_PLAN_MESSAGES.nothingToAttach },
        ],
        [
          'not_started with a date',
          { key: 'area:data', status: 'not_started', targetDate: '2027-01-01' },
          { targetDate: ACTION_PLAN_MESSAGES.nothingToAttach },
        ],
        [
          'a field it does not know',
          { key: 'area:data', status: 'done', score: 100 },
          { score: 'This field is not part of a change to the action plan' },
        ],
        ['a list', [], { '': 'The change must be a JSON object' }],
      ];
      for (const [what, body, fields] of cases) {
        const res = await change(token, body);
        expect(res.statusCode, what).toBe(400);
        expect(res.json().error, what).toMatchObject({ code: 'invalid_request', fields });
        expectPrivate(res.headers);
      }
      expect(await storedItems()).toBe(0);
      expect(await planOf(token)).toEqual([]);
    });

    it('answers 429 past the per-client limit, whatever the token, with Retry-After', async () => {
      const token = await storeWithLink();
      for (let i = 0; i < ACTION_PLAN_CHANGES_PER_CLIENT; i++) {
        const res = await change(i % 2 ? token : newSecret(), { key: 'area:data', status: 'done' });
        expect(res.statusCode).toBe(i % 2 ? 200 : 404);
      }
      const over = await change(token, { key: 'area:data', status: 'planned' });
      expect(over.statusCode).toBe(429);
      expect(over.json().error.code).toBe('rate_limited');
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(await planOf(token)).toEqual([{ key: 'area:data', status: 'done' }]);
      // Another client is counted apart.
      const elsewhere = await change(
        token,
        { key: 'area:data', status: 'planned' },
        { remoteAddress: '198.51.100.7' },
      );
      expect(elsewhere.statusCode).toBe(200);
    });
  });

  describe('deleted with its request', () => {
    it('is gone when the address is erased, and the link then answers 404', async () => {
      const token = await storeWithLink();
      const kept = await storeWithLink(COMPLETE_ANSWERS, 'other@care-home.example');
      await change(token, { key: 'area:data', status: 'planned', owner: 'Sam' });
      await change(kept, { key: 'area:data', status: 'done' });
      expect(await storedItems()).toBe(2);
      await eraseAddress(t.db, MANAGER.toUpperCase(), 'test');
      const { rows } = await t.db.query<{ item_key: string; status: string }>(
        'SELECT item_key, status FROM action_plan_items',
      );
      expect(rows).toEqual([{ item_key: 'area:data', status: 'done' }]);
      expect((await server.app.inject({ url: `/api/results/${token}` })).statusCode).toBe(404);
    });

    it('is gone when retention purges the request', async () => {
      const token = await storeWithLink();
      const recent = await storeWithLink(COMPLETE_ANSWERS, 'recent@care-home.example');
      await change(token, { key: 'area:data', status: 'planned' });
      await change(recent, { key: 'area:data', status: 'planned' });
      await t.db.query(
        `UPDATE email_requests SET created_at = now() - make_interval(days => $1::int + 1) WHERE email = $2`,
        [RETENTION_DAYS, MANAGER],
      );
      const removed = await purgeExpiredRequests(t.db, RETENTION_DAYS);
      expect(removed.requests).toBe(1);
      expect(await storedItems()).toBe(1);
      expect(await planOf(recent)).toEqual([{ key: 'area:data', status: 'planned' }]);
    });
  });
});
