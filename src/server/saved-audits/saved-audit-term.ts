import { SAVED_AUDIT_DAYS } from '../../shared/saved-audit';
import { ukDay } from '../../shared/uk-day';
import { addDays, ukWallClock } from '../../shared/uk-time';

/**
 * How long a saved audit's link opens it: the one rule, used by everything that says or checks it
 * (decision 0066). A save made on a UK calendar day D works until the end of the UK day
 * SAVED_AUDIT_DAYS later (saved on 28 November, it works all of 28 December), so "until 28 December"
 * in the e-mail and on the page is a promise kept to the last second of that day in the UK, GMT or
 * BST. Counted from the first save: a later save does not extend it.
 */
export interface SavedAuditTerm {
  /** The last UK day the link opens the audit (YYYY-MM-DD), all day long. */
  lastDay: string;
  /** The moment it stops: 00:00 UK time on the day after lastDay. Open while now < endsAt. */
  endsAt: Date;
}

export function savedAuditTerm(firstSavedAt: Date): SavedAuditTerm {
  if (Number.isNaN(firstSavedAt.getTime())) throw new RangeError('the first save has no valid time');
  const lastDay = addDays(ukDay(firstSavedAt), SAVED_AUDIT_DAYS);
  // UK clocks change at 01:00 GMT, so midnight is never skipped nor repeated: one exact moment.
  return { lastDay, endsAt: ukWallClock(addDays(lastDay, 1), 0) };
}
