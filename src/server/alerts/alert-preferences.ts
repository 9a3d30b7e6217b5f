import { normalizeEmail } from '../../shared/email-address';
import { DEFAULT_ALERT_CHOICE, type AlertChoice } from '../../shared/team-api';
import { recordActivity } from '../activity/team-activity';
import type { Database, Queryable } from '../db/database';

/**
 * How each team member hears of new leads (team_alert_preferences), by their address as sign-in
 * knows it (normalised). No row is the default, an e-mail for each lead: a member added to
 * TEAM_EMAILS hears of leads before they ever open the workspace. membersToAlert reads it for the
 * e-mail route, which hands the names to store_email_request(), and the digest job for digests.
 */

/** A member's choice, or the default when they have not chosen. */
export async function alertChoiceOf(db: Queryable, member: string): Promise<AlertChoice> {
  const { rows } = await db.query<{ alert: AlertChoice }>(
    'SELECT alert FROM team_alert_preferences WHERE email = $1',
    [normalizeEmail(member)],
  );
  return rows[0]?.alert ?? DEFAULT_ALERT_CHOICE;
}

/**
 * Records a member's choice and, when it changes what they get, an entry in the activity log
 * (action alert_preference, the choice as its detail), in one transaction. Choosing what one
 * already gets is kept as a choice but not logged: nothing changed. Resolves with the choice.
 */
export async function chooseAlert(db: Database, member: string, alert: AlertChoice): Promise<AlertChoice> {
  const email = normalizeEmail(member);
  return db.transaction(async (tx) => {
    const before = await alertChoiceOf(tx, email);
    await tx.query(
      `INSERT INTO team_alert_preferences (email, alert) VALUES ($1, $2)
       ON CONFLICT (email) DO UPDATE SET alert = EXCLUDED.alert, updated_at = now()`,
      [email, alert],
    );
    if (before !== alert) {
      await recordActivity(tx, { actor: email, action: 'alert_preference', detail: alert });
    }
    return alert;
  });
}

/** Those of `members` (TEAM_EMAILS) whose choice is `alert`, defaults included. */
export async function membersChoosing(
  db: Queryable,
  members: readonly string[],
  alert: AlertChoice,
): Promise<string[]> {
  const { rows } = await db.query<{ email: string }>(
    `SELECT DISTINCT member AS email
       FROM jsonb_array_elements_text($1::jsonb) AS member
       LEFT JOIN team_alert_preferences p ON p.email = member
      WHERE coalesce(p.alert, $2) = $3
      ORDER BY member`,
    [JSON.stringify(members.map(normalizeEmail)), DEFAULT_ALERT_CHOICE, alert],
  );
  return rows.map((row) => row.email);
}

/**
 * Those of `members` (TEAM_EMAILS) to alert of one request as it comes: the members whose choice is
 * an alert for each lead (the default). The e-mail route calls this before it stores the request.
 */
export async function membersToAlert(
  db: Queryable,
  members: readonly string[],
  _request: { consent: boolean },
): Promise<string[]> {
  return membersChoosing(db, members, 'each_lead');
}
