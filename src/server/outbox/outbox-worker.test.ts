import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildReport } from '../../core';
import { DatabaseUnavailableError, type Database } from '../db/database';
import { storeEmailRequest } from '../leads/email-requests';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { claimDue, queueMessage, releaseAllClaims, type ClaimedMessage } from './outbox-store';
import {
  OutboxWorker,
  isPermanentFailure,
  type DeliverMessage,
  type OutboxWorkerOptions,
} from './outbox-worker';
import { retryDelayMs } from './retry-delay';
import { until } from '../../../test/support/until';

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

async function queue(db: Database, count: number, team?: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const result = await storeEmailRequest(
      db,
      { email: `visitor${i}@example.org`, note: null, responses: {}, report: buildReport({}) },
      { visitor: `visitor${i}@example.org`, team },
      { max: 1000, windowMs: 86_400_000 },
    );
    if (result.stored) ids.push(result.id);
  }
  return ids;
}

interface Row {
  id: string;
  status: string;
  attempts: number;
  last_error: string | null;
  claimed_by: string | null;
  next_attempt_at: Date;
  sent_at: Date | null;
}

async function messages(db: Database): Promise<Row[]> {
  const { rows } = await db.query<Row>(
    'SELECT id, status, attempts, last_error, claimed_by, next_attempt_at, sent_at FROM outbox_messages ORDER BY created_at, kind',
  );
  return rows;
}

describe('retryDelayMs', () => {
  it.each([
    [1, 30_000],
    [2, 60_000],
    [3, 120_000],
    [8, 3_840_000],
    [40, 86_400_000],
  ])('after attempt %i waits %i ms with a 30 s base', (attempt, expected) => {
    expect(retryDelayMs(30_000, attempt)).toBe(expected);
  });
});

describe.each(DATABASE_KINDS)('the outbox worker on %s', (kind) => {
  let t: TestDatabase;
  const workers: OutboxWorker[] = [];
  const worker = (deliver: DeliverMessage, options: Partial<OutboxWorkerOptions> = {}) => {
    const w = new OutboxWorker(t.db, deliver, {
      retryBaseMs: 200,
      maxAttempts: 3,
      leaseMs: 2_000,
      pollIntervalMs: 20,
      stopTimeoutMs: 500,
      log: quiet,
      ...options,
    });
    workers.push(w);
    return w;
  };

  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(() => t?.destroy());
  beforeEach(() => t.reset());
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
  });

  it('sends each queued message and marks it sent', async () => {
    await queue(t.db, 3, 'leads@example.org');
    const delivered: ClaimedMessage[] = [];
    worker(async (m) => void delivered.push(m)).start();
    await until(async () => (await messages(t.db)).every((m) => m.status === 'sent'));
    expect(delivered).toHaveLength(6);
    expect(new Set(delivered.map((m) => m.id)).size).toBe(6);
    for (const m of await messages(t.db))
      expect(m).toMatchObject({ attempts: 1, claimed_by: null, sent_at: expect.any(Date) });
  });

  it('retries a failed attempt after base × 2^(attempt−1), then marks it failed and keeps it', async () => {
    await queue(t.db, 1);
    const failedAt: number[] = [];
    worker(async () => {
      failedAt.push(Date.now());
      throw new Error(`relay down (${failedAt.length})`);
    }).start();
    const scheduled = async (attempts: number) => {
      const [row] = await messages(t.db);
      return row?.attempts === attempts && row.status === 'queued' ? row : undefined;
    };
    // The wait is measured from the failure: at least the delay, and not much more.
    await until(async () => (await scheduled(1)) !== undefined);
    const first = await scheduled(1);
    expect(first?.last_error).toBe('Error: relay down (1)');
    const firstWait = (first?.next_attempt_at.getTime() ?? 0) - (failedAt[0] ?? 0);
    expect(firstWait).toBeGreaterThanOrEqual(200 - 20);
    expect(firstWait).toBeLessThan(200 + 1_000);
    await until(async () => (await scheduled(2)) !== undefined);
    const secondWait = ((await scheduled(2))?.next_attempt_at.getTime() ?? 0) - (failedAt[1] ?? 0);
    expect(secondWait).toBeGreaterThanOrEqual(400 - 20);
    expect(secondWait).toBeLessThan(400 + 1_000);
    await until(async () => (await messages(t.db))[0]?.status === 'failed');
    expect(await messages(t.db)).toEqual([
      expect.objectContaining({
        status: 'failed',
        attempts: 3,
        last_error: 'Error: relay down (3)',
        claimed_by: null,
        sent_at: null,
      }),
    ]);
    await new Promise((r) => setTimeout(r, 300));
    expect(failedAt).toHaveLength(3);
  });

  it('gives up at once on a permanent refusal of the recipient (a 5xx reply to RCPT)', async () => {
    await queue(t.db, 1);
    worker(async () => {
      throw Object.assign(new Error('550 mailbox unavailable'), { responseCode: 550, code: 'EENVELOPE' });
    }).start();
    await until(async () => (await messages(t.db))[0]?.status === 'failed');
    expect((await messages(t.db))[0]).toMatchObject({
      attempts: 1,
      last_error: 'Error: 550 mailbox unavailable',
    });
  });

  it.each([
    ['550 no such mailbox (RCPT)', { responseCode: 550, code: 'EENVELOPE' }, true],
    ['554 message rejected (DATA)', { responseCode: 554, code: 'EMESSAGE' }, true],
    ['535 wrong password', { responseCode: 535, code: 'EAUTH' }, false],
    ['530 STARTTLS required', { responseCode: 530, code: 'EAUTH' }, false],
    ['421 try later', { responseCode: 421, code: 'EENVELOPE' }, false],
    ['connection refused', { code: 'ECONNECTION' }, false],
  ])('treats %s as permanent: %s', (_name, fields, permanent) => {
    expect(isPermanentFailure(Object.assign(new Error('x'), fields))).toBe(permanent);
  });

  it('keeps sending others while one send is slow, never more than maxInFlight at once', async () => {
    await queue(t.db, 5, 'leads@example.org');
    let inFlight = 0;
    let most = 0;
    let releaseSlow: () => void = () => {};
    const slow = new Promise<void>((resolve) => (releaseSlow = resolve));
    let slowId: string | undefined;
    const done: string[] = [];
    worker(
      async (m) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        slowId ??= m.id;
        await (m.id === slowId ? slow : new Promise((r) => setTimeout(r, 10)));
        inFlight -= 1;
        done.push(m.id);
      },
      { maxInFlight: 4 },
    ).start();
    // The other nine finish while the first is still being sent.
    await until(async () => done.length === 9);
    expect(done).not.toContain(slowId);
    releaseSlow();
    await until(async () => (await messages(t.db)).every((m) => m.status === 'sent'));
    expect(most).toBe(4);
  });

  it('sends a message at once when woken, without waiting for the next poll', async () => {
    const sent: number[] = [];
    const w = worker(async () => void sent.push(Date.now()), { pollIntervalMs: 60_000 });
    w.start();
    await new Promise((r) => setTimeout(r, 100)); // it is now asleep for a minute
    await queue(t.db, 1);
    const queuedAt = Date.now();
    w.wake();
    await until(async () => sent.length === 1, 2_000);
    expect((sent[0] ?? Infinity) - queuedAt).toBeLessThan(1_000);
  });

  it('takes back a message whose holder vanished, once its lease has run out', async () => {
    await queue(t.db, 1);
    // A process claims it and dies: nobody records or releases anything.
    const [claimed] = await claimDue(t.db, 'crashed-process', { limit: 10, leaseMs: 1_500, maxAttempts: 3 });
    expect(claimed).toBeDefined();
    const delivered: ClaimedMessage[] = [];
    worker(async (m) => void delivered.push(m)).start();
    await new Promise((r) => setTimeout(r, 300));
    expect(delivered).toEqual([]);
    await until(async () => (await messages(t.db))[0]?.status === 'sent');
    expect(delivered).toEqual([expect.objectContaining({ id: claimed?.id, attempts: 2 })]);
  });

  it('marks a message failed when its holder vanished during the last allowed attempt', async () => {
    await queue(t.db, 1);
    await t.db.query('UPDATE outbox_messages SET attempts = 2');
    await claimDue(t.db, 'crashed-process', { limit: 10, leaseMs: 100, maxAttempts: 3 });
    const delivered: ClaimedMessage[] = [];
    worker(async (m) => void delivered.push(m)).start();
    await until(async () => (await messages(t.db))[0]?.status === 'failed');
    expect(delivered).toEqual([]);
    expect((await messages(t.db))[0]?.last_error).toMatch(/stopped during the last attempt/);
  });

  it('clears a payload when its message is given up on, a secret like a sign-in token, but keeps a digest’s period', async () => {
    const period = { from: '2026-01-14T08:00:00.000Z', to: '2026-01-15T08:00:00.000Z' };
    const token = { token: 'A'.repeat(43) };
    const refused = [
      await queueMessage(t.db, {
        kind: 'sign_in',
        recipient: 'a@example.org',
        requestId: null,
        payload: token,
      }),
      await queueMessage(t.db, {
        kind: 'lead_digest',
        recipient: 'a@example.org',
        requestId: null,
        payload: period,
      }),
    ];
    // Given up on by a permanent refusal.
    worker(async () => {
      throw Object.assign(new Error('550 mailbox unavailable'), { responseCode: 550, code: 'EENVELOPE' });
    }).start();
    const payloads = async () => {
      const { rows } = await t.db.query<{ id: string; status: string; payload: unknown }>(
        'SELECT id, status, payload FROM outbox_messages ORDER BY kind',
      );
      return rows;
    };
    await until(async () => (await payloads()).every((m) => m.status === 'failed'));
    expect(await payloads()).toEqual([
      { id: refused[1], status: 'failed', payload: period },
      { id: refused[0], status: 'failed', payload: null },
    ]);
    await Promise.all(workers.splice(0).map((w) => w.stop()));

    // Given up on because its holder vanished during the last attempt.
    await t.reset();
    await queueMessage(t.db, {
      kind: 'sign_in',
      recipient: 'a@example.org',
      requestId: null,
      payload: token,
    });
    await queueMessage(t.db, {
      kind: 'lead_digest',
      recipient: 'a@example.org',
      requestId: null,
      payload: period,
    });
    await t.db.query('UPDATE outbox_messages SET attempts = 2');
    await claimDue(t.db, 'crashed-process', { limit: 10, leaseMs: 100, maxAttempts: 3 });
    worker(async () => undefined).start();
    await until(async () => (await payloads()).every((m) => m.status === 'failed'));
    expect((await payloads()).map((m) => m.payload)).toEqual([period, null]);
  });

  it('queues a message due now, and holds a digest and a sign-in link to belong to no request', async () => {
    const id = await queueMessage(t.db, { kind: 'lead_digest', recipient: 'a@example.org', requestId: null });
    const [claimed] = await claimDue(t.db, 'w', { limit: 10, leaseMs: 1_000, maxAttempts: 3 });
    expect(claimed).toEqual({
      id,
      requestId: null,
      kind: 'lead_digest',
      recipient: 'a@example.org',
      attempts: 1,
      payload: null,
    });
    const [lead] = await queue(t.db, 1);
    await expect(
      queueMessage(t.db, { kind: 'lead_digest', recipient: 'a@example.org', requestId: lead ?? null }),
    ).rejects.toThrow();
    await expect(
      queueMessage(t.db, { kind: 'lead_alert', recipient: 'a@example.org', requestId: null }),
    ).rejects.toThrow();
  });

  it('holds a request to one message of each kind, but one lead alert for each team member', async () => {
    const [lead] = await queue(t.db, 1, 'leads@example.org');
    const requestId = lead ?? null;
    await queueMessage(t.db, { kind: 'lead_alert', recipient: 'a@care-audit.example', requestId });
    await queueMessage(t.db, { kind: 'lead_alert', recipient: 'b@care-audit.example', requestId });
    await expect(
      queueMessage(t.db, { kind: 'lead_alert', recipient: 'a@care-audit.example', requestId }),
    ).rejects.toThrow();
    for (const kind of ['visitor', 'team'] as const) {
      await expect(queueMessage(t.db, { kind, recipient: 'other@example.org', requestId })).rejects.toThrow();
    }
    expect(await messages(t.db)).toHaveLength(4);
  });

  it('on stop, lets a quick send finish and leaves one that takes too long to its lease', async () => {
    await queue(t.db, 2);
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const w = worker(async () => {
      if (first) {
        first = false;
        await new Promise((r) => setTimeout(r, 100));
        return;
      }
      await slow;
    });
    w.start();
    await until(async () => (await messages(t.db)).some((m) => m.status === 'sending'));
    await w.stop();
    // The slow send may still succeed, so it is not handed back (that could send it twice): it
    // keeps its claim until the lease runs out, when another worker may take it.
    const rows = await messages(t.db);
    expect(rows.map((m) => m.status).sort()).toEqual(['sending', 'sent']);
    expect(rows.find((m) => m.status === 'sending')?.claimed_by).not.toBeNull();
    release();
  });

  it('claims nothing after stop', async () => {
    const delivered: ClaimedMessage[] = [];
    const w = worker(async (m) => void delivered.push(m));
    w.start();
    await w.stop();
    await queue(t.db, 1);
    w.wake();
    await new Promise((r) => setTimeout(r, 200));
    expect(delivered).toEqual([]);
    expect((await messages(t.db))[0]?.status).toBe('queued');
  });

  it('records a delivery once the database is back, rather than sending the message again', async () => {
    await queue(t.db, 1);
    let failMarkSent = true;
    // The database drops out just as the delivery is to be recorded.
    const flaky: Database = {
      ...t.db,
      query: (sql, params) => {
        if (failMarkSent && sql.includes("status = 'sent'")) {
          failMarkSent = false;
          return Promise.reject(new DatabaseUnavailableError({ cause: new Error('connection terminated') }));
        }
        return t.db.query(sql, params);
      },
    };
    const delivered: ClaimedMessage[] = [];
    const w = new OutboxWorker(flaky, async (m) => void delivered.push(m), {
      retryBaseMs: 200,
      maxAttempts: 3,
      leaseMs: 2_000,
      pollIntervalMs: 20,
      log: quiet,
    });
    workers.push(w);
    w.start();
    await until(async () => (await messages(t.db))[0]?.status === 'sent');
    expect(delivered).toHaveLength(1);
  });

  it('logs a run of failed attempts once when it starts and once when it ends, with the count', async () => {
    const lines: { level: string; message: string; fields: Record<string, unknown> }[] = [];
    const record = (level: string) => (fields: object, message: string) =>
      void lines.push({ level, message, fields: fields as Record<string, unknown> });
    const log = {
      debug: record('debug'),
      info: record('info'),
      warn: record('warn'),
      error: record('error'),
    };
    const attemptLines = () => lines.filter((l) => l.message === 'outbox: attempt failed');
    await queue(t.db, 4);
    let relayDown = true;
    const w = worker(
      async () => {
        if (relayDown) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      },
      { log, retryBaseMs: 20, maxAttempts: 20 },
    );
    w.start();
    // Every message fails at least twice: each attempt is logged, but only at debug.
    await until(async () => attemptLines().length >= 8);
    relayDown = false;
    await until(async () => (await messages(t.db)).every((m) => m.status === 'sent'));
    await until(async () => lines.some((l) => l.message === 'outbox: attempts succeed again'), 5_000);

    expect(attemptLines().every((l) => l.level === 'debug')).toBe(true);
    const loud = lines.filter((l) => l.level === 'warn' || l.level === 'error');
    expect(loud.map((l) => l.message)).toEqual([
      'outbox: attempts failing; each is retried later',
      'outbox: attempts succeed again',
    ]);
    expect(loud[1]!.fields.failures).toBe(attemptLines().length);
  });

  it('logs a message given up on at error, each on its own', async () => {
    const errors: string[] = [];
    const log = { ...quiet, error: (_fields: object, message: string) => void errors.push(message) };
    await queue(t.db, 2);
    const w = worker(
      async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      },
      { log, retryBaseMs: 10, maxAttempts: 2 },
    );
    w.start();
    await until(async () => (await messages(t.db)).every((m) => m.status === 'failed'));
    expect(errors).toEqual(['outbox: attempt failed', 'outbox: attempt failed']);
  });

  it('hands back every claim at start when the database is this process’s alone', async () => {
    await queue(t.db, 2);
    await claimDue(t.db, 'previous-run', { limit: 10, leaseMs: 60_000, maxAttempts: 3 });
    expect(await releaseAllClaims(t.db, 3)).toBe(2);
    expect((await messages(t.db)).map((m) => [m.status, m.claimed_by])).toEqual([
      ['queued', null],
      ['queued', null],
    ]);
  });
});

describe('several workers on one PostgreSQL database', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase('postgres');
  });
  afterAll(() => t?.destroy());

  it('send each message exactly once', async () => {
    await queue(t.db, 40);
    const deliveries = new Map<string, number>();
    const deliver: DeliverMessage = async (m) => {
      deliveries.set(m.id, (deliveries.get(m.id) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 5));
    };
    const team = Array.from(
      { length: 4 },
      (_, i) =>
        new OutboxWorker(t.db, deliver, {
          retryBaseMs: 200,
          maxAttempts: 3,
          leaseMs: 5_000,
          pollIntervalMs: 10,
          maxInFlight: 3,
          workerId: `worker-${i}`,
          log: quiet,
        }),
    );
    team.forEach((w) => w.start());
    await until(async () => (await messages(t.db)).every((m) => m.status === 'sent'), 10_000);
    await Promise.all(team.map((w) => w.stop()));
    expect(deliveries.size).toBe(40);
    expect([...deliveries.values()].every((n) => n === 1)).toBe(true);
  });
});
