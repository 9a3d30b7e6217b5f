import { useState, type FormEvent } from 'react';
import { ALERT_CHOICES, type AlertChoice } from '../../shared/team-api';
import { teamApi } from '../api';
import { ALERT_LABELS } from '../ui/format';
import { LoadError, messageOf, useNotice } from '../ui/notice';
import { usePage } from '../ui/page-title';
import { useLoad } from '../ui/use-load';
import './alerts.css';

/** What each choice means in practice, under its label. */
const ALERT_HINTS: Record<AlertChoice, string> = {
  each_lead: 'Sent as each lead arrives, with a link to it in the workspace.',
  daily_digest:
    'One e-mail each morning with the leads waiting for a first contact and those of the 24 hours before, each linked; none when there are neither.',
  none: 'Nothing by e-mail: you see new leads here when you sign in.',
};

/** The confirmation once a choice is saved. */
const ALERT_SAVED: Record<AlertChoice, string> = {
  each_lead: 'Saved: you will get an e-mail for each new lead.',
  daily_digest: 'Saved: you will get a daily digest at 08:00 (UK time).',
  none: 'Saved: you will get no e-mails about new leads.',
};

/** Added to the confirmation when the member also hears of requests without consent. */
const WITHOUT_CONSENT_SAVED = ' Results requests without consent are included, marked as not to follow up.';

/** The signed-in member's own choices of how to hear of new leads. */
export function AlertsPage() {
  const heading = usePage('Your alerts');
  const notify = useNotice();
  const saved = useLoad(teamApi.alerts);
  // The choices as the person edits them, from the saved ones until they change one.
  const [picked, setPicked] = useState<AlertChoice | null>(null);
  const [withoutConsent, setWithoutConsent] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);
  const value = picked ?? saved.data?.alert;
  const requestsWithoutConsent = withoutConsent ?? saved.data?.requestsWithoutConsent ?? false;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!value) return;
    setSaving(true);
    try {
      const now = await teamApi.setAlerts({ alert: value, requestsWithoutConsent });
      notify({
        tone: 'success',
        text:
          ALERT_SAVED[now.alert] +
          (now.requestsWithoutConsent && now.alert !== 'none' ? WITHOUT_CONSENT_SAVED : ''),
      });
      setPicked(null);
      setWithoutConsent(null);
      saved.reload();
    } catch (error) {
      notify({ tone: 'error', text: messageOf(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <div className="page-head">
        <h1 ref={heading} tabIndex={-1}>
          Your alerts
        </h1>
      </div>
      <p className="muted">
        How you hear of new leads, by e-mail to the address you sign in with. Each team member chooses their
        own; the address in LEADS_TO, if the server has one, is told of every request as before.
      </p>
      {saved.error ? <LoadError message={saved.error.message} onRetry={saved.reload} /> : null}
      {!saved.data && !saved.error ? <p className="loading">Loading…</p> : null}
      {value ? (
        <form className="card alerts-form" onSubmit={save}>
          <fieldset className="choices">
            <legend className="choices__legend">E-mail me about new leads</legend>
            {ALERT_CHOICES.map((choice) => (
              <label key={choice} className="choice">
                <input
                  type="radio"
                  name="alert"
                  value={choice}
                  checked={value === choice}
                  aria-labelledby={`alert-label-${choice}`}
                  aria-describedby={`alert-hint-${choice}`}
                  onChange={() => setPicked(choice)}
                />
                <span>
                  <span id={`alert-label-${choice}`} className="choice__label">
                    {ALERT_LABELS[choice]}
                  </span>
                  <span id={`alert-hint-${choice}`} className="choice__hint">
                    {ALERT_HINTS[choice]}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <label className="choice choice--also">
            <input
              type="checkbox"
              name="requestsWithoutConsent"
              checked={requestsWithoutConsent}
              aria-labelledby="alert-label-without-consent"
              aria-describedby="alert-hint-without-consent"
              onChange={(event) => setWithoutConsent(event.target.checked)}
            />
            <span>
              <span id="alert-label-without-consent" className="choice__label">
                Also tell me about results requests without consent
              </span>
              <span id="alert-hint-without-consent" className="choice__hint">
                Visitors who asked for their results but did not agree to be contacted. They are not leads:
                never follow them up. Marked as such, in the e-mails you chose above; off by default.
              </span>
            </span>
          </label>
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save my alerts'}
          </button>
        </form>
      ) : null}
    </>
  );
}
