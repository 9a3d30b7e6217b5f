import { AREA_IDS, sanitizeResponses } from '../../core';
import { areaContent, areaTitle } from '../../core/content';
import { readVersion } from '../content/content-store';
import { storedVersion } from '../content/answered-version';
import type { LeadDetail as LeadDetailJson, LeadResult as LeadResultJson } from '../../shared/team-api';
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
import type { LeadNote } from './lead-follow-up';
import { LEAD_COLUMNS, LEAD_JOIN, leadColumnsFrom, leadColumnsSql, type Consent } from './lead-columns';
import { teamAuditsOfLead } from '../team-audits/team-audit-store';
import { composeTimeline, gatherTimeline, type TimelineEntry } from './lead-timeline';
import { firstContactOf } from './speed-to-lead';

/**
 * Everything held about one lead, as the workspace shows it: the request with the contact details,
 * source and profile, every answer next to the statement it rates (in the words of the version the
 * result was answered with), who owns it and when it is next
 * due, every message about it, the team's notes, its timeline, how far its action plan has got,
 * and how fast the team first contacted it.
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
  | 'createdAt'
  | 'returnedAt'
  | 'results'
  | 'consent'
  | 'messages'
  | 'notes'
  | 'timeline'
  | 'actionPlan'
  | 'teamAudits'
> {
  createdAt: Date;
  returnedAt: Date | null;
  results: LeadResult[];
  consent: Consent | null;
  messages: LeadMessage[];
  notes: LeadNote[];
  timeline: TimelineEntry[];
  actionPlan: ActionPlanCounts;
  teamAudits: LeadTeamAudit[];
}

/** A team audit of the lead, as read (the API sends its times as ISO 8601, closedAt null while open). */
export interface LeadTeamAudit {
  resultId: string;
  openedAt: Date;
  closesAt: Date;
  closedAt: Date | null;
  respondents: number;
}

/** One result of the lead, as read from the database (the API sends its time as ISO 8601). */
export interface LeadResult extends Omit<LeadResultJson, 'createdAt'> {
  createdAt: Date;
}

interface DetailRow extends Record<string, unknown>, ActionPlanCountsRow {
  responses: unknown;
  content_version: number;
  first_contacted_at: Date | null;
}

/**
 * One lead in full, or undefined when there is none with that id (or it is not an id at all). The
 * lead's contact details, consent, profile, source, scores, answers and action plan are its latest
 * result's (the plan carries on to a retake, so the latest holds it); every result is listed.
 */
export async function leadDetail(
  db: Database,
  id: string,
  /** The moment its speed to lead is read at (whether it waits). */
  now: Date = new Date(),
): Promise<LeadDetail | undefined> {
  if (!isUuid(id)) return undefined;
  // One snapshot: the messages, notes and timeline are those of the lead as read, even while a
  // server sends or a team member changes it.
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const { rows } = await tx.query<DetailRow>(
      `SELECT ${leadColumnsSql('r', 'l')}, r.responses, r.content_version, l.first_contacted_at,
              ${ACTION_PLAN_COUNTS_COLUMNS}
         FROM email_requests r ${LEAD_JOIN} ${actionPlanCountsJoin('r')}
        WHERE r.lead_id = $1
        ORDER BY r.created_at DESC, r.id DESC
        LIMIT 1`,
      [id],
    );
    const row = rows[0];
    if (!row) return undefined;
    const results = await tx.query<{
      id: string;
      created_at: Date;
      consented: boolean;
      overall_score: number;
      scores: unknown;
    }>(
      `SELECT r.id, r.created_at, r.consent_at IS NOT NULL AS consented, r.overall_score,
              ${LEAD_COLUMNS.scores.sql('r', 'l')} AS scores
         FROM email_requests r WHERE r.lead_id = $1 ORDER BY r.created_at, r.id`,
      [id],
    );
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
      `SELECT m.id, m.kind, m.recipient, m.status, m.attempts, m.last_error, m.sent_at, m.created_at
         FROM outbox_messages m JOIN email_requests r ON r.id = m.request_id
        WHERE r.lead_id = $1 ORDER BY m.created_at, m.kind, m.id`,
      [id],
    );
    const notes = await tx.query<{ id: string; author: string; body: string; created_at: Date }>(
      'SELECT id, author, body, created_at FROM lead_notes WHERE lead_id = $1 ORDER BY created_at, id',
      [id],
    );
    const { sourceLabel: _label, leadId: _lead, ...fields } = leadColumnsFrom(row);
    const firstConsent = results.rows.find((r) => r.consented);
    const timeline = composeTimeline(
      await gatherTimeline(
        tx,
        id,
        results.rows.map((r) => ({
          createdAt: new Date(r.created_at),
          consent: r.consented,
          overallScore: r.overall_score,
        })),
      ),
    );
    const teamAudits = await teamAuditsOfLead(tx, id);
    // Stored after validation, but read back as any JSON: keep only well-formed answers.
    const responses = sanitizeResponses(row.responses);
    // The statements as the visitor read them: the words of the version the result names. Read in
    // this snapshot (content/'s query), not through the app's cache: PGlite has one connection,
    // which this transaction holds.
    const words = await storedVersion({ version: (n) => readVersion(tx, n) }, Number(row.content_version));
    return {
      ...fields,
      id,
      // The lead began with its first result (still held) and last came back with its latest.
      createdAt: new Date(results.rows[0]?.created_at ?? fields.createdAt),
      returnedAt: results.rows.length > 1 ? fields.createdAt : null,
      results: results.rows.map((r) => ({
        id: r.id,
        createdAt: new Date(r.created_at),
        overallScore: r.overall_score,
        scores: LEAD_COLUMNS.scores.read(r.scores),
      })),
      answers: AREA_IDS.flatMap((areaId) =>
        areaContent(words.content, areaId).statements.map((statement, question) => ({
          areaId,
          areaTitle: areaTitle(areaId),
          statement: statement.text,
          rating: responses[areaId]?.[question] ?? null,
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
      teamAudits: teamAudits.map((audit) => ({
        resultId: audit.requestId,
        openedAt: audit.openedAt,
        closesAt: audit.closesAt,
        closedAt: audit.closedAt ?? null,
        respondents: audit.respondents,
      })),
      firstContact: firstContactOf(
        {
          firstConsentAt: firstConsent === undefined ? null : new Date(firstConsent.created_at),
          consent: fields.consent !== null,
          firstContactedAt: row.first_contacted_at === null ? null : new Date(row.first_contacted_at),
          status: fields.followUpStatus,
        },
        now,
      ),
    };
  });
}
