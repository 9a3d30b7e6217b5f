import type { TimelineEntry } from '../../../shared/team-api';
import { formatDateTime } from '../../ui/format';

/** Who an entry is from when no team member did it: the visitor asked, the server delivered. */
function actorOf(entry: TimelineEntry): string {
  if (entry.actor) return entry.actor;
  return entry.kind === 'request' || entry.kind === 'returned' || entry.kind === 'consent_change'
    ? 'The visitor'
    : 'The server';
}

/**
 * The lead's life in one list, oldest first as the API gives it: its first request, each time the
 * person came back with a new result and any change of consent, each delivery, the team's changes
 * and notes.
 */
export function Timeline({ entries }: { entries: readonly TimelineEntry[] }) {
  return (
    <section className="card" aria-labelledby="timeline-title">
      <h2 id="timeline-title">Timeline</h2>
      {entries.length === 0 ? (
        <p className="muted">Nothing has happened yet.</p>
      ) : (
        <ol className="timeline">
          {entries.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className={`timeline__entry timeline__entry--${entry.kind}`}>
              <p className="timeline__meta">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                <span aria-hidden="true"> · </span>
                <span className="visually-hidden">, </span>
                <span className="timeline__actor">{actorOf(entry)}</span>
              </p>
              <p className="timeline__summary">{entry.summary}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
