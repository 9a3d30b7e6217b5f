import { AREAS, sanitizeResponses } from '../../core';
import type { LeadDetail as LeadDetailJson } from '../../shared/team-api';
import type { Database } from '../db/database';
import { isUuid } from '../../shared/uuid';
import type { OutboxKind, OutboxStatus } from '../outbox/outbox-store';
import { recipientForTeam } from '../outbox/recipient-for-team';
import {
  ACTION_PLAN_COUNTS_COLUMNS,
  actionPlanCountsFrom,
  actionPlanCountsJoin,
  type ActionPlanCounts,
  type ActionPlanCountsRow,
} from './action-plan';
import type { Consent } from './email-requests';
import type { LeadNote } from './lead-follow-up';
import { requestColumns, requestFields, type RequestRow } from './lead-records';
import { composeTimeline, gatherTimeline, type TimelineEntry } from './lead-timeline';

/**
 * Everything held about one lead, as the workspace shows it: the request with the contact details,
 * source and profile, every answer next to the statement it rates, who owns it and when it is next
 * due, every message about it, the team's notes, its timeline, and how far its action plan has got.
 */

export interface LeadMessage {
  id: string;
  kind: OutboxKind;
  /** An e-mail address, or for a webhook its host alone (recipientForTeam). */
  recipient: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  sentAt: Date | null;
  createdAt: Date;
}

/**
 * The lead as read from the database; the API sends it with its times as ISO 8601. Its answers are
 * every statement of the audit in the order it asks them (25); messages, notes and the timeline
 * oldest first.
 */
export interface LeadDetail extends Omit<
  LeadDetailJson,
  'createdAt' | 'consent' | 'messages' | 'notes' | 'timeline' | 'actionPlan'
> {
  createdAt: Date;
  consent: Consent | null;
  messages: LeadMessage[];
  notes: LeadNote[];
  timeline: TimelineEntry[];
  actionPlan: ActionPlanCounts;
}

interface DetailRow extends RequestRow, ActionPlanCountsRow {
  responses: unknown;
}

/** One lead in full, or undefined when there is none with that id (or it is not an id at all). */
export async function leadDetail(db: Database, id: string): Promise<LeadDetail | undefined> {
  if (!isUuid(id)) return undefined;
  // One snapshot: the messages, notes and timeline are those of the lead as read, even while a
  // server sends or a team member changes it.
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const { rows } = await tx.query<DetailRow>(
      `SELECT ${requestColumns('r')}, r.responses, ${ACTION_PLAN_COUNTS_COLUMNS}
         FROM email_requests r ${actionPlanCountsJoin('r')}
        WHERE r.id = $1`,
      [id],
    );
    const row = rows[0];
    if (!row) return undefined;
    const messages = await tx.query<{
      id: string;
      kind: OutboxKind;
      recipient: string;
      status: OutboxStatus;
      attempts: number;
      last_error: string | null;
      sent_at: Date | null;
      created_at: Date;
    }>(
      `SELECT id, kind, recipient, status, attempts, last_error, sent_at, created_at
         FROM outbox_messages WHERE request_id = $1 ORDER BY created_at, kind`,
      [id],
    );
    const notes = await tx.query<{ id: string; author: string; body: string; created_at: Date }>(
      'SELECT id, author, body, created_at FROM lead_notes WHERE request_id = $1 ORDER BY created_at, id',
      [id],
    );
    const { sourceLabel: _label, ...fields } = requestFields(row);
    const timeline = composeTimeline(
      await gatherTimeline(tx, id, { createdAt: fields.createdAt, consent: fields.consent !== null }),
    );
    // Stored after validation, but read back as any JSON: keep only well-formed answers.
    const responses = sanitizeResponses(row.responses);
    return {
      ...fields,
      answers: AREAS.flatMap((area) =>
        area.questions.map((statement, question) => ({
          areaId: area.id,
          areaTitle: area.title,
          statement,
          rating: responses[area.id]?.[question] ?? null,
        })),
      ),
      messages: messages.rows.map((m) => ({
        id: m.id,
        kind: m.kind,
        recipient: recipientForTeam(m.kind, m.recipient),
        status: m.status,
        attempts: m.attempts,
        lastError: m.last_error,
        sentAt: m.sent_at === null ? null : new Date(m.sent_at),
        createdAt: new Date(m.created_at),
      })),
      notes: notes.rows.map((n) => ({
        id: n.id,
        author: n.author,
        body: n.body,
        createdAt: new Date(n.created_at),
      })),
      timeline,
      actionPlan: actionPlanCountsFrom(row),
    };
  });
}
