import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { actionTopicsFor, buildReport } from '../../core';
import type { LeadDetail } from '../../shared/team-api';
import type { Config } from '../config';
import { sessionCookieName } from '../team-sign-in/team-auth';
import { createSession } from '../team-sign-in/team-sessions';
import { changeActionPlan } from './action-plan';
import { LEAD_CSV_HEADER } from './lead-csv';
import { leadDetail } from './lead-detail';
import { exportLeadsCsv } from './lead-export';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { storeLead } from '../../../test/support/lead-fixtures';
import { parseCsv, parseCsvObjects } from '../../../test/support/parse-csv';
import { COMPLETE_ANSWERS } from '../../../test/support/requests';
import { teamRequest } from '../../../test/support/team-sign-in';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';

const MEMBER = 'sam@care-audit.example';
const report = buildReport(COMPLETE_ANSWERS);
/** The ten topics of COMPLETE_ANSWERS: five priorities, then the five areas. */
const TOPICS = actionTopicsFor(report.priorities, report.areas).map((topic) => topic.key);

describe.each(DATABASE_KINDS)('the team’s view of a lead’s action plan on %s', (kind) => {
  let t: TestDatabase;
  let config: Config;
  let cookie: string;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
    config = testConfig({ ...apiOnlyEnv(t.dataDir), TEAM_EMAILS: MEMBER });
  });
  afterAll(async () => {
    await t?.destroy();
  });
  const server = useTestApp(() => ({ config, deps: { db: t.db } }));
  beforeEach(async () => {
    await t.reset();
    const { secret } = await createSession(t.db, MEMBER);
    cookie = `${sessionCookieName(config.publicUrl)}=${secret}`;
  });

  /** Marks the first topics: 3 planned, 1 in progress, 2 done (six of the ten), with owners and dates. */
  async function markSix(requestId: string): Promise<void> {
    const statuses = ['planned', 'planned', 'planned', 'in_progress', 'done', 'done'] as const;
    for (const [index, status] of statuses.entries()) {
      const saved = await changeActionPlan(t.db, requestId, {
        key: TOPICS[index]!,
        status,
        owner: `Owner ${index}`,
        targetDate: '2025-01-31',
      });
      expect(saved.outcome).toBe('saved');
    }
  }

  it('counts each status on the lead, with when the plan last changed', async () => {
    const id = await storeLead(t.db, { email: 'manager@care-home.example' });
    const other = await storeLead(t.db, { email: 'other@care-home.example' });
    await markSix(id);
    // Another lead's plan is its own.
    await changeActionPlan(t.db, other, { key: TOPICS[9]!, status: 'done' });
    const detail = await leadDetail(t.db, id);
    expect(detail?.actionPlan).toEqual({ planned: 3, inProgress: 1, done: 2, updatedAt: expect.any(Date) });
    expect(Math.abs(detail!.actionPlan.updatedAt!.getTime() - Date.now())).toBeLessThan(60_000);
    expect((await leadDetail(t.db, other))?.actionPlan).toMatchObject({ planned: 0, inProgress: 0, done: 1 });
  });

  it('counts nothing, with no time, for a lead without a plan, and again once every mark is removed', async () => {
    const id = await storeLead(t.db, { email: 'manager@care-home.example' });
    expect((await leadDetail(t.db, id))?.actionPlan).toEqual({ planned: 0, inProgress: 0, done: 0 });
    await changeActionPlan(t.db, id, { key: TOPICS[0]!, status: 'planned' });
    await changeActionPlan(t.db, id, { key: TOPICS[0]!, status: 'not_started' });
    expect((await leadDetail(t.db, id))?.actionPlan).toEqual({ planned: 0, inProgress: 0, done: 0 });
  });

  it('counts the largest plan: every topic marked', async () => {
    const id = await storeLead(t.db, { email: 'manager@care-home.example' });
    for (const key of TOPICS) await changeActionPlan(t.db, id, { key, status: 'done' });
    expect((await leadDetail(t.db, id))?.actionPlan).toMatchObject({ planned: 0, inProgress: 0, done: 10 });
  });

  it('answers the counts to a signed-in member, never the topics, owners or dates', async () => {
    const id = await storeLead(t.db, { email: 'manager@care-home.example' });
    await markSix(id);
    const res = await teamRequest(server.app, 'GET', `/api/team/leads/${id}`, { cookie });
    expect(res.statusCode).toBe(200);
    const lead = res.json<LeadDetail>();
    expect(lead.actionPlan).toEqual({ planned: 3, inProgress: 1, done: 2, updatedAt: expect.any(String) });
    expect(new Date(lead.actionPlan.updatedAt!).toISOString()).toBe(lead.actionPlan.updatedAt);
    expect(res.body).not.toContain('Owner 0');
    expect(res.body).not.toContain('2025-01-31');
    expect(res.body).not.toContain(TOPICS[0]);
    // Behind sign-in like every team route (team-security.test.ts checks them all).
    expect((await teamRequest(server.app, 'GET', `/api/team/leads/${id}`)).statusCode).toBe(401);
  });

  it('exports the counts as the CSV’s last three columns, zeros for a lead without a plan', async () => {
    const planned = await storeLead(t.db, {
      email: 'manager@care-home.example',
      createdAt: new Date('2026-11-01T08:00:00Z'),
    });
    await storeLead(t.db, { email: 'quiet@care-home.example', createdAt: new Date('2026-11-02T08:00:00Z') });
    await markSix(planned);
    let csv = '';
    await exportLeadsCsv(t.db, { actor: MEMBER }, async (chunk) => {
      csv += chunk;
    });
    expect(LEAD_CSV_HEADER.slice(-4)).toEqual([
      'Next follow-up',
      'Action plan: planned',
      'Action plan: in progress',
      'Action plan: done',
    ]);
    expect(parseCsv(csv)[0]).toEqual(LEAD_CSV_HEADER);
    const rows = parseCsvObjects(csv).map((row) => [
      row.Email,
      row['Action plan: planned'],
      row['Action plan: in progress'],
      row['Action plan: done'],
    ]);
    expect(rows).toEqual([
      ['manager@care-home.example', '3', '1', '2'],
      ['quiet@care-home.example', '0', '0', '0'],
    ]);
    expect(csv).not.toContain('Owner 0');
  });
});
