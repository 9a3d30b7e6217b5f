import type { Queryable } from '../db/database';
import type { ActivityLead } from '../../shared/team-api';
import { isUuid } from '../../shared/uuid';

/**
 * Who did what: every sign-in, sign-out, export, erasure, retry, status, owner and follow-up date
 * change, note and alert choice, and every change to the audit's words (a draft saved or imported,
 * a version published, restored or exported), with the team member (or the command line) and the time. The
 * workspace shows it and `npm run leads -- audit-log` exports it.
 */

export const TEAM_ACTIONS = [
  'sign_in',
  'sign_out',
  'export',
  'erase',
  'retry',
  'status_change',
  'note_added',
  'owner_change',
  'follow_up_date',
  'alert_preference',
  // The audit's words (issue 34): the detail says which version and the editor's note.
  'content_save',
  'content_import',
  'content_publish',
  'content_restore',
  'content_export',
] as const;
export type TeamAction = (typeof TEAM_ACTIONS)[number];

export interface NewActivity {
  /** A team member's address, or commandLineActor() for the CLI. */
  actor: string;
  action: TeamAction;
  /**
   * The lead it is about, if any: the entry keeps a link to it while it is held and its address
   * masked for good, so the log still says which lead once it is erased, without the address.
   */
  lead?: { id: string; email: string };
  /**
   * What it was done to beside the lead: a masked address for an erasure, a retried message's id
   * (kept for the record; the workspace and the CLI never show an id).
   */
  subject?: string | null;
  /** A short plain-text detail ("new → contacted", "3 requests, 6 messages"). */
  detail?: string | null;
}

export interface Activity {
  id: string;
  at: Date;
  actor: string;
  action: TeamAction;
  lead: ActivityLead | null;
  subject: string | null;
  detail: string | null;
}

/**
 * What an entry from before the log named its leads says of a lead that was erased before the
 * log learnt to keep a masked address: it was a lead, and it is gone.
 */
export const ERASED_LEAD_LABEL = 'an erased lead';

// The actions that are always about one lead (a retry is about its message's lead, if it has one).
const LEAD_ACTIONS: ReadonlySet<TeamAction> = new Set([
  'status_change',
  'note_added',
  'owner_change',
  'follow_up_date',
]);

/** The actor the CLI records: the operating-system user who ran it. */
export function commandLineActor(user: string): string {
  return `command line (${user})`;
}

/**
 * An address with most of its local part hidden ("j•••@example.org"), so the log can say which
 * lead or erasure it was without keeping the address.
 */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${[...address.slice(0, at)][0]}•••${address.slice(at)}`;
}

/** Records one action. Pass the transaction that did the work, so both are kept or neither. */
export async function recordActivity(db: Queryable, activity: NewActivity): Promise<void> {
  await db.query(
    `INSERT INTO team_activity (actor, action, subject, detail, lead_id, lead_label)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      activity.actor,
      activity.action,
      activity.subject ?? null,
      activity.detail ?? null,
      activity.lead?.id ?? null,
      activity.lead === undefined ? null : maskAddress(activity.lead.email),
    ],
  );
}

/** A row as the drivers give it: the bigint id may come as a string or a number. */
interface ActivityRow {
  id: string | number;
  at: Date;
  actor: string;
  action: TeamAction;
  subject: string | null;
  detail: string | null;
  lead_id: string | null;
  lead_label: string | null;
}

const ACTIVITY_COLUMNS = 'id, at, actor, action, subject, detail, lead_id, lead_label';

/**
 * An entry as the workspace and the CLI show it: the lead by its masked address, and never a raw
 * id. Entries written before the log named its leads kept the lead's (or a retried message's) id
 * in `subject`; migration 0010 named the leads still held, so an id left there is of a lead erased
 * since, or of a message: it is not shown, and a lead's action says the lead was erased.
 */
function activityFrom(row: ActivityRow): Activity {
  const legacyId = row.subject !== null && isUuid(row.subject);
  let lead: ActivityLead | null = null;
  if (row.lead_label !== null) lead = { id: row.lead_id, label: row.lead_label };
  else if (legacyId && LEAD_ACTIONS.has(row.action)) lead = { id: null, label: ERASED_LEAD_LABEL };
  return {
    id: String(row.id),
    at: new Date(row.at),
    actor: row.actor,
    action: row.action,
    lead,
    subject: legacyId ? null : row.subject,
    detail: row.detail,
  };
}

/** One page of the log, newest first, and how many entries there are in all. */
export async function listActivity(
  db: Queryable,
  options: { page: number; pageSize: number },
): Promise<{ entries: Activity[]; total: number }> {
  const offset = (Math.max(1, Math.floor(options.page)) - 1) * options.pageSize;
  const [{ rows }, count] = await Promise.all([
    db.query<ActivityRow>(
      `SELECT ${ACTIVITY_COLUMNS} FROM team_activity ORDER BY at DESC, id DESC LIMIT $1 OFFSET $2`,
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
      `SELECT ${ACTIVITY_COLUMNS} FROM team_activity WHERE id > $1::bigint ORDER BY id LIMIT $2`,
      [afterId, batchSize],
    );
    if (rows.length === 0) return total;
    await onBatch(rows.map(activityFrom));
    total += rows.length;
    afterId = String(rows[rows.length - 1]!.id);
    if (rows.length < batchSize) return total;
  }
}
