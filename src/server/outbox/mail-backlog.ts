import type { Queryable } from '../db/database';

/**
 * How far behind the e-mail lane may fall before a new e-mail request waits for it, and for how
 * long at most. A request held this way costs a timer, not CPU, so the sending gets the machine
 * while it waits. See decision 0082.
 */
export interface MailBacklogOptions {
  /** The longest an e-mail may have been due, unsent, before new requests are held. */
  maxLagMs: number;
  /**
   * The most e-mails that may be due, unsent, before new requests are held: the lag alone is a
   * late sign, as a fast burst queues hundreds of e-mails in the first second, before any is old.
   */
  maxDue: number;
  /** The longest one request is held; then it is taken anyway (a visitor is never refused for it). */
  maxHoldMs: number;
  /** How long one reading of the lag serves: a burst of requests asks the database once per this. */
  readEveryMs: number;
}

/**
 * Issue 36's burst (20 s, 10 connections) left a visitor waiting two minutes for the e-mail. The
 * lag is a late sign: by the time the oldest e-mail has waited `maxLagMs`, that long of the
 * burst's requests is already queued, and it is sent at the outbox's slower pace. So the lag
 * allowed is short, 1 s, and at most 16 e-mails may wait beyond the 8 in flight (two refills of
 * the lane's slots): then an e-mail waits about what 24 sends take, whatever the machine's pace. A
 * form's "Sending..." waits at most 8 s (under a load tester's 10 s).
 */
export const MAIL_BACKLOG: MailBacklogOptions = {
  maxLagMs: 1_000,
  maxDue: 16,
  maxHoldMs: 8_000,
  readEveryMs: 100,
};

/** The e-mail lane's backlog: how many e-mails are due, unsent, and how long the oldest has waited. */
export interface MailBacklogReading {
  due: number;
  lagMs: number;
}

/**
 * The e-mail lane's backlog (webhooks have their own lane): the due e-mails, and how long the
 * oldest has waited in milliseconds (0 when none is due). Through the mail lane's partial index of
 * due messages (migration 0014): the count reads only the backlog's index entries.
 */
export async function readMailBacklog(db: Queryable): Promise<MailBacklogReading> {
  const { rows } = await db.query<{ due: number; lag_ms: number | null }>(
    `SELECT count(*)::int AS due,
            (extract(epoch FROM now() - min(next_attempt_at)) * 1000)::float8 AS lag_ms
       FROM outbox_messages
      WHERE status = 'queued' AND kind <> 'webhook' AND next_attempt_at <= now()`,
  );
  return { due: rows[0]?.due ?? 0, lagMs: Math.max(0, rows[0]?.lag_ms ?? 0) };
}

/**
 * Holds new e-mail requests while the e-mail lane is behind, so a burst cannot queue far more
 * than the outbox sends: the requests then come in at the pace the e-mails go out. One reading of
 * the backlog serves every request for `readEveryMs`. On PostgreSQL the backlog is the whole
 * lane's, every instance's, so each instance holds its requests while the lane is behind.
 */
export class MailBacklog {
  private reading: Promise<MailBacklogReading> | undefined;
  private readAt = -Infinity;

  constructor(
    private readonly db: Queryable,
    /**
     * Whether this process's e-mail lane is sending now (OutboxLanes.mailSending). Holding a
     * request only helps while the e-mails are going out: not before the outbox starts (a test's
     * app that never listens), nor while the relay refuses every attempt.
     */
    private readonly sending: () => boolean,
    private readonly options: MailBacklogOptions = MAIL_BACKLOG,
  ) {}

  /**
   * Resolves once the lane is within `maxLagMs` and `maxDue`, or after `maxHoldMs`, with how long
   * it held: 0 when it found the lane within them at once (the reading's own time is not a hold).
   * A backlog it cannot read (the database is down) holds nothing: the request meets that itself.
   */
  async admit(): Promise<number> {
    const started = performance.now();
    let waited = false;
    for (;;) {
      if (!this.sending()) return waited ? performance.now() - started : 0;
      const { lagMs, due } = await this.backlog().catch(() => ({ lagMs: 0, due: 0 }));
      const held = performance.now() - started;
      const behind = lagMs > this.options.maxLagMs || due > this.options.maxDue;
      if (!behind || held >= this.options.maxHoldMs) return waited ? held : 0;
      waited = true;
      const wait = Math.min(this.options.readEveryMs, this.options.maxHoldMs - held);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  /** The backlog, read afresh at most once per `readEveryMs`; callers meanwhile share one reading. */
  private backlog(): Promise<MailBacklogReading> {
    if (this.reading && performance.now() - this.readAt < this.options.readEveryMs) return this.reading;
    this.readAt = performance.now();
    this.reading = readMailBacklog(this.db);
    // A failed reading is not kept: the next caller asks again.
    this.reading.catch(() => (this.readAt = -Infinity));
    return this.reading;
  }
}
