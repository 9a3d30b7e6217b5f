import { BUDGETS } from '../budgets';
import type { FirstLoad } from '../first-load';
import type { LoadFigures } from './api-load';
import { benchmarkReadMarkdown, type BenchmarkReadFigures } from './benchmark-read';
import { instancesMarkdown, type InstancesFigures } from './instances';
import { table } from './markdown-table';
import { LEAD_LIST_GOAL_MS, leadListMarkdown, type LeadListFigures } from './lead-list';
import {
  STORE_ANSWER_GOAL_MS,
  TEAM_VIEW_GOAL_MS,
  teamAuditMarkdown,
  type TeamAuditFigures,
} from './team-audit';
import type { LighthouseFigures } from './lighthouse';
import { mailMarkdown, type MailFigures } from './mail-report';
import { outboxBurstMarkdown, type OutboxBurstFigures } from './outbox-burst';
import { pdfGoals, pdfMarkdown, type PdfBenchFigures } from './pdf-report';
import { SIGN_IN_GAP_GOAL_MS, signInTimingMarkdown, type SignInTimingFigures } from './sign-in-timing';
import type { StoreCost } from './store-in-isolation';

/** Every figure the benchmark takes, as written to bench-results.json. */
export interface BenchResults {
  date: string;
  machine: Record<string, string | number>;
  durationSeconds: number;
  /** Other processes' CPU use just before measuring; a busy machine makes every figure worse. */
  backgroundBeforeMeasuring: { cpuSeconds: number; overSeconds: number; waitedSeconds: number };
  lighthouse: LighthouseFigures[];
  lighthouseRetries: number;
  firstLoad: (FirstLoad & { pdfChunksOnFirstLoad: string[] })[];
  /** The download's time, the browser's download module, the PDF files and the server's render. */
  pdf: PdfBenchFigures;
  api: {
    pgliteEmail: LoadFigures;
    pgliteHome: LoadFigures;
    postgresEmail: LoadFigures;
    /** The same PostgreSQL run with LOG_LEVEL=info (a log line per request and response). */
    postgresEmailInfoLog: LoadFigures;
    storeInIsolation: StoreCost[];
  };
  /** The outbox under a burst, and the idle server's memory (`npm run bench -- --only mail` alone). */
  mail: MailFigures;
  /** The wait from `202` to the relay in a 20 s burst, PGlite and PostgreSQL (`--only outbox-burst` alone). */
  outboxBurst: OutboxBurstFigures[];
  /** The team workspace's lead list on 10,000 leads (`npm run bench -- --only leads` alone). */
  leadList: LeadListFigures;
  teamAudit: TeamAuditFigures[];
  /** A member's and a stranger's sign-in medians (`npm run bench -- --only sign-in` alone). */
  signInTiming: SignInTimingFigures[];
  /** The comparison with other providers on 100,000 audits (`npm run bench -- --only benchmark` alone). */
  benchmarkRead: BenchmarkReadFigures;
  /** One and three instances behind HAProxy on PostgreSQL (`npm run bench -- --only instances` alone). */
  instances: InstancesFigures[];
  goals: Goal[];
}

export interface Goal {
  goal: string;
  figure: string;
  met: boolean;
}

const KB = 1024;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const yes = (met: boolean) => (met ? 'yes' : '**no**');

/** What `--only pages` measures: Lighthouse on the script pages and the first load from the build. */
export type PageFigures = Pick<BenchResults, 'lighthouse' | 'lighthouseRetries' | 'firstLoad'>;

/** The goals for the pages themselves: Lighthouse, and the size budgets with React's share apart. */
export function pageGoals(results: PageFigures): Goal[] {
  const goals: Goal[] = [];
  for (const page of results.lighthouse) {
    const s = page.median.scores;
    goals.push({
      goal: `Lighthouse 100 in all four categories on \`${page.path}\``,
      figure: `${s.performance} / ${s.accessibility} / ${s['best-practices']} / ${s.seo}`,
      met: Object.values(s).every((score) => score === 100),
    });
    goals.push({
      goal: `LCP ≤ 1.0 s, TBT ≤ 50 ms, CLS 0 on \`${page.path}\``,
      figure: `LCP ${seconds(page.median.lcpMs)}, TBT ${page.median.tbtMs} ms, CLS ${page.median.cls}`,
      met: page.median.lcpMs <= 1000 && page.median.tbtMs <= 50 && page.median.cls === 0,
    });
  }
  // The size budgets, as `npm test` checks them (scripts/budgets.ts).
  const largestPaint = results.firstLoad.reduce<FirstLoad | undefined>(
    (largest, page) => (largest && largest.firstPaint.gzip >= page.firstPaint.gzip ? largest : page),
    undefined,
  );
  if (largestPaint) {
    goals.push({
      goal: `First paint ≤ ${kb(BUDGETS.firstPaintGzip)} gzipped (HTML + CSS) on every page`,
      figure: `largest ${kb(largestPaint.firstPaint.gzip)} (\`${largestPaint.path}\`)`,
      met: largestPaint.firstPaint.gzip <= BUDGETS.firstPaintGzip,
    });
  }
  const scriptFree = results.firstLoad.filter((page) => BUDGETS.ownScriptGzip[page.path] === undefined);
  goals.push({
    goal: `No script on ${scriptFree.map((page) => `\`${page.path}\``).join(', ')}`,
    figure: scriptFree.map((page) => kb(page.script.gzip)).join(', '),
    met: scriptFree.every((page) => page.script.raw === 0),
  });
  for (const page of results.firstLoad) {
    const scriptBudget = BUDGETS.ownScriptGzip[page.path];
    if (scriptBudget !== undefined) {
      goals.push({
        goal: `Our script before interactive ≤ ${kb(scriptBudget)} gzipped on \`${page.path}\` (React apart)`,
        figure: `${kb(page.ownScript.gzip)} (with React ${kb(page.script.gzip)})`,
        met: page.ownScript.gzip <= scriptBudget && page.reactScript.gzip <= BUDGETS.reactScriptGzip,
      });
    }
    const chunkBudget = BUDGETS.screenChunkGzip[page.path];
    if (chunkBudget !== undefined) {
      goals.push({
        goal: `The screen's own chunk ≤ ${kb(chunkBudget)} gzipped on \`${page.path}\``,
        figure: kb(page.screenChunk.bytes.gzip),
        met: page.screenChunk.bytes.gzip <= chunkBudget,
      });
    }
  }
  const react = results.firstLoad.find((page) => page.reactScript.gzip > 0)?.reactScript.gzip ?? 0;
  goals.push({
    goal: `React itself (React, React DOM, the scheduler: one chunk) ≤ ${kb(BUDGETS.reactScriptGzip)} gzipped`,
    figure: kb(react),
    met: react > 0 && react <= BUDGETS.reactScriptGzip,
  });
  return goals;
}

/** Issue 36's goal: e-mails do not wait behind a burst of requests. */
export const OUTBOX_BURST_GOAL_S = 30;

/** The goal for each database's burst: p95 from `202` to the relay, every e-mail arrived. */
export function outboxBurstGoals(runs: readonly OutboxBurstFigures[]): Goal[] {
  return runs.map((run) => ({
    goal: `E-mail p95 from 202 to the relay < ${OUTBOX_BURST_GOAL_S} s during and after a ${run.burstSeconds} s burst on ${run.database === 'pglite' ? 'PGlite' : 'PostgreSQL'}`,
    figure: `p95 ${run.all.p95S} s${run.missing ? `, ${run.missing} not arrived` : ''}`,
    met: run.missing === 0 && run.all.p95S < OUTBOX_BURST_GOAL_S,
  }));
}

/** The goals the site is held to, each with the figure that decides it. */
export function evaluateGoals(results: Omit<BenchResults, 'goals'>): Goal[] {
  const goals: Goal[] = pageGoals(results);
  goals.push(
    ...pdfGoals(
      results.pdf,
      results.firstLoad.flatMap((f) => f.pdfChunksOnFirstLoad),
    ),
  );
  for (const [name, run] of [
    ['PGlite', results.api.pgliteEmail],
    ['PostgreSQL', results.api.postgresEmail],
  ] as const) {
    goals.push({
      goal: `API ≥ 2,000 accepted e-mail requests/s with p99 ≤ 50 ms on ${name}`,
      figure: `${run.okPerSecond}/s, p99 ${run.latencyMs.p99} ms`,
      met: run.okPerSecond >= 2000 && run.latencyMs.p99 <= 50,
    });
  }
  goals.push(...outboxBurstGoals(results.outboxBurst));
  // The goal is the page's answer, so it is judged on the route (session, validation, JSON included).
  const slowest = results.leadList.api.reduce((a, b) => (b.medianMs > a.medianMs ? b : a));
  goals.push({
    goal: `Lead list page (GET /api/team/leads) < ${LEAD_LIST_GOAL_MS} ms on PGlite with ${results.leadList.leads.toLocaleString('en-GB')} leads`,
    figure: `slowest median ${slowest.medianMs} ms (${slowest.page})`,
    met: slowest.medianMs < LEAD_LIST_GOAL_MS,
  });
  for (const team of results.teamAudit) {
    const name = team.database === 'pglite' ? 'PGlite' : 'PostgreSQL';
    goals.push(
      {
        goal: `Team audit: store an answer p95 < ${STORE_ANSWER_GOAL_MS} ms with ${team.respondents} respondents on ${name}`,
        figure: `p95 ${team.storeAnswer.p95Ms} ms`,
        met: team.storeAnswer.p95Ms < STORE_ANSWER_GOAL_MS,
      },
      {
        goal: `Team audit: the team's view p95 < ${TEAM_VIEW_GOAL_MS} ms over ${team.respondents} respondents on ${name}`,
        figure: `p95 ${team.teamView.p95Ms} ms`,
        met: team.teamView.p95Ms < TEAM_VIEW_GOAL_MS,
      },
    );
  }
  for (const run of results.signInTiming) {
    goals.push({
      goal: `Team sign-in: a member's and a stranger's median within ${SIGN_IN_GAP_GOAL_MS} ms on ${run.database === 'pglite' ? 'PGlite' : 'PostgreSQL'}`,
      figure: `${run.memberMedianMs} ms against ${run.strangerMedianMs} ms (gap ${run.gapMs} ms)`,
      met: Math.abs(run.gapMs) <= SIGN_IN_GAP_GOAL_MS,
    });
  }
  return goals;
}

function loadRow(name: string, run: LoadFigures): (string | number)[] {
  const others = Object.entries(run.otherStatuses)
    .map(([status, count]) => `${count}× ${status}`)
    .join(', ');
  return [
    name,
    run.okPerSecond,
    run.latencyMs.p50,
    run.latencyMs.p99,
    [others, run.errors ? `${run.errors} errors` : '', run.timeouts ? `${run.timeouts} timeouts` : '']
      .filter(Boolean)
      .join(', ') || '0',
    run.serverCpuMsPerOk,
    run.cpu.postgres ? run.postgresCpuMsPerOk : '–',
    run.mailsDelivered,
    `${run.cpu.other.toFixed(1)} s`,
  ];
}

/** Lighthouse and the first load as Markdown tables. */
export function pagesMarkdown(results: PageFigures): string {
  const react = results.firstLoad.find((page) => page.reactScript.gzip > 0)?.reactScript;
  return [
    `**Lighthouse** (mobile, simulated throttling; each figure the median of ${results.lighthouse[0]?.runs.length ?? 0} runs)`,
    '',
    table(
      ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP', 'TBT', 'CLS'],
      results.lighthouse.map((p) => [
        `\`${p.path}\``,
        p.median.scores.performance,
        p.median.scores.accessibility,
        p.median.scores['best-practices'],
        p.median.scores.seo,
        seconds(p.median.lcpMs),
        `${p.median.tbtMs} ms`,
        p.median.cls,
      ]),
    ),
    '',
    `Lighthouse runs made again after a failure (NO_NAVSTART): ${results.lighthouseRetries}.`,
    '',
    '**First load** (from the build, gzip level 9; budgets from scripts/budgets.ts, checked by `npm test`)',
    '',
    table(
      [
        'page',
        'first paint: HTML + CSS gz (raw)',
        'budget',
        'script before interactive gz (raw)',
        'of which ours gz',
        'budget (ours)',
        "screen's own chunk gz",
        'budget',
        'PDF code on first load',
      ],
      results.firstLoad.map((f) => {
        const scriptBudget = BUDGETS.ownScriptGzip[f.path];
        const chunkBudget = BUDGETS.screenChunkGzip[f.path];
        return [
          `\`${f.path}\``,
          `${kb(f.firstPaint.gzip)} (${kb(f.firstPaint.raw)})`,
          kb(BUDGETS.firstPaintGzip),
          `${kb(f.script.gzip)} (${kb(f.script.raw)})`,
          kb(f.ownScript.gzip),
          scriptBudget === undefined ? 'none' : kb(scriptBudget),
          kb(f.screenChunk.bytes.gzip),
          chunkBudget === undefined ? '–' : kb(chunkBudget),
          f.pdfChunksOnFirstLoad.length === 0 ? 'no' : `**yes**: ${f.pdfChunksOnFirstLoad.join(', ')}`,
        ];
      }),
    ),
    '',
    react
      ? `React's share of every page with script: ${kb(react.gzip)} gz (${kb(react.raw)} raw), one chunk; "of which ours" is the rest.`
      : 'No page loads React.',
  ].join('\n');
}

/** The figures as Markdown tables, for the terminal and docs/performance.md. */
export function markdown(results: BenchResults): string {
  const api = results.api;
  return [
    pagesMarkdown(results),
    '',
    pdfMarkdown(results.pdf),
    '',
    `**API** (autocannon, ${api.pgliteEmail.connections} connections, ${Math.round(api.pgliteEmail.durationSeconds)} s after a 2 s warm-up; accepted = 202; meanwhile the outbox sends accepted requests' e-mails, the visitor's with its PDF, to a local SMTP listener, as it would to a relay)`,
    '',
    table(
      [
        'load',
        'accepted/s',
        'p50 ms',
        'p99 ms',
        'not accepted',
        'server CPU ms/req',
        'PostgreSQL CPU ms/req',
        'e-mails sent meanwhile',
        'other processes CPU',
      ],
      [
        loadRow('`POST /api/email-results`, PGlite', api.pgliteEmail),
        loadRow('`POST /api/email-results`, PostgreSQL', api.postgresEmail),
        loadRow('`POST /api/email-results`, PostgreSQL, LOG_LEVEL=info', api.postgresEmailInfoLog),
        loadRow('`GET /` (200s), PGlite server', api.pgliteHome),
      ],
    ),
    '',
    'Storing one request (`storeEmailRequest`, as the API does), alone, one after another on one connection: ' +
      api.storeInIsolation
        .map(
          (s) =>
            `${s.database === 'pglite' ? 'PGlite' : 'PostgreSQL'} ${s.msPerRequest} ms (at most ${s.ceilingPerSecond}/s)`,
        )
        .join('; ') +
      '.',
    '',
    mailMarkdown(results.mail),
    '',
    outboxBurstMarkdown(results.outboxBurst),
    '',
    leadListMarkdown(results.leadList),
    '',
    benchmarkReadMarkdown(results.benchmarkRead),
    '',
    teamAuditMarkdown(results.teamAudit),
    '',
    signInTimingMarkdown(results.signInTiming),
    '',
    instancesMarkdown(results.instances),
    '',
    '**Goals**',
    '',
    table(
      ['goal', 'figure', 'met'],
      results.goals.map((g) => [g.goal, g.figure, yes(g.met)]),
    ),
  ].join('\n');
}
