import type { Queryable } from '../../src/server/db/database';
import { savedAuditTerm } from '../../src/server/saved-audits/saved-audit-term';
import { ukDay } from '../../src/shared/uk-day';
import { addDays, ukWallClock } from '../../src/shared/uk-time';

/**
 * Moves a saved audit's first save to `firstSavedAt`, with the term the server's rule gives it (as a
 * first save at that moment would have been stored): how a test makes a link old without waiting.
 */
export async function backdateSavedAudit(db: Queryable, id: string, firstSavedAt: Date): Promise<void> {
  const { rowCount } = await db.query('UPDATE saved_audits SET created_at = $2, ends_at = $3 WHERE id = $1', [
    id,
    firstSavedAt.toISOString(),
    savedAuditTerm(firstSavedAt).endsAt.toISOString(),
  ]);
  if (rowCount !== 1) throw new Error(`no saved audit ${id}`);
}

/**
 * The moment UK clocks read `hour`:`minute`:`second` on the UK day `days` before today: a first
 * save `days` ago at a given time of day, whatever the season.
 */
export function ukTimeDaysAgo(days: number, hour: number, minute: number, second: number): Date {
  const day = addDays(ukDay(new Date()), -days);
  return new Date(ukWallClock(day, hour, minute).getTime() + second * 1000);
}
