import type { Queryable } from '../db/database';
import { LATEST_RESULT } from './lead-list';
import { countWaitingLeads, FIRST_CONSENT_SQL, WAITING_SQL, waitingCutoff } from './speed-to-lead';

/**
 * The leads waiting for a first contact at a moment (speed-to-lead.ts has the rule), at a glance,
 * for the daily digest to head with (issue 35, decision 0079). Like lead-glance.ts, a waiting lead
 * names nobody: it goes to a mailbox that keeps it after the lead is erased. Its owner is a team
 * member's address, not the lead's, so it is said.
 */
export interface WaitingLead {
  /** The lead's id: its page in the workspace. */
  id: string;
  /** When its wait began: its first request with consent. */
  waitingSince: Date;
  /** Its latest result's overall score, as the list shows it. */
  overallScore: number;
  /** The member who owns it (a normalised address), or null for nobody. */
  owner: string | null;
}

/** The leads waiting at `now`, the longest wait first, at most `limit` of them, and how many wait in all. */
export async function waitingLeadsAt(
  db: Queryable,
  now: Date,
  limit: number,
): Promise<{ leads: WaitingLead[]; total: number }> {
  const [{ rows }, total] = await Promise.all([
    db.query<{ id: string; since: Date; overall_score: number; owner: string | null }>(
      `SELECT l.id, ${FIRST_CONSENT_SQL('l')} AS since, r.overall_score, l.owner_email AS owner
         FROM leads l ${LATEST_RESULT}
        WHERE ${WAITING_SQL('l', '$1')}
        ORDER BY since, l.id
        LIMIT $2`,
      [waitingCutoff(now), limit],
    ),
    countWaitingLeads(db, now),
  ]);
  const leads = rows.map((row) => ({
    id: row.id,
    waitingSince: new Date(row.since),
    overallScore: row.overall_score,
    owner: row.owner,
  }));
  return { leads, total };
}
