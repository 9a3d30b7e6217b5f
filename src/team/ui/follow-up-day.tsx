import { formatDay } from '../../core';

/**
 * A lead's next follow-up day is a calendar day as the team reads it in the UK (YYYY-MM-DD). "Due"
 * means today or earlier in UK time, whatever the zone of the computer the page runs on, the same
 * rule the server's "due" filter applies.
 */

// Made on first use: a module-level formatter would be a side effect at load.
let ukDays: Intl.DateTimeFormat | undefined;

/** Today's date in the UK (Europe/London, across the clock change), as YYYY-MM-DD. */
export function ukToday(now: Date = new Date()): string {
  ukDays ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = ukDays.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
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
