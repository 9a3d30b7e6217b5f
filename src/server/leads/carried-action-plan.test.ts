import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  actionTopicsFor,
  buildReport,
  isoDate,
  sanitizeResponses,
  type ActionPlanItem,
  type Responses,
} from '../../core';
import { actionPlanPath } from '../../shared/action-plan';
import { PLAN_MOVED_REFUSAL } from '../../shared/action-plan-words';
import type { StoredResults } from '../../shared/results-link';
import { CONTENT_V1 } from '../../core/content';
import { newSecret } from '../http/secrets';
import { storeSavedAudit } from '../saved-audits/saved-audits';
import {
  ACTION_PLAN_COUNTS_COLUMNS,
  actionPlanCountsJoin,
  carryActionPlan,
  type ActionPlanCountsRow,
} from './action-plan';
import { replaceResultsToken } from './email-requests';
import { eraseAddress } from './lead-records';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { answersScoring } from '../../../test/support/audit-fixtures';
import { COMPLETE_RESPONSES, postEmailRequest, postJson, validBody } from '../../../test/support/requests';
import { publishWords } from '../../../test/support/content-fixtures';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';

const PUBLIC_URL = 'https://audit.example.org';
const MANAGER = 'manager@care-home.example';
const TODAY = isoDate(new Date());

/** Every statement rated 5 but the first operational one, rated 1: one priority, none of COMPLETE_RESPONSES's. */
const ONE_WEAK_SPOT = { ...answersScoring(100), operational: { '0': 1, '1': 5, '2': 5, '3': 5, '4': 5 } };

const topicKeys = (responses: Record<string, Record<string, number>>) => {
  const report = buildReport(sanitizeResponses(responses) as Responses);
  return actionTopicsFor(report.priorities, report.areas).map((topic) => topic.key);
};
/** The ten topics of COMPLETE_RESPONSES: five priorities (data and quality statements), then the areas. */
const TOPICS = topicKeys(COMPLETE_RESPONSES);

describe.each(DATABASE_KINDS)('the action plan carried on to a retake, on %s', (kind) => {
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
      RATE_LIMIT_PER_CLIENT: '1000',
      RATE_LIMIT_PER_RECIPIENT: '1000',
    }),
    deps: { db: t.db },
  }));
  // Each test changes plans from an address of its own: the per-client limit of plan changes is
  // counted for the app's whole life.
  let client = 0;
  let remoteAddress = '';
  beforeEach(async () => {
    await t.reset();
    client += 1;
    remoteAddress = `198.51.100.${client}`;
  });

  /** A request through the e-mail route, as the form sends it; resolves with its id and a results link's token. */
  async function emailResults(
    overrides: Record<string, unknown> = {},
  ): Promise<{ id: string; token: string }> {
    const res = await postEmailRequest(server.app, validBody({ email: MANAGER, ...overrides }), {
      remoteAddress,
    });
    expect(res.statusCode).toBe(202);
    const id = res.json<{ id: string }>().id;
    // The link the visitor's e-mail carries is made when it is sent; a new one opens the same result.
    const token = await replaceResultsToken(t.db, id);
    if (!token) throw new Error('the request was not stored');
    return { id, token };
  }

  const change = (token: string, body: Record<string, unknown>) =>
    postJson(server.app, actionPlanPath(token), body, {
      remoteAddress,
      headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
    });

  async function mark(token: string, body: Record<string, unknown>): Promise<void> {
    const res = await change(token, body);
    expect(res.statusCode, res.body).toBe(200);
  }

  const results = async (token: string) =>
    (await server.app.inject({ url: `/api/results/${token}` })).json<StoredResults>();

  const rowsOf = async (id: string) =>
    (
      await t.db.query<{ item_key: string; updated_at: Date; carried_from_request_id: string | null }>(
        `SELECT item_key, updated_at, carried_from_request_id FROM action_plan_items
          WHERE request_id = $1 ORDER BY item_key`,
        [id],
      )
    ).rows;

  /** The team's counts for a request, as the lead's detail and the CSV count them. */
  async function countsOf(id: string): Promise<[number, number, number]> {
    const { rows } = await t.db.query<ActionPlanCountsRow>(
      `SELECT ${ACTION_PLAN_COUNTS_COLUMNS} FROM email_requests r ${actionPlanCountsJoin('r')} WHERE r.id = $1`,
      [id],
    );
    const row = rows[0]!;
    return [row.plan_planned, row.plan_in_progress, row.plan_done];
  }

  /** Four topics marked: each status, with an owner and a date on some. */
  async function markFour(token: string): Promise<ActionPlanItem[]> {
    await mark(token, { key: TOPICS[0], status: 'done', owner: 'Priya Shah', targetDate: '2026-10-01' });
    await mark(token, { key: TOPICS[1], status: 'in_progress', owner: 'Sam Lee' });
    await mark(token, { key: 'area:quality', status: 'planned', targetDate: '2027-03-31' });
    await mark(token, { key: 'area:data', status: 'planned' });
    return (await results(token)).plan;
  }

  describe('a retake in a later version of the audit’s words (issue 34)', () => {
    it('carries a statement’s item to where its key now sits, not one whose meaning is new, and every area’s', async () => {
      // All operational statements rated 1: each is a priority, so each is a topic in both versions.
      const weak = { ...answersScoring(100), operational: { '0': 1, '1': 1, '2': 1, '3': 1, '4': 1 } };
      const first = await emailResults({ responses: weak });
      await mark(first.token, { key: 'statement:operational-0', status: 'done', owner: 'Priya Shah' });
      await mark(first.token, { key: 'statement:operational-1', status: 'in_progress' });
      await mark(first.token, { key: 'area:operational', status: 'planned' });

      // Version 2: statements 1 and 2 swap places; statement 2 (now first) keeps its key, and the one
      // now second (statement 1's old meaning) is given a new key.
      const words = structuredClone(CONTENT_V1);
      const [one, two] = words.areas[0]!.statements;
      words.areas[0]!.statements[0] = two!;
      words.areas[0]!.statements[1] = { ...one!, key: 'operational-one-record-2027' };
      await publishWords(t.db, words);

      const retake = await emailResults({ responses: weak, retakeOf: first.token, contentVersion: 2 });
      const plan = (await results(retake.token)).plan;
      expect(plan.map(({ key, status }) => [key, status])).toEqual([
        ['statement:operational-0', 'in_progress'],
        ['area:operational', 'planned'],
      ]);
    });
  });

  describe('a retake by “Retake with these answers” (retakeOf)', () => {
    it('starts with every item of the earlier plan, status, owner and date, each marked carried; done stays done', async () => {
      const first = await emailResults();
      const earlierPlan = await markFour(first.token);
      expect(earlierPlan.map((item) => item.carriedFrom)).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);

      const retake = await emailResults({ retakeOf: first.token });
      const { plan } = await results(retake.token);
      expect(plan).toEqual(earlierPlan.map((item) => ({ ...item, carriedFrom: TODAY })));
      expect(plan.find((item) => item.key === TOPICS[0])).toEqual({
        key: TOPICS[0],
        status: 'done',
        owner: 'Priya Shah',
        targetDate: '2026-10-01',
        carriedFrom: TODAY,
      });
      // The earlier result keeps its own plan, unmarked, and each copy keeps when it was last set.
      expect((await results(first.token)).plan).toEqual(earlierPlan);
      const [before, after] = [await rowsOf(first.id), await rowsOf(retake.id)];
      expect(after.map((row) => row.updated_at)).toEqual(before.map((row) => row.updated_at));
      expect(after.every((row) => row.carried_from_request_id === first.id)).toBe(true);
    });

    it('does not carry a topic the retake no longer has, and carries those it still has', async () => {
      const first = await emailResults();
      await markFour(first.token);
      // The retake's one priority is an operational statement: the earlier two priorities are gone.
      const retake = await emailResults({ responses: ONE_WEAK_SPOT, retakeOf: first.token });
      expect(topicKeys(ONE_WEAK_SPOT)).not.toContain(TOPICS[0]);
      expect((await results(retake.token)).plan).toEqual([
        { key: 'area:quality', status: 'planned', targetDate: '2027-03-31', carriedFrom: TODAY },
        { key: 'area:data', status: 'planned', carriedFrom: TODAY },
      ]);
    });

    it('starts a retake of a result without a plan with none, and that result still says a later one holds it', async () => {
      const first = await emailResults();
      const retake = await emailResults({ retakeOf: first.token });
      expect((await results(retake.token)).plan).toEqual([]);
      expect(await rowsOf(retake.id)).toEqual([]);
      expect((await results(first.token)).history.laterResults).toBe(true);
      const refused = await change(first.token, { key: 'area:data', status: 'planned' });
      expect(refused.statusCode).toBe(409);
      expect(await rowsOf(first.id)).toEqual([]);
    });

    it('carries nothing to a request that is no retake, and a second carry changes nothing', async () => {
      const first = await emailResults();
      await markFour(first.token);
      const other = await emailResults({ email: 'other@care-home.example' });
      expect(await carryActionPlan(t.db, other.id)).toBe(0);
      expect(await rowsOf(other.id)).toEqual([]);

      const retake = await emailResults({ retakeOf: first.token });
      const carried = await results(retake.token);
      expect(await t.db.transaction((tx) => carryActionPlan(tx, retake.id))).toBe(0);
      expect(await results(retake.token)).toEqual(carried);
    });
  });

  describe('a retake saved and continued (continueToken)', () => {
    it('starts with the plan of the result the saved retake came from', async () => {
      const first = await emailResults();
      const earlierPlan = await markFour(first.token);
      const continueToken = newSecret();
      const saved = await storeSavedAudit(
        t.db,
        {
          email: MANAGER,
          responses: sanitizeResponses(COMPLETE_RESPONSES),
          section: 2,
          profile: {},
          retakeOfRequest: first.id,
          consentWording: null,
          token: continueToken,
        },
        { max: 1_000, windowMs: 60_000 },
      );
      expect(saved.stored).toBe(true);
      const retake = await emailResults({ continueToken });
      expect((await results(retake.token)).plan).toEqual(
        earlierPlan.map((item) => ({ ...item, carriedFrom: TODAY })),
      );
    });
  });

  describe('the earlier result, once a later one holds the plan', () => {
    it('refuses a change with 409 and a clear message, and changes nothing', async () => {
      const first = await emailResults();
      const earlierPlan = await markFour(first.token);
      const before = await rowsOf(first.id);
      await emailResults({ retakeOf: first.token });

      for (const body of [
        { key: 'area:data', status: 'done' },
        { key: 'area:operational', status: 'planned', owner: 'New owner' },
        { key: TOPICS[0], status: 'not_started' },
      ]) {
        const res = await change(first.token, body);
        expect(res.statusCode).toBe(409);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.json()).toEqual({ error: { code: 'superseded', message: PLAN_MOVED_REFUSAL } });
      }
      expect(await rowsOf(first.id)).toEqual(before);
      expect((await results(first.token)).plan).toEqual(earlierPlan);
    });

    it('still answers a malformed change with 400 and a dead link with 404 first', async () => {
      const first = await emailResults();
      await emailResults({ retakeOf: first.token });
      expect((await change(first.token, { key: 'area:data', status: 'finished' })).statusCode).toBe(400);
      expect((await change(newSecret(), { key: 'area:data', status: 'done' })).statusCode).toBe(404);
    });

    it('takes changes again once the later result is erased: no later result holds the plan', async () => {
      const first = await emailResults();
      await emailResults({ email: 'retaker@care-home.example', retakeOf: first.token });
      await eraseAddress(t.db, 'retaker@care-home.example', 'command line (test)');
      expect((await results(first.token)).history.laterResults).toBe(false);
      await mark(first.token, { key: 'area:data', status: 'done' });
    });
  });

  describe('the retake’s own plan', () => {
    it('is changed as any plan: a changed item is no longer carried, "Not started" removes one', async () => {
      const first = await emailResults();
      await markFour(first.token);
      const retake = await emailResults({ retakeOf: first.token });
      await mark(retake.token, { key: 'area:quality', status: 'done', targetDate: '2027-03-31' });
      await mark(retake.token, { key: 'area:data', status: 'not_started' });
      const { plan } = await results(retake.token);
      expect(plan.find((item) => item.key === 'area:quality')).toEqual({
        key: 'area:quality',
        status: 'done',
        targetDate: '2027-03-31',
      });
      expect(plan.map((item) => item.key)).toEqual([TOPICS[0], TOPICS[1], 'area:quality']);
      expect(plan.filter((item) => item.carriedFrom === TODAY)).toHaveLength(2);
    });

    it('keeps its items, no longer marked carried, when the earlier result is erased', async () => {
      const first = await emailResults({ email: 'first@care-home.example' });
      const earlierPlan = await markFour(first.token);
      const retake = await emailResults({ retakeOf: first.token });
      await eraseAddress(t.db, 'first@care-home.example', 'command line (test)');

      expect((await server.app.inject({ url: `/api/results/${first.token}` })).statusCode).toBe(404);
      expect((await results(retake.token)).plan).toEqual(earlierPlan);
      expect((await rowsOf(retake.id)).map((row) => row.carried_from_request_id)).toEqual([
        null,
        null,
        null,
        null,
      ]);
    });

    it('carries nothing when the earlier result is erased before the retake is stored', async () => {
      const first = await emailResults({ email: 'first@care-home.example' });
      await markFour(first.token);
      await eraseAddress(t.db, 'first@care-home.example', 'command line (test)');
      const retake = await emailResults({ retakeOf: first.token });
      expect((await results(retake.token)).plan).toEqual([]);
    });
  });

  it('carries a plan along a chain of 13 results, the history’s limit, each from the one just before', async () => {
    const statuses = ['planned', 'in_progress', 'done'] as const;
    let link = await emailResults();
    const ids = [link.id];
    await mark(link.token, { key: 'area:operational', status: 'planned', owner: 'Owner 0' });
    for (let step = 1; step < 13; step += 1) {
      const before = (await results(link.token)).plan;
      const next = await emailResults({ retakeOf: link.token });
      ids.push(next.id);
      const carried = await results(next.token);
      // Everything the link before held, marked carried; the link before can no longer change it.
      expect(carried.plan).toEqual(before.map((item) => ({ ...item, carriedFrom: TODAY })));
      expect((await rowsOf(next.id)).every((row) => row.carried_from_request_id === ids.at(-2))).toBe(true);
      expect((await change(link.token, { key: 'area:data', status: 'done' })).statusCode).toBe(409);
      // Each link adds to the plan: a new status for one area, an owner on another.
      const area = ['operational', 'compliance', 'quality', 'training', 'data'][step % 5];
      await mark(next.token, {
        key: `area:${area}`,
        status: statuses[step % 3],
        owner: `Owner ${step}`,
      });
      link = next;
    }
    const last = await results(link.token);
    expect(last.history.total).toBe(13);
    expect(last.history.entries).toHaveLength(12);
    // The last link set quality's item; the others were set on links before it and carried since.
    expect(last.plan).toEqual([
      { key: 'area:operational', status: 'in_progress', owner: 'Owner 10', carriedFrom: TODAY },
      { key: 'area:compliance', status: 'done', owner: 'Owner 11', carriedFrom: TODAY },
      { key: 'area:quality', status: 'planned', owner: 'Owner 12' },
      { key: 'area:training', status: 'done', owner: 'Owner 8', carriedFrom: TODAY },
      { key: 'area:data', status: 'planned', owner: 'Owner 9', carriedFrom: TODAY },
    ]);
  });

  describe('the team’s counts', () => {
    it('follow the latest result: an earlier request counts the plan its retake holds now', async () => {
      const first = await emailResults();
      await markFour(first.token);
      expect(await countsOf(first.id)).toEqual([2, 1, 1]);
      const retake = await emailResults({ retakeOf: first.token });
      await mark(retake.token, { key: 'area:data', status: 'done' });
      expect(await countsOf(retake.id)).toEqual([1, 1, 2]);
      expect(await countsOf(first.id)).toEqual([1, 1, 2]);
      // Along a chain, and to the newer of two retakes of one result.
      const third = await emailResults({ retakeOf: retake.token });
      await mark(third.token, { key: 'area:quality', status: 'done' });
      expect(await countsOf(first.id)).toEqual([0, 1, 3]);
      const other = await emailResults({ retakeOf: first.token });
      expect(await countsOf(first.id)).toEqual(await countsOf(other.id));
      expect(await countsOf(other.id)).toEqual([2, 1, 1]);
    });

    it('count the earlier plan again once the retake is erased', async () => {
      const first = await emailResults();
      await markFour(first.token);
      const retake = await emailResults({ email: 'retaker@care-home.example', retakeOf: first.token });
      await mark(retake.token, { key: 'area:data', status: 'not_started' });
      expect(await countsOf(first.id)).toEqual([1, 1, 1]);
      await eraseAddress(t.db, 'retaker@care-home.example', 'command line (test)');
      expect(await countsOf(first.id)).toEqual([2, 1, 1]);
    });
  });

  it('carries a change made at the moment of the retake, or refuses it: never loses it', async () => {
    for (let round = 0; round < 5; round += 1) {
      const first = await emailResults({ email: `round-${round}@care-home.example` });
      await mark(first.token, { key: 'area:data', status: 'planned' });
      const [changed, retake] = await Promise.all([
        change(first.token, { key: 'area:data', status: 'done' }),
        emailResults({ email: `round-${round}@care-home.example`, retakeOf: first.token }),
      ]);
      const carried = (await results(retake.token)).plan[0]?.status;
      if (changed.statusCode === 200) expect(carried).toBe('done');
      else {
        expect(changed.statusCode).toBe(409);
        expect(carried).toBe('planned');
        expect((await results(first.token)).plan[0]?.status).toBe('planned');
      }
    }
  });
});
