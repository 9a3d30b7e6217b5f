import type { ServiceProfile } from '../../core';
import type { Queryable } from '../db/database';
import { profileFrom } from './email-requests';

/**
 * A lead at a glance: what helps a team member decide whether to open it, and nothing that names
 * the person (no address, name, phone or note), because a glance goes to a mailbox (the lead alert
 * and the daily digest), where it outlives the lead's erasure and retention.
 */
export interface LeadGlance {
  id: string;
  createdAt: Date;
  overallScore: number;
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
  service_type: string | null;
  size_band: string | null;
  source_label: string;
  consented: boolean;
}

const GLANCE_COLUMNS = `id, created_at, overall_score, service_type, size_band, source_label,
       consent_at IS NOT NULL AS consented`;

function glanceFrom(row: GlanceRow): LeadGlance {
  return {
    id: row.id,
    createdAt: new Date(row.created_at),
    overallScore: row.overall_score,
    profile: profileFrom(row.service_type, row.size_band),
    source: row.source_label,
    consent: row.consented,
  };
}

/** One lead at a glance, or undefined once it has been erased (or expired). */
export async function findLeadGlance(db: Queryable, id: string): Promise<LeadGlance | undefined> {
  const { rows } = await db.query<GlanceRow>(`SELECT ${GLANCE_COLUMNS} FROM email_requests WHERE id = $1`, [
    id,
  ]);
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
      `SELECT ${GLANCE_COLUMNS} FROM email_requests
        WHERE created_at >= $1 AND created_at < $2
        ORDER BY created_at, id
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
