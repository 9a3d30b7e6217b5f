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

const PAGES: { page: string; query: LeadListQuery; url: string }[] = [
  { page: 'page 1 (newest 50)', query: { page: 1 }, url: '?page=1' },
  { page: 'page 100 (the middle)', query: { page: 100 }, url: '?page=100' },
  { page: 'page 200 (the last)', query: { page: 200 }, url: '?page=200' },
  { page: 'search "lead77"', query: { page: 1, search: 'lead77' }, url: '?q=lead77' },
  { page: 'status contacted', query: { page: 1, followUpStatus: 'contacted' }, url: '?status=contacted' },
  { page: 'delivery failed', query: { page: 1, delivery: 'failed' }, url: '?delivery=failed' },
];

/**
 * A working mix like a year of leads: every one with its visitor and team message, most sent, 1 in
 * 50 failed, the newest few queued; follow-up statuses spread over all four; a note on 1 in 10.
 */
async function seed(db: Database, leads: number): Promise<void> {
  await storeManyLeads(db, leads);
  await db.runScript(`
    INSERT INTO outbox_messages (request_id, kind, recipient, created_at)
      SELECT id, 'team', 'team@care-audit.test', created_at FROM email_requests;
    UPDATE outbox_messages SET status = 'sent', attempts = 1, sent_at = created_at
      WHERE request_id IN (SELECT id FROM email_requests ORDER BY created_at LIMIT ${leads - 20});
    UPDATE outbox_messages SET status = 'failed', attempts = 8, sent_at = NULL, last_error = 'Error: 550'
      WHERE kind = 'team' AND request_id IN (SELECT id FROM email_requests WHERE email ~ '^lead[0-9]*[05]0@');
    UPDATE email_requests SET follow_up_status = (ARRAY['new', 'contacted', 'qualified', 'closed'])[1 + (substring(email FROM '[0-9]+')::int % 4)];
    INSERT INTO lead_notes (request_id, author, body)
      SELECT id, 'sam@care-audit.test', 'Called; follow up next week.' FROM email_requests WHERE email ~ '^lead[0-9]*0@';
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
    const pages: LeadListFigures['pages'] = [];
    for (const { page, query } of PAGES) {
      const { total } = await listLeads(db, query);
      pages.push({ page, matches: total, ...(await timed(options.runs, () => listLeads(db, query), 1)) });
    }
    // The route as the workspace calls it: a signed-in member's GET, answered by the real app.
    const member = 'bench@care-audit.test';
    const config = testConfig({ DATA_DIR: dataDir, TEAM_EMAILS: member });
    const app = await buildApp({ ...config, siteDir: path.join(dataDir, 'no-site') }, { db });
    const api: LeadListFigures['api'] = [];
    try {
      await app.ready();
      const { secret } = await createSession(db, member);
      const cookie = `${sessionCookieName(config.publicUrl)}=${secret}`;
      for (const { page, url } of PAGES) {
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
    return { database: 'pglite', leads: options.leads, runs: options.runs, pages, api };
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
