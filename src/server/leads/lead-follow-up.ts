import { characterCount } from '../../shared/email-request';
import { hasUnstorableCharacters, PLAIN_TEXT_MESSAGE } from '../../shared/plain-text';
import {
  FOLLOW_UP_STATUSES,
  NOTE_MAX_LENGTH,
  type FollowUpStatus,
  type LeadNote as LeadNoteJson,
} from '../../shared/team-api';
import type { Database } from '../db/database';
import { isUuid } from '../../shared/uuid';
import { recordActivity } from '../activity/team-activity';
import { startOfDay } from './lead-export';

/**
 * The team's follow-up of a lead: where it stands (new, contacted, qualified, closed), who owns it,
 * when it is next due, and the notes the team writes about it. Each change is recorded in the
 * activity log, naming the lead, in the same transaction, so a change and its record are kept
 * together or not at all; setting what a lead already has changes nothing and records nothing.
 */

export function isFollowUpStatus(value: unknown): value is FollowUpStatus {
  return typeof value === 'string' && (FOLLOW_UP_STATUSES as readonly string[]).includes(value);
}

/**
 * What is wrong with a note's text, or undefined when it can be kept (trimmed): 1 to
 * NOTE_MAX_LENGTH characters, counted as code points like the database's own limit, and plain text
 * by the rule the visitor's note follows too (no control characters, no half of a surrogate pair).
 */
export function noteBodyProblem(body: string): string | undefined {
  if (hasUnstorableCharacters(body)) return PLAIN_TEXT_MESSAGE;
  const length = characterCount(body.trim());
  if (length === 0) return 'Write a note first.';
  if (length > NOTE_MAX_LENGTH) {
    return `A note can be at most ${NOTE_MAX_LENGTH.toLocaleString('en-GB')} characters (this one has ${length.toLocaleString('en-GB')}).`;
  }
  return undefined;
}

/** A note as read from the database (the API sends its time as ISO 8601). */
export interface LeadNote extends Omit<LeadNoteJson, 'createdAt'> {
  createdAt: Date;
}

/** A change of one of a lead's follow-up fields, or that there is no such lead. */
export type FieldChange<T> =
  { outcome: 'changed' | 'unchanged'; value: T; previous: T } | { outcome: 'not_found' };

/**
 * The statuses that mean a member has contacted the lead: the first change to one of them is the
 * lead's first contact (speed to lead, issue 35), kept when the lead is later set back to new.
 * Closed is not one: a lead can be closed without an answer.
 */
export const CONTACTED_STATUSES: readonly FollowUpStatus[] = ['contacted', 'qualified'];

// The lead's follow-up fields, each with its column and how the activity log words a change, and
// for the status, the first contact it may record ($3, the moment of the change).
const FOLLOW_UP_FIELDS = {
  status: {
    column: 'follow_up_status',
    read: 'follow_up_status',
    cast: 'text',
    also: `, first_contacted_at = CASE WHEN $2::text IN (${CONTACTED_STATUSES.map((s) => `'${s}'`).join(', ')})
                                      THEN coalesce(first_contacted_at, $3::timestamptz)
                                      ELSE first_contacted_at END`,
    action: 'status_change',
    detail: (previous: string | null, value: string | null) => `${previous} → ${value}`,
  },
  owner: {
    column: 'owner_email',
    read: 'owner_email',
    cast: 'text',
    action: 'owner_change',
    detail: (previous: string | null, value: string | null) =>
      `${previous ?? 'nobody'} → ${value ?? 'nobody'}`,
  },
  followUpOn: {
    column: 'follow_up_on',
    // As YYYY-MM-DD: a driver would make a date a local midnight.
    read: "to_char(follow_up_on, 'YYYY-MM-DD')",
    cast: 'date',
    action: 'follow_up_date',
    detail: (_previous: string | null, value: string | null) => value ?? 'cleared',
  },
} as const;

/**
 * Sets one follow-up field of a lead and records the change, naming the lead; setting the value
 * it already has changes nothing and records nothing.
 */
async function setFollowUpField(
  db: Database,
  field: keyof typeof FOLLOW_UP_FIELDS,
  id: string,
  value: string | null,
  actor: string,
  /** The status's moment, for the first contact it may record. */
  at?: Date,
): Promise<FieldChange<string | null>> {
  if (!isUuid(id)) return { outcome: 'not_found' };
  const { column, read, cast, action, detail } = FOLLOW_UP_FIELDS[field];
  const also = field === 'status' ? FOLLOW_UP_FIELDS.status.also : '';
  return db.transaction(async (tx) => {
    // Locked, so two members changing it at once are recorded in the order they happened.
    const { rows } = await tx.query<{ previous: string | null; email: string }>(
      `SELECT ${read} AS previous, mailbox AS email FROM leads WHERE id = $1 FOR UPDATE`,
      [id],
    );
    const lead = rows[0];
    if (lead === undefined) return { outcome: 'not_found' };
    if (lead.previous === value) return { outcome: 'unchanged', value, previous: lead.previous };
    await tx.query(
      `UPDATE leads SET ${column} = $2::${cast}${also} WHERE id = $1`,
      also === '' ? [id, value] : [id, value, at ?? new Date()],
    );
    await recordActivity(tx, {
      actor,
      action,
      lead: { id, email: lead.email },
      detail: detail(lead.previous, value),
    });
    return { outcome: 'changed', value, previous: lead.previous };
  });
}

/**
 * Sets a lead's follow-up status; a change is recorded as "new → contacted". The first change to a
 * contacted status (CONTACTED_STATUSES) at `at` is the lead's first contact, kept from then on.
 */
export async function setFollowUpStatus(
  db: Database,
  id: string,
  status: FollowUpStatus,
  actor: string,
  at: Date = new Date(),
): Promise<FieldChange<FollowUpStatus>> {
  if (!isFollowUpStatus(status)) throw new RangeError(`not a follow-up status: ${String(status)}`);
  return setFollowUpField(db, 'status', id, status, actor, at) as Promise<FieldChange<FollowUpStatus>>;
}

/**
 * Sets who owns a lead: a team member's normalised address (the caller checks it is one of
 * TEAM_EMAILS: the list is the configuration's), or null for nobody. Recorded as "nobody → a@x".
 */
export async function setLeadOwner(
  db: Database,
  id: string,
  owner: string | null,
  actor: string,
): Promise<FieldChange<string | null>> {
  return setFollowUpField(db, 'owner', id, owner, actor);
}

/** Whether `value` is a calendar day written YYYY-MM-DD (2026-02-29 is not one). */
export function isCalendarDay(value: string): boolean {
  return startOfDay(value) !== undefined;
}

/**
 * Sets the day a lead is next followed up (YYYY-MM-DD, a UK calendar day), or null for none. A day
 * in the past is allowed: the lead is then due. Recorded with the day, or "cleared".
 */
export async function setFollowUpDay(
  db: Database,
  id: string,
  day: string | null,
  actor: string,
): Promise<FieldChange<string | null>> {
  if (day !== null && !isCalendarDay(day)) throw new RangeError(`not a day as YYYY-MM-DD: ${day}`);
  return setFollowUpField(db, 'followUpOn', id, day, actor);
}

const FOREIGN_KEY_VIOLATION = '23503';

export type NoteAdded =
  { outcome: 'added'; note: LeadNote } | { outcome: 'invalid'; problem: string } | { outcome: 'not_found' };

/**
 * Adds a note (trimmed, 1–2,000 characters) to a lead, with its author and the time. The log
 * records that a note was added, not what it says: the note may hold what the lead told the team.
 */
export async function addLeadNote(
  db: Database,
  id: string,
  body: string,
  author: string,
): Promise<NoteAdded> {
  const problem = noteBodyProblem(body);
  if (problem) return { outcome: 'invalid', problem };
  if (!isUuid(id)) return { outcome: 'not_found' };
  const added = db.transaction(async (tx): Promise<NoteAdded> => {
    const { rows } = await tx.query<{
      id: string;
      author: string;
      body: string;
      created_at: Date;
      lead_email: string;
    }>(
      `INSERT INTO lead_notes (lead_id, author, body)
       SELECT id, $2, $3 FROM leads WHERE id = $1
       RETURNING id, author, body, created_at, (SELECT mailbox FROM leads WHERE id = $1) AS lead_email`,
      [id, author, body.trim()],
    );
    const row = rows[0];
    if (!row) return { outcome: 'not_found' };
    await recordActivity(tx, {
      actor: author,
      action: 'note_added',
      lead: { id, email: row.lead_email },
    });
    return {
      outcome: 'added',
      note: { id: row.id, author: row.author, body: row.body, createdAt: new Date(row.created_at) },
    };
  });
  // A lead erased between the look-up and the insert fails the reference to it: it is gone.
  return added.catch((error: unknown) => {
    if ((error as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return { outcome: 'not_found' };
    throw error;
  });
}
