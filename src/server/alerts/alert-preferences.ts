import { normalizeEmail } from '../../shared/email-address';
import {
  DEFAULT_ALERT_CHOICE,
  WITHOUT_CONSENT_DETAIL,
  type AlertChoice,
  type AlertPreference,
  type AlertPreferenceChange,
} from '../../shared/team-api';
import { recordActivity } from '../activity/team-activity';
import type { Database, Queryable } from '../db/database';

/**
 * How each team member hears of new leads (team_alert_preferences), by their address as sign-in
 * knows it (normalised): the alert choice, and whether they also hear of results requests without
 * consent to contact. No row is the default, an e-mail for each lead and no word of requests
 * without consent: a member added to TEAM_EMAILS hears of leads before they ever open the
 * workspace, and of nothing they may not follow up unless they ask. membersToAlert reads it for
 * the e-mail route, which hands the names to store_email_request(), and the digest job for digests.
 */

/** What a member who has never chosen gets. */
const DEFAULT_PREFERENCE: AlertPreference = { alert: DEFAULT_ALERT_CHOICE, requestsWithoutConsent: false };

/** A member's choices, or the defaults when they have not chosen. */
export async function alertPreferenceOf(db: Queryable, member: string): Promise<AlertPreference> {
  const { rows } = await db.query<{ alert: AlertChoice; requests_without_consent: boolean }>(
    'SELECT alert, requests_without_consent FROM team_alert_preferences WHERE email = $1',
    [normalizeEmail(member)],
  );
  const row = rows[0];
  return row
    ? { alert: row.alert, requestsWithoutConsent: row.requests_without_consent }
    : DEFAULT_PREFERENCE;
}

/** A member's alert choice, or the default when they have not chosen. */
export async function alertChoiceOf(db: Queryable, member: string): Promise<AlertChoice> {
  return (await alertPreferenceOf(db, member)).alert;
}

/**
 * Records a change of a member's choices (either or both; what `change` leaves out stays as it
 * is) and, for each choice it changes, an entry in the activity log (action alert_preference: the
 * alert choice's id, or WITHOUT_CONSENT_DETAIL's on or off, as its detail), in one transaction.
 * Choosing what one already gets is kept but not logged: nothing changed. Resolves with both choices.
 */
export async function chooseAlerts(
  db: Database,
  member: string,
  change: AlertPreferenceChange,
): Promise<AlertPreference> {
  const email = normalizeEmail(member);
  return db.transaction(async (tx) => {
    const before = await alertPreferenceOf(tx, email);
    const after: AlertPreference = { ...before, ...change };
    await tx.query(
      `INSERT INTO team_alert_preferences (email, alert, requests_without_consent) VALUES ($1, $2, $3)
       ON CONFLICT (email) DO UPDATE
         SET alert = EXCLUDED.alert,
             requests_without_consent = EXCLUDED.requests_without_consent,
             updated_at = now()`,
      [email, after.alert, after.requestsWithoutConsent],
    );
    if (before.alert !== after.alert) {
      await recordActivity(tx, { actor: email, action: 'alert_preference', detail: after.alert });
    }
    if (before.requestsWithoutConsent !== after.requestsWithoutConsent) {
      const detail = after.requestsWithoutConsent ? WITHOUT_CONSENT_DETAIL.on : WITHOUT_CONSENT_DETAIL.off;
      await recordActivity(tx, { actor: email, action: 'alert_preference', detail });
    }
    return after;
  });
}

/** Records a member's alert choice alone (see chooseAlerts). Resolves with the choice. */
export async function chooseAlert(db: Database, member: string, alert: AlertChoice): Promise<AlertChoice> {
  return (await chooseAlerts(db, member, { alert })).alert;
}

/**
 * Those of `members` (TEAM_EMAILS) whose choice is `alert`, defaults included; with
 * `withoutConsent`, only those of them who also chose to hear of requests without consent.
 */
export async function membersChoosing(
  db: Queryable,
  members: readonly string[],
  alert: AlertChoice,
  { withoutConsent = false }: { withoutConsent?: boolean } = {},
): Promise<string[]> {
  // No team (TEAM_EMAILS unset): nobody to choose, and no round trip on every e-mail request.
  if (members.length === 0) return [];
  const { rows } = await db.query<{ email: string }>(
    `SELECT DISTINCT member AS email
       FROM jsonb_array_elements_text($1::jsonb) AS member
       LEFT JOIN team_alert_preferences p ON p.email = member
      WHERE coalesce(p.alert, $2) = $3
        AND (NOT $4::boolean OR coalesce(p.requests_without_consent, false))
      ORDER BY member`,
    [JSON.stringify(members.map(normalizeEmail)), DEFAULT_ALERT_CHOICE, alert, withoutConsent],
  );
  return rows.map((row) => row.email);
}

/**
 * Those of `members` (TEAM_EMAILS) to alert of one request as it comes: the members whose choice is
 * an alert for each lead (the default); for a request without consent to contact, which is no lead,
 * only those of them who chose to hear of such requests too. The e-mail route calls this before it
 * stores the request.
 */
export async function membersToAlert(
  db: Queryable,
  members: readonly string[],
  request: { consent: boolean },
): Promise<string[]> {
  return membersChoosing(db, members, 'each_lead', { withoutConsent: !request.consent });
}
