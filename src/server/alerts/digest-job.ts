import type { Database, Queryable } from '../db/database';
import { ukDay } from '../../shared/uk-day';
import { countRequestsBetween } from '../leads/lead-glance';
import { countWaitingLeads } from '../leads/speed-to-lead';
import { digestPayload, type DigestPeriod } from '../mail/team-alert-facts';
import { queueMessage } from '../outbox/outbox-store';
import { membersChoosing } from './alert-preferences';
import { addDays, ukWallClock } from '../../shared/uk-time';
import type { Job } from '../jobs/job-scheduler';

/** The UK hour (Europe/London, GMT or BST) at which each day's digest is due. */
export const DIGEST_HOUR = 8;

/** A day's digest: the UK day it is sent on, and the 24 hours (23 or 25 across a clock change) it covers. */
export interface DigestDue extends DigestPeriod {
  /** YYYY-MM-DD: the UK day whose 08:00 ends the period. */
  day: string;
}

/**
 * The latest digest due at `now`: the one whose period ends at the last 08:00 UK time at or before
 * `now`, and starts at the 08:00 before that. So from 08:00 today's is due, and before 08:00
 * yesterday's still is (a server that was down at 08:00 yesterday sends it when it comes back,
 * the same morning at the latest). Each lead falls in exactly one day's period.
 */
export function dueDigest(now: Date): DigestDue {
  const today = ukDay(now);
  const day = now >= ukWallClock(today, DIGEST_HOUR) ? today : addDays(today, -1);
  return { day, from: ukWallClock(addDays(day, -1), DIGEST_HOUR), to: ukWallClock(day, DIGEST_HOUR) };
}

/** What one tick did: the members whose digest it queued, and those whose empty day it recorded. */
export interface DigestTick {
  day: string;
  queued: string[];
  empty: string[];
}

/**
 * Records a day's digest for a member (lead_digests), unless it is already recorded, and, when the
 * period has something they hear of, queues the digest e-mail in the same transaction. The record's
 * primary key (member, day) makes this happen once however many ticks or server instances try at
 * once: the second waits for the first's commit and then inserts nothing. A day without anything
 * to tell is recorded and sends nothing. Resolves with whether this call recorded it.
 */
async function recordDigest(
  db: Database,
  member: string,
  due: DigestDue,
  { worthSending, requestsWithoutConsent }: { worthSending: boolean; requestsWithoutConsent: boolean },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rowCount } = await tx.query(
      `INSERT INTO lead_digests (email, digest_day) VALUES ($1, $2::date) ON CONFLICT DO NOTHING`,
      [member, due.day],
    );
    if (rowCount === 0) return false;
    if (worthSending) {
      await queueMessage(tx, {
        kind: 'lead_digest',
        recipient: member,
        requestId: null,
        payload: digestPayload(due, requestsWithoutConsent),
      });
    }
    return true;
  });
}

/** Those of `members` whose digest of `day` is not yet recorded (recordDigest still decides, under its key). */
async function notYetRecorded(db: Queryable, members: readonly string[], day: string): Promise<string[]> {
  if (members.length === 0) return [];
  const { rows } = await db.query<{ email: string }>(
    `SELECT email FROM lead_digests
      WHERE digest_day = $1::date AND email IN (SELECT jsonb_array_elements_text($2::jsonb))`,
    [day, JSON.stringify(members)],
  );
  const recorded = new Set(rows.map((row) => row.email));
  return members.filter((member) => !recorded.has(member));
}

/**
 * One tick of the digest job at `now`: for each of `members` (TEAM_EMAILS) who chose the daily
 * digest and whose due digest is not yet recorded, records it and queues it (see recordDigest).
 * Requests are counted once for the tick, by consent, and so are the leads waiting at the period's
 * end (the moment the digest reads them at, not `now`): a member hears of a day with new or
 * waiting leads, and, if they chose to hear of results requests without consent, of a day with
 * only those; for the others such a day is empty. The digest itself reads its leads when it is sent.
 */
export async function queueDueDigests(
  db: Database,
  members: readonly string[],
  now: Date,
): Promise<DigestTick> {
  const due = dueDigest(now);
  const tick: DigestTick = { day: due.day, queued: [], empty: [] };
  const wanting = await notYetRecorded(db, await membersChoosing(db, members, 'daily_digest'), due.day);
  // The job ticks every minute; once the day's digests are recorded, nothing is counted again.
  if (wanting.length === 0) return tick;
  const alsoWithoutConsent = new Set(
    await membersChoosing(db, members, 'daily_digest', { withoutConsent: true }),
  );
  const counts = await countRequestsBetween(db, due.from, due.to);
  const waiting = await countWaitingLeads(db, due.to);
  for (const member of wanting) {
    const requestsWithoutConsent = alsoWithoutConsent.has(member);
    const worthSending =
      counts.withConsent > 0 || waiting > 0 || (requestsWithoutConsent && counts.withoutConsent > 0);
    if (await recordDigest(db, member, due, { worthSending, requestsWithoutConsent })) {
      (worthSending ? tick.queued : tick.empty).push(member);
    }
  }
  return tick;
}

/**
 * Forgets digest records of days more than `retentionDays` before `today`: they hold a member's
 * address and which days they were sent a digest, kept no longer than the leads themselves. A
 * record is only needed on its own day (to send the digest once), so this never sends one again.
 */
export async function forgetOldDigests(db: Queryable, today: string, retentionDays: number): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM lead_digests WHERE digest_day < $1::date', [
    addDays(today, -retentionDays),
  ]);
  return rowCount;
}

export interface DigestJobOptions {
  /** TEAM_EMAILS. */
  members: readonly string[];
  retentionDays: number;
  /** Tells the outbox a digest was queued, so it goes now rather than at the next poll. */
  onQueued: () => void;
}

/**
 * Due every minute across all instances (src/server/jobs): queues the due digests
 * (queueDueDigests) and forgets digest records past the retention period. The digest records'
 * primary key still makes each digest go once, should two runs ever meet. A run catches up after a
 * failed one, since it looks for the due digest rather than for the moment of 08:00; with the
 * scheduler checking every minute, a digest leaves within two minutes of 08:00.
 */
export function digestJob(options: DigestJobOptions): Job {
  return {
    name: 'digest',
    everyMs: 60_000,
    async run(db, now) {
      const done = await queueDueDigests(db, options.members, now);
      const forgotten = await forgetOldDigests(db, ukDay(now), options.retentionDays);
      const queued = done.queued.length;
      const empty = done.empty.length;
      // Counts, not addresses: the log keeps no address it need not.
      return {
        counts: { day: done.day, queued, empty, forgotten },
        summary: `queued ${queued} digest(s) for ${done.day}, ${empty} with no leads; forgot ${forgotten} old digest record(s)`,
        idle: queued + empty + forgotten === 0,
        ...(queued > 0 ? { afterCommit: options.onQueued } : {}),
      };
    },
  };
}
