import type { Queryable } from '../db/database';

/**
 * Who did what: every sign-in, sign-out, export, erasure, retry, status change and note, with the
 * team member (or the command line) and the time. The workspace shows it and
 * `npm run leads -- audit-log` exports it.
 */

export const TEAM_ACTIONS = [
  'sign_in',
  'sign_out',
  'export',
  'erase',
  'retry',
  'status_change',
  'note_added',
] as const;
export type TeamAction = (typeof TEAM_ACTIONS)[number];

export interface NewActivity {
  /** A team member's address, or commandLineActor() for the CLI. */
  actor: string;
  action: TeamAction;
  /** What it was done to: a lead's or message's id, or a masked address for an erasure. */
  subject?: string | null;
  /** A short plain-text detail ("new → contacted", "3 requests, 6 messages"). */
  detail?: string | null;
}

export interface Activity {
  id: string;
  at: Date;
  actor: string;
  action: TeamAction;
  subject: string | null;
  detail: string | null;
}

/** The actor the CLI records: the operating-system user who ran it. */
export function commandLineActor(user: string): string {
  return `command line (${user})`;
}

/**
 * An address with most of its local part hidden ("j•••@example.org"), so the log can say which
 * erasure it was without keeping what was erased.
 */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${[...address.slice(0, at)][0]}•••${address.slice(at)}`;
}

/** Records one action. Pass the transaction that did the work, so both are kept or neither. */
export async function recordActivity(db: Queryable, activity: NewActivity): Promise<void> {
  await db.query('INSERT INTO team_activity (actor, action, subject, detail) VALUES ($1, $2, $3, $4)', [
    activity.actor,
    activity.action,
    activity.subject ?? null,
    activity.detail ?? null,
  ]);
}

/** A row as the drivers give it: the bigint id may come as a string or a number. */
interface ActivityRow extends Omit<Activity, 'id'> {
  id: string | number;
}

function activityFrom(row: ActivityRow): Activity {
  return { ...row, id: String(row.id), at: new Date(row.at) };
}

/** One page of the log, newest first, and how many entries there are in all. */
export async function listActivity(
  db: Queryable,
  options: { page: number; pageSize: number },
): Promise<{ entries: Activity[]; total: number }> {
  const offset = (Math.max(1, Math.floor(options.page)) - 1) * options.pageSize;
  const [{ rows }, count] = await Promise.all([
    db.query<ActivityRow>(
      'SELECT id, at, actor, action, subject, detail FROM team_activity ORDER BY at DESC, id DESC LIMIT $1 OFFSET $2',
      [options.pageSize, offset],
    ),
    db.query<{ total: string }>('SELECT count(*) AS total FROM team_activity'),
  ]);
  return { entries: rows.map(activityFrom), total: Number(count.rows[0]?.total ?? 0) };
}

/** Every entry, oldest first, a batch at a time (for the CLI's export). */
export async function readAllActivity(
  db: Queryable,
  onBatch: (entries: Activity[]) => Promise<void>,
  batchSize = 1000,
): Promise<number> {
  let total = 0;
  let afterId = '0';
  for (;;) {
    const { rows } = await db.query<ActivityRow>(
      'SELECT id, at, actor, action, subject, detail FROM team_activity WHERE id > $1::bigint ORDER BY id LIMIT $2',
      [afterId, batchSize],
    );
    if (rows.length === 0) return total;
    await onBatch(rows.map(activityFrom));
    total += rows.length;
    afterId = String(rows[rows.length - 1]!.id);
    if (rows.length < batchSize) return total;
  }
}
