import { dateAndTime } from './format';

/** A moment as formatDateTime writes it, that wraps only between its date and time: a narrow column's. */
export function DateTime({ iso }: { iso: string }) {
  const [date, time] = dateAndTime(iso);
  return (
    <time dateTime={iso}>
      <span className="nowrap">{date.trimEnd()}</span> <span className="nowrap">{time}</span>
    </time>
  );
}
