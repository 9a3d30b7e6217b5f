import { AREA_IDS, type AreaId, type ServiceProfile } from '../../core';
import type { Queryable } from '../db/database';
import { profileFrom } from './email-requests';

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

type ScoreColumns = { [K in `${AreaId}_score`]: number };

interface GlanceRow extends ScoreColumns {
  id: string;
  created_at: Date;
  overall_score: number;
  previous: (ScoreColumns & { created_at: string; overall_score: number }) | null;
  service_type: string | null;
  size_band: string | null;
  source_label: string;
  consented: boolean;
}

const SCORE_COLUMNS = AREA_IDS.map((id) => `${id}_score`).join(', ');

// A request `r` at a glance, with the lead's result before it (as JSON, so one row either way).
const GLANCE_COLUMNS = `r.lead_id AS id, r.created_at, r.overall_score, ${AREA_IDS.map((id) => `r.${id}_score`).join(', ')},
       r.service_type, r.size_band, r.source_label, r.consent_at IS NOT NULL AS consented,
       (SELECT to_jsonb(p) FROM (SELECT created_at, overall_score, ${SCORE_COLUMNS}
                                   FROM email_requests b
                                  WHERE b.lead_id = r.lead_id AND (b.created_at, b.id) < (r.created_at, r.id)
                                  ORDER BY b.created_at DESC, b.id DESC LIMIT 1) AS p) AS previous`;

function scoresFrom(row: ScoreColumns): Record<AreaId, number> {
  return Object.fromEntries(AREA_IDS.map((id) => [id, row[`${id}_score`]])) as Record<AreaId, number>;
}

function glanceFrom(row: GlanceRow): LeadGlance {
  return {
    id: row.id,
    createdAt: new Date(row.created_at),
    overallScore: row.overall_score,
    scores: scoresFrom(row),
    previous:
      row.previous === null
        ? null
        : {
            createdAt: new Date(row.previous.created_at),
            overallScore: row.previous.overall_score,
            scores: scoresFrom(row.previous),
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

/**
 * The leads made in [from, to), oldest first, at most `limit` of them, and how many there are in
 * all. Only leads still held: an erased or expired one is simply not there.
 */
export async function leadGlancesBetween(
  db: Queryable,
  from: Date,
  to: Date,
  limit: number,
): Promise<{ leads: LeadGlance[]; total: number }> {
  const [{ rows }, total] = await Promise.all([
    db.query<GlanceRow>(
      `SELECT ${GLANCE_COLUMNS} FROM email_requests r
        WHERE r.created_at >= $1 AND r.created_at < $2
        ORDER BY r.created_at, r.id
        LIMIT $3`,
      [from, to, limit],
    ),
    countLeadsBetween(db, from, to),
  ]);
  return { leads: rows.map(glanceFrom), total };
}

/** How many leads were made in [from, to) and are still held. */
export async function countLeadsBetween(db: Queryable, from: Date, to: Date): Promise<number> {
  const { rows } = await db.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM email_requests WHERE created_at >= $1 AND created_at < $2',
    [from, to],
  );
  return rows[0]?.total ?? 0;
}
