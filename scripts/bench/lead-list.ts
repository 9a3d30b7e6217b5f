import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/database';
import { sessionCookieName } from '../../src/server/team-sign-in/team-auth';
import { createSession } from '../../src/server/team-sign-in/team-sessions';
import { testConfig } from '../../test/support/test-config';
import { openDatabase } from '../../src/server/db/open-database';
import { listLeads, type LeadListQuery } from '../../src/server/leads/lead-list';
import { ukDay } from '../../src/shared/uk-day';
import { storeManyLeads } from '../../test/support/lead-fixtures';
import { table } from './markdown-table';
import { timed } from './stats';

/** How long the workspace's list of leads takes to read one page, per kind of page. */
export interface LeadListFigures {
  database: 'pglite';
  leads: number;
  runs: number;
  pages: { page: string; matches: number; medianMs: number; maxMs: number }[];
  /** The same pages through the HTTP route (session check, validation, JSON), in process. */
  api: { page: string; medianMs: number; maxMs: number }[];
}

/** The figure: the list page answers in under this on PGlite with 10,000 leads. */
export const LEAD_LIST_GOAL_MS = 100;

/** The signed-in member of the route's calls: "mine" is theirs. */
const MEMBER = 'bench@care-audit.test';

/** The pages timed; `today` is the UK day "due" is read against (the route works it out itself). */
function pages(today: string): { page: string; query: LeadListQuery; url: string }[] {
  return [
    { page: 'page 1 (newest 50)', query: { page: 1 }, url: '?page=1' },
    { page: 'page 100 (the middle)', query: { page: 100 }, url: '?page=100' },
    { page: 'page 200 (the last)', query: { page: 200 }, url: '?page=200' },
    { page: 'search "lead77"', query: { page: 1, search: 'lead77' }, url: '?q=lead77' },
    { page: 'status contacted', query: { page: 1, followUpStatus: 'contacted' }, url: '?status=contacted' },
    { page: 'delivery failed', query: { page: 1, delivery: 'failed' }, url: '?delivery=failed' },
    { page: 'mine', query: { page: 1, owner: MEMBER }, url: '?owner=mine' },
    { page: 'unassigned', query: { page: 1, owner: null }, url: '?owner=unassigned' },
    { page: 'due (today or overdue)', query: { page: 1, dueBy: today }, url: '?due=true' },
    { page: 'service type nursing', query: { page: 1, serviceType: 'nursing' }, url: '?serviceType=nursing' },
    { page: 'source "newsletter"', query: { page: 1, source: 'newsletter' }, url: '?source=newsletter' },
    {
      page: 'mine, due and "newsletter"',
      query: { page: 1, owner: MEMBER, dueBy: today, source: 'newsletter' },
      url: '?owner=mine&due=true&source=newsletter',
    },
    // Speed to lead (issue 35): new leads with consent a week old, not contacted.
    { page: 'waiting', query: { page: 1, waiting: true }, url: '?waiting=true' },
    // The last page of a filter that keeps a third of the leads.
    {
      page: 'unassigned, its last page (67)',
      query: { page: 67, owner: null },
      url: '?owner=unassigned&page=67',
    },
  ];
}

/**
 * A working mix like a year of leads: every one with its visitor and team message, most sent, 1 in
 * 50 failed, the newest few queued; follow-up statuses spread over all four; a note on 1 in 10; a
 * third owned by the member timing the route, a third by another, a third by nobody; a follow-up
 * day on 1 in 5, from a month ago to a month ahead; a service type and size on 5 in 6, spread over
 * each; a campaign (newsletter or linkedin) or a referring site on half, the rest direct; consent
 * on 2 in 3. The newest came a week ago, so every new lead with consent waits (a sixth of them).
 */
async function seed(db: Database, leads: number): Promise<void> {
  await storeManyLeads(db, leads, new Date(Date.now() - 7 * 24 * 3_600_000));
  await db.runScript(`
    INSERT INTO outbox_messages (request_id, kind, recipient, created_at)
      SELECT id, 'team', 'team@care-audit.test', created_at FROM email_requests;
    UPDATE outbox_messages SET status = 'sent', attempts = 1, sent_at = created_at
      WHERE request_id IN (SELECT id FROM email_requests ORDER BY created_at LIMIT ${leads - 20});
    UPDATE outbox_messages SET status = 'failed', attempts = 8, sent_at = NULL, last_error = 'Error: 550'
      WHERE kind = 'team' AND request_id IN (SELECT id FROM email_requests WHERE email ~ '^lead[0-9]*[05]0@');
    INSERT INTO lead_notes (lead_id, author, body)
      SELECT lead_id, 'sam@care-audit.test', 'Called; follow up next week.' FROM email_requests WHERE email ~ '^lead[0-9]*0@';
    WITH n AS (SELECT lead_id, substring(email FROM '[0-9]+')::int AS n FROM email_requests)
    UPDATE leads l
       SET follow_up_status = (ARRAY['new', 'contacted', 'qualified', 'closed'])[1 + n.n % 4],
           owner_email = (ARRAY['${MEMBER}', 'alex@care-audit.test', NULL])[1 + n.n % 3],
           follow_up_on = CASE WHEN n.n % 5 = 0 THEN current_date + (n.n % 61 - 30) END
      FROM n WHERE n.lead_id = l.id;
    WITH n AS (SELECT id, substring(email FROM '[0-9]+')::int AS n FROM email_requests)
    UPDATE email_requests r
       SET service_type = CASE WHEN n.n % 6 <> 0
                               THEN (ARRAY['home_care', 'residential', 'nursing', 'supported_living', 'other'])[1 + n.n % 5] END,
           size_band = CASE WHEN n.n % 6 <> 0 THEN (ARRAY['under_25', '25_99', '100_plus'])[1 + n.n % 3] END,
           utm_source = (ARRAY['newsletter', 'linkedin', NULL, NULL])[1 + n.n % 4],
           referrer_host = CASE WHEN n.n % 4 = 2 THEN 'www.google.com' END,
           consent_text = CASE WHEN n.n % 3 <> 0 THEN 'The team may contact me about a free consultation' END,
           consent_at = CASE WHEN n.n % 3 <> 0 THEN r.created_at END
      FROM n WHERE n.id = r.id;
    ANALYZE;`);
}

/**
 * Seeds `leads` leads in a fresh embedded database (as a server on a laptop runs it) and times
 * listLeads, the call behind GET /api/team/leads, for each kind of page: a few warm-up calls, then
 * the median and the slowest of `runs`.
 */
export async function measureLeadList(options: { leads: number; runs: number }): Promise<LeadListFigures> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'care-audit-bench-leads-'));
  const db = await openDatabase({ dataDir, databaseUrl: undefined });
  try {
    await seed(db, options.leads);
    const timedPages = pages(ukDay(new Date()));
    const figures: LeadListFigures['pages'] = [];
    for (const { page, query } of timedPages) {
      const { total } = await listLeads(db, query);
      figures.push({ page, matches: total, ...(await timed(options.runs, () => listLeads(db, query), 1)) });
    }
    // The route as the workspace calls it: a signed-in member's GET, answered by the real app.
    const member = MEMBER;
    const config = testConfig({ DATA_DIR: dataDir, TEAM_EMAILS: member });
    const app = await buildApp({ ...config, siteDir: path.join(dataDir, 'no-site') }, { db });
    const api: LeadListFigures['api'] = [];
    try {
      await app.ready();
      const { secret } = await createSession(db, member);
      const cookie = `${sessionCookieName(config.publicUrl)}=${secret}`;
      for (const { page, url } of timedPages) {
        api.push({
          page,
          ...(await timed(
            options.runs,
            async () => {
              const response = await app.inject({ url: `/api/team/leads${url}`, headers: { cookie } });
              if (response.statusCode !== 200)
                throw new Error(`GET /api/team/leads${url}: ${response.statusCode}`);
            },
            1,
          )),
        });
      }
    } finally {
      await app.close();
    }
    return { database: 'pglite', leads: options.leads, runs: options.runs, pages: figures, api };
  } finally {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function leadListMarkdown(figures: LeadListFigures): string {
  return [
    `**Team workspace lead list** (listLeads, the call behind \`GET /api/team/leads\`, on PGlite with ${figures.leads.toLocaleString('en-GB')} leads; median and slowest of ${figures.runs} calls; goal: under ${LEAD_LIST_GOAL_MS} ms)`,
    '',
    table(
      ['page', 'leads matching', 'median', 'slowest', 'GET /api/team/leads median', 'slowest'],
      figures.pages.map((p, i) => {
        const api = figures.api[i];
        return [
          p.page,
          p.matches,
          `${p.medianMs} ms`,
          `${p.maxMs} ms`,
          `${api?.medianMs} ms`,
          `${api?.maxMs} ms`,
        ];
      }),
    ),
  ].join('\n');
}
