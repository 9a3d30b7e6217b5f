import { characterCount } from '../../shared/email-request';
import {
  FOLLOW_UP_STATUSES,
  NOTE_MAX_LENGTH,
  type FollowUpStatus,
  type LeadNote as LeadNoteJson,
} from '../../shared/team-api';
import type { Database } from '../db/database';
import { isUuid } from '../../shared/uuid';
import { recordActivity } from '../activity/team-activity';

/**
 * The team's follow-up of a lead: where it stands (new, contacted, qualified, closed) and the
 * notes the team writes about it. Each change is recorded in the activity log in the same
 * transaction, so a change and its record are kept together or not at all.
 */

export function isFollowUpStatus(value: unknown): value is FollowUpStatus {
  return typeof value === 'string' && (FOLLOW_UP_STATUSES as readonly string[]).includes(value);
}

/**
 * What is wrong with a note's text, or undefined when it can be kept (trimmed): 1 to
 * NOTE_MAX_LENGTH characters, counted as code points like the database's own limit.
 */
export function noteBodyProblem(body: string): string | undefined {
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

export type StatusChange =
  | { outcome: 'changed' | 'unchanged'; followUpStatus: FollowUpStatus; previous: FollowUpStatus }
  | { outcome: 'not_found' };

/**
 * Sets a lead's follow-up status. A change is recorded ("new → contacted"); setting the status it
 * already has changes nothing and records nothing.
 */
export async function setFollowUpStatus(
  db: Database,
  id: string,
  status: FollowUpStatus,
  actor: string,
): Promise<StatusChange> {
  if (!isFollowUpStatus(status)) throw new RangeError(`not a follow-up status: ${String(status)}`);
  if (!isUuid(id)) return { outcome: 'not_found' };
  return db.transaction(async (tx) => {
    // Locked, so two members changing it at once are recorded in the order they happened.
    const { rows } = await tx.query<{ follow_up_status: FollowUpStatus }>(
      'SELECT follow_up_status FROM email_requests WHERE id = $1 FOR UPDATE',
      [id],
    );
    const previous = rows[0]?.follow_up_status;
    if (previous === undefined) return { outcome: 'not_found' };
    if (previous === status) return { outcome: 'unchanged', followUpStatus: status, previous };
    await tx.query('UPDATE email_requests SET follow_up_status = $2 WHERE id = $1', [id, status]);
    await recordActivity(tx, {
      actor,
      action: 'status_change',
      subject: id,
      detail: `${previous} → ${status}`,
    });
    return { outcome: 'changed', followUpStatus: status, previous };
  });
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
    const { rows } = await tx.query<{ id: string; author: string; body: string; created_at: Date }>(
      `INSERT INTO lead_notes (request_id, author, body)
       SELECT id, $2, $3 FROM email_requests WHERE id = $1
       RETURNING id, author, body, created_at`,
      [id, author, body.trim()],
    );
    const row = rows[0];
    if (!row) return { outcome: 'not_found' };
    await recordActivity(tx, { actor: author, action: 'note_added', subject: id });
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
