import type { Overview, SpeedToLead } from '../../shared/team-api';
import { Link } from '../../browser/router';
import { searchFor } from '../lead-query';
import { FigureTable } from './figure-table';
import { count, formatDuration, percentOf, plural } from './format';
import './speed-to-lead-card.css';

/** The list of the leads waiting now, whatever period they came in. */
const WAITING_LIST = searchFor({ page: 1, waiting: true });

/** A figure as the card shows it: a number, or words saying why there is none. */
interface Figure {
  text: string;
  words: boolean;
}

const NO_LEADS: Figure = { text: 'No leads with consent', words: true };

/** "3 h 12 min"; or why there is no median: no lead with consent, or none contacted yet. */
function medianOf(speed: SpeedToLead): Figure {
  if (speed.medianMs !== null) return { text: formatDuration(speed.medianMs), words: false };
  return speed.leads === 0 ? NO_LEADS : { text: 'None contacted yet', words: true };
}

/**
 * "4 of 5 (80%)"; or why there is no share: no lead with consent, or none whose working day is over
 * (a lead still inside its working day counts neither way, so 0 of 0 is never a share).
 */
function shareOf(speed: SpeedToLead): Figure {
  if (speed.settled > 0) {
    const share = percentOf(speed.withinOneWorkingDay, speed.settled);
    return {
      text: `${count(speed.withinOneWorkingDay)} of ${count(speed.settled)} (${share})`,
      words: false,
    };
  }
  return speed.leads === 0 ? NO_LEADS : { text: 'None due yet', words: true };
}

/** One of the card's figures: its name, this period's figure, and the 30 days before's in a line. */
function FigureGroup({ name, now, before }: { name: string; now: Figure; before: Figure }) {
  return (
    <div>
      <dt>{name}</dt>
      <dd className={now.words ? 'speed-figures__value speed-figures__value--words' : 'speed-figures__value'}>
        {now.text}
      </dd>
      <dd className="speed-figures__before">
        30 days before: {before.words ? before.text.toLowerCase() : before.text}
      </dd>
    </div>
  );
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
  const { current, previous, waitingNow } = overview.speedToLead;
  return (
    <section className="card overview-comparison" aria-labelledby="speed-title">
      <h2 id="speed-title">Speed to lead</h2>
      <p className="muted">
        Each lead with consent, timed from its first request with consent to the first time a member marked it
        contacted (or qualified): the leads of the last 30 days against those of the 30 before, as things
        stand now. One working day runs to the same time on the next working day; weekends and England and
        Wales bank holidays do not count.
      </p>
      <dl className="speed-figures">
        <FigureGroup
          name="Median time to first contact"
          now={medianOf(current)}
          before={medianOf(previous)}
        />
        <FigureGroup
          name="Contacted within one working day"
          now={shareOf(current)}
          before={shareOf(previous)}
        />
        <div>
          <dt>Waiting now</dt>
          <dd className="speed-figures__value">
            <Link to={WAITING_LIST}>{plural(waitingNow, 'lead')}</Link>
          </dd>
          <dd className="speed-figures__before">
            Of the last 30 days: {count(current.waiting)}; of the 30 before: {count(previous.waiting)}
          </dd>
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
              <td className="num nowrap">{row.value(current)}</td>
              <td className="num nowrap">{row.value(previous)}</td>
            </tr>
          ))}
        </tbody>
      </FigureTable>
    </section>
  );
}
