import type { Overview, SpeedToLead } from '../../shared/team-api';
import { Link } from '../../browser/router';
import { searchFor } from '../lead-query';
import { FigureTable } from './figure-table';
import { count, formatDuration, percentOf, plural } from './format';
import './speed-to-lead-card.css';

/** The list of the leads waiting now, whatever period they came in. */
const WAITING_LIST = searchFor({ page: 1, waiting: true });

/** "3 h 12 min"; or why there is no median: no lead with consent, or none contacted yet. */
function medianText(speed: SpeedToLead): string {
  if (speed.medianMs !== null) return formatDuration(speed.medianMs);
  return speed.leads === 0 ? 'No leads with consent' : 'None contacted yet';
}

/**
 * "4 of 5 (80%)"; or why there is no share: no lead with consent, or none whose working day is over
 * (a lead still inside its working day counts neither way, so 0 of 0 is never a share).
 */
function shareText(speed: SpeedToLead): string {
  if (speed.settled > 0) {
    return `${count(speed.withinOneWorkingDay)} of ${count(speed.settled)} (${percentOf(speed.withinOneWorkingDay, speed.settled)})`;
  }
  return speed.leads === 0 ? 'No leads with consent' : 'None due yet';
}

const TABLE_ROWS: readonly { key: string; label: string; value: (speed: SpeedToLead) => string }[] = [
  { key: 'leads', label: 'Leads with consent', value: (s) => count(s.leads) },
  { key: 'contacted', label: 'Contacted', value: (s) => count(s.contacted) },
  {
    key: 'median',
    label: 'Median time to first contact',
    value: (s) => (s.medianMs === null ? '–' : formatDuration(s.medianMs)),
  },
  {
    key: 'settled',
    label: 'Contacted, or past their working day',
    value: (s) => count(s.settled),
  },
  {
    key: 'within',
    label: 'Contacted within one working day',
    value: (s) => count(s.withinOneWorkingDay),
  },
  {
    key: 'share',
    label: 'Share within one working day',
    value: (s) => percentOf(s.withinOneWorkingDay, s.settled),
  },
  { key: 'waiting', label: 'Waiting now', value: (s) => count(s.waiting) },
];

/**
 * How fast the team first contacted its leads (issue 35): the leads with consent whose first request
 * came in the last 30 days against those of the 30 before, each as things stand now. The three
 * figures that matter, then every figure in a table.
 */
export function SpeedToLeadCard({ overview }: { overview: Overview }) {
  const { current, previous } = overview.speedToLead;
  return (
    <section className="card overview-comparison" aria-labelledby="speed-title">
      <h2 id="speed-title">Speed to lead</h2>
      <p className="muted">
        How soon the team first marked each lead with consent contacted (or qualified), from its first request
        with consent: the leads of the last 30 days against those of the 30 before, as things stand now. One
        working day runs to the same time on the next working day, without weekends or England and Wales bank
        holidays. A lead waits while it is still new, not contacted, and its working day is over; the count
        links to every lead waiting.
      </p>
      <dl className="speed-figures">
        <div>
          <dt>Median time to first contact</dt>
          <dd className="speed-figures__value">{medianText(current)}</dd>
          <dd className="speed-figures__before">30 days before: {medianText(previous)}</dd>
        </div>
        <div>
          <dt>Contacted within one working day</dt>
          <dd className="speed-figures__value">{shareText(current)}</dd>
          <dd className="speed-figures__before">30 days before: {shareText(previous)}</dd>
        </div>
        <div>
          <dt>Waiting now</dt>
          <dd className="speed-figures__value">
            <Link to={WAITING_LIST}>{plural(current.waiting, 'lead')}</Link>
          </dd>
          <dd className="speed-figures__before">From the 30 days before: {count(previous.waiting)}</dd>
        </div>
      </dl>
      <FigureTable
        captionId="speed-caption"
        caption="Speed to lead, last 30 days and the 30 before"
        columns={['Figure', 'Last 30 days', '30 days before']}
      >
        <tbody>
          {TABLE_ROWS.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td className="num">{row.value(current)}</td>
              <td className="num">{row.value(previous)}</td>
            </tr>
          ))}
        </tbody>
      </FigureTable>
    </section>
  );
}
