import type { AreaId, ServiceProfile } from '../../core';
import type { Queryable } from '../db/database';
import { profileFrom } from './email-requests';
import { LEAD_COLUMNS } from './lead-columns';

/**
 * A lead at a glance: what helps a team member decide whether to open it, and nothing that names
 * the person (no address, name, phone or note), because a glance goes to a mailbox (the lead alert
 * and the daily digest), where it outlives the lead's erasure and retention.
 */
export interface LeadGlance {
  /** The lead's id (the person's, which its page is found by), not the request's. */
  id: string;
  /** When this result came. */
  createdAt: Date;
  overallScore: number;
  /** This result's area scores. */
  scores: Record<AreaId, number>;
  /**
   * For a person who came back: their result before this one (its day and scores), so an alert can
   * say what changed; null for a lead's first result.
   */
  previous: { createdAt: Date; overallScore: number; scores: Record<AreaId, number> } | null;
  /** {} when the visitor skipped the profile question. */
  profile: ServiceProfile;
  /** utm_source, else the referring host, else "direct" (source_label). */
  source: string;
  /** Whether the visitor ticked the consent box (the team may contact them). */
  consent: boolean;
}

interface GlanceRow {
  id: string;
  created_at: Date;
  overall_score: number;
  scores: unknown;
  previous: { created_at: string; overall_score: number; scores: unknown } | null;
  service_type: string | null;
  size_band: string | null;
  source_label: string;
  consented: boolean;
}

// A request `r` at a glance, with the lead's result before it (as JSON, so one row either way); the
// scores as LEAD_COLUMNS declares them.
const GLANCE_COLUMNS = `r.lead_id AS id, r.created_at, r.overall_score, ${LEAD_COLUMNS.scores.sql('r', 'l')} AS scores,
       r.service_type, r.size_band, r.source_label, r.consent_at IS NOT NULL AS consented,
       (SELECT json_build_object('created_at', b.created_at, 'overall_score', b.overall_score,
                                 'scores', ${LEAD_COLUMNS.scores.sql('b', 'l')})
          FROM email_requests b
         WHERE b.lead_id = r.lead_id AND (b.created_at, b.id) < (r.created_at, r.id)
         ORDER BY b.created_at DESC, b.id DESC LIMIT 1) AS previous`;

function glanceFrom(row: GlanceRow): LeadGlance {
  return {
    id: row.id,
    createdAt: new Date(row.created_at),
    overallScore: row.overall_score,
    scores: LEAD_COLUMNS.scores.read(row.scores),
    previous:
      row.previous === null
        ? null
        : {
            createdAt: new Date(row.previous.created_at),
            overallScore: row.previous.overall_score,
            scores: LEAD_COLUMNS.scores.read(row.previous.scores),
          },
    profile: profileFrom(row.service_type, row.size_band),
    source: row.source_label,
    consent: row.consented,
  };
}

/** One request's lead at a glance, or undefined once it has been erased (or expired). */
export async function findLeadGlance(db: Queryable, requestId: string): Promise<LeadGlance | undefined> {
  const { rows } = await db.query<GlanceRow>(
    `SELECT ${GLANCE_COLUMNS} FROM email_requests r WHERE r.id = $1`,
    [requestId],
  );
  const row = rows[0];
  return row ? glanceFrom(row) : undefined;
}

/** How many requests of a period are still held, split by whether the visitor consented to contact. */
export interface RequestCounts {
  /** Leads: the visitor agreed to be contacted. */
  withConsent: number;
  /** Results requests not to follow up. */
  withoutConsent: number;
}

/**
 * The requests made in [from, to), oldest first, at most `limit` of them, and how many there are in
 * all and by consent (a digest counts leads apart from results requests without consent). Only
 * requests still held: an erased or expired one is simply not there.
 */
export async function leadGlancesBetween(
  db: Queryable,
  from: Date,
  to: Date,
  limit: number,
): Promise<{ leads: LeadGlance[]; total: number; counts: RequestCounts }> {
  const [{ rows }, counts] = await Promise.all([
    db.query<GlanceRow>(
      `SELECT ${GLANCE_COLUMNS} FROM email_requests r
        WHERE r.created_at >= $1 AND r.created_at < $2
        ORDER BY r.created_at, r.id
        LIMIT $3`,
      [from, to, limit],
    ),
    countRequestsBetween(db, from, to),
  ]);
  return { leads: rows.map(glanceFrom), total: counts.withConsent + counts.withoutConsent, counts };
}

/** The requests made in [from, to) and still held, counted by consent. */
export async function countRequestsBetween(db: Queryable, from: Date, to: Date): Promise<RequestCounts> {
  const { rows } = await db.query<RequestCounts>(
    `SELECT count(*) FILTER (WHERE consent_at IS NOT NULL)::int AS "withConsent",
            count(*) FILTER (WHERE consent_at IS NULL)::int AS "withoutConsent"
       FROM email_requests WHERE created_at >= $1 AND created_at < $2`,
    [from, to],
  );
  return rows[0] ?? { withConsent: 0, withoutConsent: 0 };
}
