import { formatDay } from '../../core';
import type { TimelineEntry as TimelineEntryJson } from '../../shared/team-api';
import type { Queryable } from '../db/database';
import type { OutboxKind, OutboxStatus } from '../outbox/outbox-store';

/**
 * One lead's timeline, oldest first: its first request, each later result (the person came back)
 * and each change of consent between them, each message about any of them (queued, then sent or
 * failed), the team's changes of status, owner and follow-up date, messages queued again, and notes. Gathered from the database in one function, then
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

/** One result of the lead (one e-mail request), as the timeline needs it. */
export interface TimelineResult {
  createdAt: Date;
  /** Whether the visitor ticked the consent box with this request. */
  consent: boolean;
  overallScore: number;
}

export interface TimelineFacts {
  /** The lead's results, oldest first: at least one (a lead is its results). */
  results: TimelineResult[];
  messages: TimelineMessage[];
  changes: TimelineChange[];
  notes: { createdAt: Date; author: string; body: string }[];
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

/**
 * What each result says: the first that the person asked for their results; a later one that they
 * came back, with the overall change; and, apart, each change of consent from the result before
 * (what changed, never the details that were withdrawn).
 */
function resultEntries(results: readonly TimelineResult[]): TimelineEntry[] {
  return results.flatMap((result, index): TimelineEntry[] => {
    const before = results[index - 1];
    if (before === undefined) {
      return [
        {
          at: result.createdAt,
          kind: 'request',
          actor: null,
          summary: result.consent
            ? 'Asked for the results by e-mail, and agreed to be contacted'
            : 'Asked for the results by e-mail',
        },
      ];
    }
    const change = result.overallScore - before.overallScore;
    const entries: TimelineEntry[] = [
      {
        at: result.createdAt,
        kind: 'returned',
        actor: null,
        summary: `Came back: a new result, ${result.overallScore}% overall (${
          change === 0 ? 'no change' : `${change > 0 ? '+' : '−'}${Math.abs(change)} since the last`
        })`,
      },
    ];
    if (result.consent !== before.consent) {
      entries.push({
        at: result.createdAt,
        kind: 'consent_change',
        actor: null,
        summary: result.consent
          ? 'Agreed to be contacted'
          : 'Withdrew consent to be contacted: the contact details were deleted',
      });
    }
    return entries;
  });
}

/** The timeline from its facts: every entry, oldest first; entries of one instant in the order above. */
export function composeTimeline(facts: TimelineFacts): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...resultEntries(facts.results),
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
  ];
  // A stable sort: entries of one instant keep the order they were listed in.
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * Reads a lead's timeline facts (pass the detail's snapshot transaction, so they agree with the
 * rest of the lead). `results` are the lead's results as already read, oldest first.
 */
export async function gatherTimeline(
  db: Queryable,
  leadId: string,
  results: TimelineFacts['results'],
): Promise<TimelineFacts> {
  const [messages, changes, notes] = await Promise.all([
    db.query<{
      kind: OutboxKind;
      recipient: string;
      status: OutboxStatus;
      attempts: number;
      created_at: Date;
      sent_at: Date | null;
      next_attempt_at: Date;
    }>(
      // Those queued with each request in the order it queues them: the visitor's first.
      `SELECT m.kind, m.recipient, m.status, m.attempts, m.created_at, m.sent_at, m.next_attempt_at
         FROM outbox_messages m JOIN email_requests r ON r.id = m.request_id
        WHERE r.lead_id = $1
        ORDER BY m.created_at,
                 CASE m.kind WHEN 'visitor' THEN 0 WHEN 'team' THEN 1 WHEN 'webhook' THEN 2 ELSE 3 END,
                 m.recipient, m.id`,
      [leadId],
    ),
    db.query<{ at: Date; actor: string; action: TimelineChange['action']; detail: string | null }>(
      `SELECT at, actor, action, detail FROM team_activity
        WHERE lead_id = $1 AND action IN ('status_change', 'owner_change', 'follow_up_date', 'retry')
        ORDER BY at, id`,
      [leadId],
    ),
    db.query<{ created_at: Date; author: string; body: string }>(
      'SELECT created_at, author, body FROM lead_notes WHERE lead_id = $1 ORDER BY created_at, id',
      [leadId],
    ),
  ]);
  return {
    results,
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
  };
}
