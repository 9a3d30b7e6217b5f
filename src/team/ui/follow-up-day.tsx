import { formatDay } from '../../core';
import { ukDay } from '../../shared/uk-day';

/**
 * A lead's next follow-up day is a calendar day as the team reads it in the UK (YYYY-MM-DD). "Due"
 * means today or earlier in UK time, whatever the zone of the computer the page runs on, the same
 * rule the server's "due" filter applies.
 */

/** Today's date in the UK (Europe/London, across the clock change), as YYYY-MM-DD: ukDay, as the server's "due" filter uses it. */
export function ukToday(now: Date = new Date()): string {
  return ukDay(now);
}

export type Due = 'overdue' | 'today' | 'later';

/** Where a follow-up day stands against today (both YYYY-MM-DD, which compare as text). */
export function dueOf(day: string, today: string): Due {
  if (day < today) return 'overdue';
  return day === today ? 'today' : 'later';
}

const DUE_WORDS: Record<Due, string | null> = { overdue: 'Overdue', today: 'Due today', later: null };

/** "Thu, 26 Nov 2026", marked "Overdue" or "Due today" in words (the colour only repeats them). */
export function FollowUpDay({ day, today }: { day: string; today: string }) {
  const due = dueOf(day, today);
  const words = DUE_WORDS[due];
  // "Mon," and "5 Jan 2026" each stay on one line; a narrow column wraps between them.
  const [weekday, date] = (formatDay(day, 'weekday-date') ?? day).split(/(?<=,) /);
  return (
    <>
      <time dateTime={day}>
        <span className="nowrap">{weekday}</span>
        {date ? (
          <>
            {' '}
            <span className="nowrap">{date}</span>
          </>
        ) : null}
      </time>
      {words ? (
        <>
          {' '}
          <span className={`badge badge--due-${due}`}>{words}</span>
        </>
      ) : null}
    </>
  );
}
