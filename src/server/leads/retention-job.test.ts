import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DATABASE_KINDS,
  openTestDatabase,
  rowCounts,
  type TestDatabase,
} from '../../../test/support/databases';
import { storeLead, daysAgo } from '../../../test/support/lead-fixtures';
import { startRetentionJob, type RetentionJob, type RetentionLog } from './retention-job';

interface LogLine {
  level: 'info' | 'warn';
  object: object;
  message: string;
}

function recordingLog(): RetentionLog & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  return {
    lines,
    info: (object, message) => lines.push({ level: 'info', object, message }),
    warn: (object, message) => lines.push({ level: 'warn', object, message }),
  };
}

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(DATABASE_KINDS)('the retention job on %s', (kind) => {
  let t: TestDatabase;
  let job: RetentionJob | undefined;

  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  beforeEach(async () => {
    await t.reset();
  });
  afterEach(async () => {
    await job?.stop();
    job = undefined;
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it('deletes only requests past the retention period, logs how many, and runs again each interval', async () => {
    await storeLead(t.db, { email: 'expired@example.org', team: true, createdAt: daysAgo(400) });
    await storeLead(t.db, { email: 'kept@example.org', team: true, createdAt: daysAgo(300) });
    await storeLead(t.db, { email: 'new@example.org' });
    const log = recordingLog();

    job = startRetentionJob(t.db, { retentionDays: 365, log, firstRunDelayMs: 10, intervalMs: 50 });
    await until(() => log.lines.length >= 1);
    expect(log.lines[0]).toEqual({
      level: 'info',
      object: { retentionDays: 365, requests: 1, messages: 2 },
      message: 'retention: removed 1 request(s) and 2 message(s) older than 365 days',
    });
    expect(await rowCounts(t.db)).toEqual({ requests: 2, messages: 3 });

    // A request that has aged past the period since the last run goes at a later one.
    const linesBefore = log.lines.length;
    await t.db.query(`UPDATE email_requests SET created_at = $1 WHERE email = 'kept@example.org'`, [
      daysAgo(366),
    ]);
    await until(() =>
      log.lines.slice(linesBefore).some((line) => 'requests' in line.object && line.object.requests === 1),
    );
    expect(await rowCounts(t.db)).toEqual({ requests: 1, messages: 1 });
  });

  it('waits for its first delay before it runs, and stop cancels a run not yet begun', async () => {
    await storeLead(t.db, { email: 'expired@example.org', createdAt: daysAgo(400) });
    const log = recordingLog();
    job = startRetentionJob(t.db, { retentionDays: 365, log, firstRunDelayMs: 200 });
    await job.stop();
    await new Promise((r) => setTimeout(r, 300));
    expect(log.lines).toEqual([]);
    expect(await rowCounts(t.db)).toEqual({ requests: 1, messages: 1 });
  });

  it('stop waits for a run in progress, so the database can be closed after it', async () => {
    const log = recordingLog();
    let began = false;
    let finished = false;
    const slow = {
      ...t.db,
      transaction: async <T>(work: Parameters<typeof t.db.transaction<T>>[0]): Promise<T> => {
        began = true;
        await new Promise((r) => setTimeout(r, 150));
        const result = await t.db.transaction(work);
        finished = true;
        return result;
      },
    };
    job = startRetentionJob(slow, { retentionDays: 365, log, firstRunDelayMs: 5 });
    await until(() => began);
    await job.stop();
    expect(finished).toBe(true);
    expect(log.lines).toHaveLength(1);
  });

  it('logs a failed run and keeps going', async () => {
    const log = recordingLog();
    const failing = { ...t.db, transaction: () => Promise.reject(new Error('database is down')) };
    job = startRetentionJob(failing, { retentionDays: 365, log, firstRunDelayMs: 5, intervalMs: 20 });
    await until(() => log.lines.length >= 2);
    expect(log.lines[0]).toMatchObject({ level: 'warn', message: expect.stringMatching(/purge failed/) });
    expect(log.lines[1]?.level).toBe('warn');
  });
});
