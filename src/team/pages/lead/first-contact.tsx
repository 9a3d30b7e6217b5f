import type { ReactNode } from 'react';
import type { FirstContact as FirstContactFacts, FollowUpStatus, LeadDetail } from '../../../shared/team-api';
import { WaitingBadge } from '../../ui/badges';
import { formatDateTime, formatDuration, STATUS_LABELS } from '../../ui/format';
import './first-contact.css';

const WITHIN = 'within one working day';
const LATER = 'later than one working day';

/** A moment as the lead's page writes it elsewhere ("20 Nov 2026, 10:15"), machine-readable too. */
function Moment({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}

/**
 * How fast the team first answered the lead (issue 35), as the server worked it out in UK working
 * days: how long it took and whether that was in time, or that it is waiting, or when it is due. A
 * lead without consent is not to be contacted, so there is nothing to time: one quiet line says so.
 */
export function FirstContact({ lead }: { lead: LeadDetail }) {
  const facts = lead.firstContact;
  return (
    <section className="first-contact" aria-labelledby="first-contact-title">
      <h3 id="first-contact-title">First contact</h3>
      {facts ? (
        <Facts facts={facts} status={lead.followUpStatus} />
      ) : (
        <p className="muted">Not timed: the visitor did not consent to be contacted.</p>
      )}
    </section>
  );
}

function Facts({ facts, status }: { facts: FirstContactFacts; status: FollowUpStatus }): ReactNode {
  const { since, dueBy, contactedAt, timeToContactMs, withinOneWorkingDay, waiting } = facts;
  if (contactedAt !== null) {
    // A member may have marked the person contacted before a later request brought consent: the
    // clock starts at consent, so the server counts that as no time at all.
    const before = Date.parse(contactedAt) < Date.parse(since);
    return (
      <div className={withinOneWorkingDay ? 'first-contact__in-time' : 'first-contact__late'}>
        <p>
          <strong>
            {before
              ? 'Contacted before they consented'
              : `${formatDuration(timeToContactMs ?? 0)} after the request`}
          </strong>
          , {withinOneWorkingDay ? WITHIN : LATER}
          {withinOneWorkingDay ? null : (
            <>
              {' '}
              (due by <Moment iso={dueBy} />)
            </>
          )}
          .
        </p>
        <p className="muted">
          Contacted <Moment iso={contactedAt} />; the request with consent came <Moment iso={since} />.
        </p>
        {status === 'new' ? (
          <p className="muted">Set back to new since: the first contact still counts.</p>
        ) : null}
      </div>
    );
  }
  if (waiting) {
    return (
      <div className="first-contact__late">
        <p>
          <WaitingBadge since={since} withTime />
        </p>
        <p>
          Not contacted within one working day: it was due by <Moment iso={dueBy} />.
        </p>
      </div>
    );
  }
  if (status !== 'new') {
    // Qualified counts as contact, so this is a lead closed without ever being marked contacted.
    return (
      <p>
        Set to {STATUS_LABELS[status]} without being marked contacted (one working day from the request: by{' '}
        <Moment iso={dueBy} />
        ).
      </p>
    );
  }
  return (
    <p>
      Not contacted yet: within one working day means by <Moment iso={dueBy} />.
    </p>
  );
}
