import type { SmtpTestServer } from '../../test/support/smtp';
import { table } from './markdown-table';
import { startBenchServer } from './servers';
import { median, percentile, round } from './stats';

/**
 * Whether `POST /api/team/sign-in` tells who is on the team by its time (issue 36): a real server
 * process is asked for links for members and for strangers, one request at a time and alternating,
 * and the medians of the two are compared. Each address is asked once, so every member request
 * does the whole work of a link (no per-address limit reached) and nothing is warm for one kind only.
 */
export interface SignInTimingFigures {
  database: 'pglite' | 'postgres';
  /** Requests of each kind timed (after the warm-up). */
  requestsEach: number;
  memberMedianMs: number;
  strangerMedianMs: number;
  /** member − stranger: positive when a member's address answers more slowly. */
  gapMs: number;
  memberP95Ms: number;
  strangerP95Ms: number;
}

/** The goal: the two medians within this of each other. */
export const SIGN_IN_GAP_GOAL_MS = 1;

const PUBLIC_URL = 'http://team.care-audit.test';
const WARM_UP_EACH = 20;
// A pause between requests, as a prober who wants clean timings leaves one: the answer of one
// request is then measured without the tail of the one before.
const PAUSE_MS = 20;

const member = (i: number) => `member-${i}@care-audit.example`;
const stranger = (i: number) => `stranger-${i}@example.org`;

async function timedSignIn(url: string, email: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${url}/api/team/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
    body: JSON.stringify({ email, website: '' }),
  });
  await res.arrayBuffer();
  const ms = performance.now() - start;
  if (res.status !== 202) throw new Error(`sign-in answered ${res.status}, not 202`);
  return ms;
}

export async function measureSignInTiming(options: {
  smtp: SmtpTestServer;
  requestsEach: number;
  databaseUrl?: string;
}): Promise<SignInTimingFigures> {
  const { requestsEach } = options;
  const total = WARM_UP_EACH + requestsEach;
  const server = await startBenchServer({
    smtpUrl: options.smtp.url,
    databaseUrl: options.databaseUrl,
    env: {
      PUBLIC_URL,
      TEAM_EMAILS: Array.from({ length: total }, (_, i) => member(i)).join(', '),
    },
  });
  try {
    const members: number[] = [];
    const strangers: number[] = [];
    for (let i = 0; i < total; i++) {
      // Alternate which kind goes first, so neither always follows the other.
      const order = i % 2 === 0 ? (['member', 'stranger'] as const) : (['stranger', 'member'] as const);
      for (const kind of order) {
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
        const ms = await timedSignIn(server.url, kind === 'member' ? member(i) : stranger(i));
        if (i >= WARM_UP_EACH) (kind === 'member' ? members : strangers).push(ms);
      }
    }
    const memberMedianMs = median(members);
    const strangerMedianMs = median(strangers);
    return {
      database: options.databaseUrl ? 'postgres' : 'pglite',
      requestsEach,
      memberMedianMs: round(memberMedianMs, 2),
      strangerMedianMs: round(strangerMedianMs, 2),
      gapMs: round(memberMedianMs - strangerMedianMs, 2),
      memberP95Ms: round(percentile(members, 95), 2),
      strangerP95Ms: round(percentile(strangers, 95), 2),
    };
  } finally {
    await server.stop();
  }
}

export function signInTimingMarkdown(rows: readonly SignInTimingFigures[]): string {
  return table(
    [
      'Database',
      'Requests of each',
      'Member median (ms)',
      'Stranger median (ms)',
      'Gap (ms)',
      'Member p95 (ms)',
      'Stranger p95 (ms)',
      `Within ${SIGN_IN_GAP_GOAL_MS} ms`,
    ],
    rows.map((r) => [
      r.database === 'pglite' ? 'PGlite' : 'PostgreSQL',
      r.requestsEach,
      r.memberMedianMs,
      r.strangerMedianMs,
      r.gapMs,
      r.memberP95Ms,
      r.strangerP95Ms,
      Math.abs(r.gapMs) <= SIGN_IN_GAP_GOAL_MS ? 'yes' : 'no',
    ]),
  );
}
