import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  AREA_IDS,
  MAX_TEAM_RESPONDENTS,
  TEAM_ROLES,
  buildReport,
  sanitizeResponses,
  type Responses,
} from '../../src/core';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/database';
import { openDatabase } from '../../src/server/db/open-database';
import { newSecret } from '../../src/server/http/secrets';
import { storeEmailRequest } from '../../src/server/leads/email-requests';
import { PROOF_FIELD } from '../../src/shared/bot-check';
import { joinTokenFromPath, type ManagerTeamAudit } from '../../src/shared/team-audit';
import { solvedProof } from '../../test/support/proof-of-work';
import { COMPLETE_ANSWERS } from '../../test/support/requests';
import { testConfig } from '../../test/support/test-config';
import { table } from './markdown-table';
import { median, percentile, round } from './stats';

/**
 * The team audit at its largest (issue 33): 200 colleagues answer one team audit through the real
 * route, then the manager's page asks for the team's view. Timed in process with app.inject, so the
 * figures are the server's own work (bot check, validation, the row lock, the JSON) without a
 * network; each answer's proof of work is solved before the clock starts, as a browser does it
 * while the colleague reads.
 */
export interface TeamAuditFigures {
  database: 'pglite' | 'postgres';
  respondents: number;
  /** POST /api/team-audits/<token>/answers, one after another, each a new respondent. */
  storeAnswer: Timing;
  /** GET /api/results/<token>/team-audit with every respondent in: read, combine, answer. */
  teamView: Timing;
  /** POST /api/results/<token>/report: the whole PDF, its "Your team’s view" page over them included. */
  pdf: Timing;
}

export interface Timing {
  runs: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
}

/** The targets on this machine's two cores. */
export const STORE_ANSWER_GOAL_MS = 50;
export const TEAM_VIEW_GOAL_MS = 200;

const PUBLIC_URL = 'https://audit.example.org';
const VIEW_RUNS = 50;
const PDF_RUNS = 20;

function timing(times: readonly number[]): Timing {
  return {
    runs: times.length,
    medianMs: round(median(times), 1),
    p95Ms: round(percentile(times, 95), 1),
    maxMs: round(Math.max(...times), 1),
  };
}

/** A colleague's answers: every statement rated, spread so that the team's view has work to do. */
function answersOf(i: number): Responses {
  return sanitizeResponses(
    Object.fromEntries(
      AREA_IDS.map((area, a) => [
        area,
        Object.fromEntries([0, 1, 2, 3, 4].map((q) => [String(q), 1 + ((i * 7 + a * 3 + q) % 5)])),
      ]),
    ),
  );
}

async function time(call: () => Promise<{ statusCode: number }>, expected: number): Promise<number> {
  const start = performance.now();
  const res = await call();
  const ms = performance.now() - start;
  if (res.statusCode !== expected)
    throw new Error(`expected ${expected}, the route answered ${res.statusCode}`);
  return ms;
}

async function measureOn(
  db: Database,
  dataDir: string,
  database: TeamAuditFigures['database'],
): Promise<TeamAuditFigures> {
  const config = testConfig({ DATA_DIR: dataDir, PUBLIC_URL, BOT_PROTECTION: 'on' });
  const app: FastifyInstance = await buildApp({ ...config, siteDir: path.join(dataDir, 'no-site') }, { db });
  try {
    await app.ready();
    const resultsToken = newSecret();
    const stored = await storeEmailRequest(
      db,
      {
        email: 'manager@care-home.example',
        note: null,
        responses: COMPLETE_ANSWERS,
        report: buildReport(COMPLETE_ANSWERS),
        resultsToken,
      },
      { visitor: 'manager@care-home.example', team: undefined },
      { max: 1_000, windowMs: 60_000 },
    );
    if (!stored.stored) throw new Error('the request was not stored');
    const fromSite = { 'content-type': 'application/json', origin: PUBLIC_URL };
    const opened = await app.inject({
      method: 'POST',
      url: `/api/results/${resultsToken}/team-audit`,
      headers: fromSite,
      payload: '{}',
    });
    const link = opened.json<ManagerTeamAudit>().teamAudit?.joinLink ?? '';
    const joinToken = joinTokenFromPath(new URL(link).pathname);
    if (!joinToken) throw new Error(`no join link: ${opened.body}`);

    // Each colleague from an address of their own, as a team answering from their phones does: the
    // per-client limit is not what is measured.
    const proofs = [];
    for (let i = 0; i < MAX_TEAM_RESPONDENTS; i++) proofs.push(await solvedProof(app));
    const storeTimes: number[] = [];
    for (let i = 0; i < MAX_TEAM_RESPONDENTS; i++) {
      const body = {
        respondentKey: randomBytes(32).toString('base64url'),
        ...(i % 6 === 5 ? {} : { role: TEAM_ROLES[i % TEAM_ROLES.length] }),
        responses: answersOf(i),
        [PROOF_FIELD]: proofs[i],
      };
      storeTimes.push(
        await time(
          () =>
            app.inject({
              method: 'POST',
              url: `/api/team-audits/${joinToken}/answers`,
              headers: fromSite,
              remoteAddress: `10.${Math.floor(i / 250)}.${i % 250}.1`,
              payload: JSON.stringify(body),
            }),
          200,
        ),
      );
    }

    const read = () => app.inject({ url: `/api/results/${resultsToken}/team-audit` });
    const last = (await read()).json<ManagerTeamAudit>().teamAudit;
    if (last?.respondents !== MAX_TEAM_RESPONDENTS || !last.view) {
      throw new Error(`expected the team's view over ${MAX_TEAM_RESPONDENTS}, got ${last?.respondents}`);
    }
    for (let i = 0; i < 3; i++) await read();
    const viewTimes: number[] = [];
    for (let i = 0; i < VIEW_RUNS; i++) viewTimes.push(await time(read, 200));

    const pdf = () =>
      app.inject({
        method: 'POST',
        url: `/api/results/${resultsToken}/report`,
        headers: fromSite,
        payload: '{}',
      });
    for (let i = 0; i < 3; i++) await pdf();
    const pdfTimes: number[] = [];
    for (let i = 0; i < PDF_RUNS; i++) pdfTimes.push(await time(pdf, 200));

    return {
      database,
      respondents: MAX_TEAM_RESPONDENTS,
      storeAnswer: timing(storeTimes),
      teamView: timing(viewTimes),
      pdf: timing(pdfTimes),
    };
  } finally {
    await app.close();
  }
}

/** The team audit's figures on PGlite (as `npm start` runs) and, given its URL, on PostgreSQL. */
export async function measureTeamAudit(options: { postgresUrl?: string }): Promise<TeamAuditFigures[]> {
  const figures: TeamAuditFigures[] = [];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'care-audit-bench-team-'));
  try {
    const pglite = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      figures.push(await measureOn(pglite, dataDir, 'pglite'));
    } finally {
      await pglite.close();
    }
    if (options.postgresUrl) {
      const postgres = await openDatabase({ dataDir, databaseUrl: options.postgresUrl });
      try {
        figures.push(await measureOn(postgres, dataDir, 'postgres'));
      } finally {
        await postgres.close();
      }
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  return figures;
}

export function teamAuditMarkdown(figures: readonly TeamAuditFigures[]): string {
  const name = (database: TeamAuditFigures['database']) => (database === 'pglite' ? 'PGlite' : 'PostgreSQL');
  return [
    `**Team audit** (${figures[0]?.respondents ?? MAX_TEAM_RESPONDENTS} respondents to one team audit, in process, one call at a time)`,
    '',
    table(
      ['database', 'call', 'runs', 'median ms', 'p95 ms', 'max ms', 'target p95'],
      figures.flatMap((f) => [
        [
          name(f.database),
          'store an answer (`POST /api/team-audits/<token>/answers`)',
          f.storeAnswer.runs,
          f.storeAnswer.medianMs,
          f.storeAnswer.p95Ms,
          f.storeAnswer.maxMs,
          `< ${STORE_ANSWER_GOAL_MS} ms`,
        ],
        [
          name(f.database),
          "the team's view (`GET /api/results/<token>/team-audit`)",
          f.teamView.runs,
          f.teamView.medianMs,
          f.teamView.p95Ms,
          f.teamView.maxMs,
          `< ${TEAM_VIEW_GOAL_MS} ms`,
        ],
        [
          name(f.database),
          'the PDF with its team page (`POST /api/results/<token>/report`)',
          f.pdf.runs,
          f.pdf.medianMs,
          f.pdf.p95Ms,
          f.pdf.maxMs,
          '–',
        ],
      ]),
    ),
  ].join('\n');
}
