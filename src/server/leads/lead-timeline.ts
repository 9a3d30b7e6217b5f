import { formatDay } from '../../core';
import type { TimelineEntry as TimelineEntryJson } from '../../shared/team-api';
import type { Queryable } from '../db/database';
import type { OutboxKind, OutboxStatus } from '../outbox/outbox-store';

/**
 * One lead's timeline, oldest first: its request, each message about it (queued, then sent or
 * failed), the team's changes of status, owner and follow-up date, messages queued again, notes,
 * and later requests from the same address. Gathered from the database in one function, then
 * composed from those plain rows by a pure one (no database, no clock), as messages are.
 */

/** An entry as the server holds it; the API sends its time as ISO 8601. */
export interface TimelineEntry extends Omit<TimelineEntryJson, 'at'> {
  at: Date;
}

/** A message about the lead, as the timeline needs it. */
export interface TimelineMessage {
  kind: OutboxKind;
  /** An address; a webhook's URL is never shown (it can hold a secret). */
  recipient: string;
  status: OutboxStatus;
  attempts: number;
  createdAt: Date;
  sentAt: Date | null;
  /**
   * When its last attempt was due: for a failed message, the nearest thing to when it failed that
   * the outbox keeps (the failure itself follows within one send).
   */
  lastAttemptDueAt: Date;
}

/** A change the activity log recorded against the lead. */
export interface TimelineChange {
  at: Date;
  actor: string;
  action: 'status_change' | 'owner_change' | 'follow_up_date' | 'retry';
  detail: string | null;
}

export interface TimelineFacts {
  request: { createdAt: Date; consent: boolean };
  messages: TimelineMessage[];
  changes: TimelineChange[];
  notes: { createdAt: Date; author: string; body: string }[];
  /** Requests from the same address made after this one. */
  laterRequests: { id: string; createdAt: Date }[];
}

/** How much of a note the timeline quotes: its page shows the notes in full. */
export const NOTE_EXCERPT_LENGTH = 80;

const RECIPIENT_WORDS: Partial<Record<OutboxKind, string>> = {
  visitor: 'E-mail to the visitor',
  team: 'E-mail to the team (LEADS_TO)',
  webhook: 'Webhook',
};

/** Who a message went to, in words: the alert's member by address, a webhook by no URL. */
export function messageRecipientWords(kind: OutboxKind, recipient?: string): string {
  if (kind === 'lead_alert')
    return recipient === undefined ? 'Alert to a team member' : `Alert to ${recipient}`;
  return RECIPIENT_WORDS[kind] ?? 'A message';
}

function attemptsWords(attempts: number): string {
  return `${attempts} attempt${attempts === 1 ? '' : 's'}`;
}

/** The first NOTE_EXCERPT_LENGTH characters of a note on one line, with … when there is more. */
export function noteExcerpt(body: string): string {
  const characters = [...body.replace(/\s+/g, ' ').trim()];
  if (characters.length <= NOTE_EXCERPT_LENGTH) return characters.join('');
  return `${characters.slice(0, NOTE_EXCERPT_LENGTH).join('').trimEnd()}…`;
}

function messageEntries(message: TimelineMessage): TimelineEntry[] {
  const who = messageRecipientWords(message.kind, message.recipient);
  const queued = (summary: string): TimelineEntry => ({
    at: message.createdAt,
    kind: 'delivery',
    actor: null,
    summary,
  });
  switch (message.status) {
    case 'sent':
      return [
        queued(`${who} queued`),
        {
          at: message.sentAt ?? message.createdAt,
          kind: 'delivery',
          actor: null,
          summary:
            message.attempts > 1 ? `${who} sent after ${attemptsWords(message.attempts)}` : `${who} sent`,
        },
      ];
    case 'failed':
      return [
        queued(`${who} queued`),
        {
          at: new Date(Math.max(message.createdAt.getTime(), message.lastAttemptDueAt.getTime())),
          kind: 'delivery',
          actor: null,
          summary: `${who} failed after ${attemptsWords(message.attempts)}`,
        },
      ];
    case 'sending':
      return [queued(`${who} queued (being sent now, attempt ${message.attempts})`)];
    case 'queued':
      return [
        queued(
          message.attempts === 0
            ? `${who} queued`
            : `${who} queued (${attemptsWords(message.attempts)} so far; trying again)`,
        ),
      ];
  }
}

/** A retry's detail is "<kind> message" (failed-messages.ts). */
function retriedKind(detail: string | null): OutboxKind | undefined {
  const kind = /^([a-z_]+) message$/.exec(detail ?? '')?.[1];
  return kind as OutboxKind | undefined;
}

function changeSummary(change: TimelineChange): string {
  switch (change.action) {
    case 'status_change':
      return `Status changed: ${change.detail ?? ''}`;
    case 'owner_change':
      return `Owner changed: ${change.detail ?? ''}`;
    case 'follow_up_date': {
      const day = change.detail === null ? undefined : formatDay(change.detail);
      return day === undefined ? 'Follow-up date cleared' : `Follow-up date set to ${day}`;
    }
    case 'retry': {
      const kind = retriedKind(change.detail);
      // The message's own entries now say where the new attempts stand; this one keeps the failure.
      return `${kind === undefined ? 'A message' : messageRecipientWords(kind)} had failed; queued again`;
    }
  }
}

function changeKind(action: TimelineChange['action']): TimelineEntry['kind'] {
  return action === 'retry' ? 'delivery' : action;
}

/** The timeline from its facts: every entry, oldest first; entries of one instant in the order above. */
export function composeTimeline(facts: TimelineFacts): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    {
      at: facts.request.createdAt,
      kind: 'request',
      actor: null,
      summary: facts.request.consent
        ? 'Asked for the results by e-mail, and agreed to be contacted'
        : 'Asked for the results by e-mail',
    },
    ...facts.messages.flatMap(messageEntries),
    ...facts.changes.map((change) => ({
      at: change.at,
      kind: changeKind(change.action),
      actor: change.actor,
      summary: changeSummary(change),
    })),
    ...facts.notes.map((note) => ({
      at: note.createdAt,
      kind: 'note' as const,
      actor: note.author,
      summary: `Note: “${noteExcerpt(note.body)}”`,
    })),
    ...facts.laterRequests.map((later) => ({
      at: later.createdAt,
      kind: 'later_request' as const,
      actor: null,
      summary: 'Asked again from the same address',
      leadId: later.id,
    })),
  ];
  // A stable sort: entries of one instant keep the order they were listed in.
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * Reads a lead's timeline facts (pass the detail's snapshot transaction, so they agree with the
 * rest of the lead). `request` is the lead as already read.
 */
export async function gatherTimeline(
  db: Queryable,
  id: string,
  request: TimelineFacts['request'],
): Promise<TimelineFacts> {
  const [messages, changes, notes, later] = await Promise.all([
    db.query<{
      kind: OutboxKind;
      recipient: string;
      status: OutboxStatus;
      attempts: number;
      created_at: Date;
      sent_at: Date | null;
      next_attempt_at: Date;
    }>(
      // Those queued with the request in the order it queues them: the visitor's first.
      `SELECT kind, recipient, status, attempts, created_at, sent_at, next_attempt_at
         FROM outbox_messages WHERE request_id = $1
        ORDER BY created_at,
                 CASE kind WHEN 'visitor' THEN 0 WHEN 'team' THEN 1 WHEN 'webhook' THEN 2 ELSE 3 END,
                 recipient, id`,
      [id],
    ),
    db.query<{ at: Date; actor: string; action: TimelineChange['action']; detail: string | null }>(
      `SELECT at, actor, action, detail FROM team_activity
        WHERE request_id = $1 AND action IN ('status_change', 'owner_change', 'follow_up_date', 'retry')
        ORDER BY at, id`,
      [id],
    ),
    db.query<{ created_at: Date; author: string; body: string }>(
      'SELECT created_at, author, body FROM lead_notes WHERE request_id = $1 ORDER BY created_at, id',
      [id],
    ),
    db.query<{ id: string; created_at: Date }>(
      `SELECT later.id, later.created_at
         FROM email_requests this
         JOIN email_requests later
           ON later.email_normalized = this.email_normalized AND later.created_at > this.created_at
        WHERE this.id = $1
        ORDER BY later.created_at, later.id`,
      [id],
    ),
  ]);
  return {
    request,
    messages: messages.rows.map((m) => ({
      kind: m.kind,
      recipient: m.recipient,
      status: m.status,
      attempts: m.attempts,
      createdAt: new Date(m.created_at),
      sentAt: m.sent_at === null ? null : new Date(m.sent_at),
      lastAttemptDueAt: new Date(m.next_attempt_at),
    })),
    changes: changes.rows.map((c) => ({ ...c, at: new Date(c.at) })),
    notes: notes.rows.map((n) => ({ createdAt: new Date(n.created_at), author: n.author, body: n.body })),
    laterRequests: later.rows.map((l) => ({ id: l.id, createdAt: new Date(l.created_at) })),
  };
}
