import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fieldErrors } from '../../shared/api-errors';
import { ALERT_CHOICES, type AlertPreference } from '../../shared/team-api';
import type { Database } from '../db/database';
import { HttpError } from '../http/http-errors';
import { alertPreferenceOf, chooseAlerts } from './alert-preferences';

export interface TeamAlertsOptions {
  db: Database;
  /** The signed-in team member's address (the team API's hooks have already refused anyone else). */
  memberOf: (request: FastifyRequest) => string;
}

export const ALERT_CHOICE_MESSAGE = `Choose one of ${ALERT_CHOICES.join(', ')}.`;
export const WITHOUT_CONSENT_MESSAGE = 'Say true or false.';
export const NOTHING_CHOSEN_MESSAGE = 'Give alert, requestsWithoutConsent, or both.';

// Strict: a field we do not know is a mistake worth hearing about, not ignored. Either choice may
// be left out (the workspace's older body had only `alert`), and stays as it is; but not both.
const alertBody = z
  .strictObject({
    alert: z.enum(ALERT_CHOICES, { error: ALERT_CHOICE_MESSAGE }).optional(),
    requestsWithoutConsent: z.boolean({ error: WITHOUT_CONSENT_MESSAGE }).optional(),
  })
  .refine((body) => body.alert !== undefined || body.requestsWithoutConsent !== undefined, {
    message: NOTHING_CHOSEN_MESSAGE,
    path: ['alert'],
  });

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The signed-in member's own alert choices: `GET /api/team/me/alerts` answers them (the defaults,
 * an e-mail for each lead and no word of requests without consent, until they choose), `PUT`
 * changes either or both. Inside the team API scope, whose
 * hooks have checked the session and, for the PUT, the Origin.
 */
export async function teamAlertsRoutes(app: FastifyInstance, options: TeamAlertsOptions): Promise<void> {
  const { db, memberOf } = options;

  app.get('/api/team/me/alerts', async (request): Promise<AlertPreference> => {
    return alertPreferenceOf(db, memberOf(request));
  });

  app.put('/api/team/me/alerts', async (request): Promise<AlertPreference> => {
    // A body that is not an object (none, a bare string) lacks the one field asked for.
    const parsed = alertBody.safeParse(isPlainObject(request.body) ? request.body : {});
    if (!parsed.success) {
      throw new HttpError(
        400,
        'invalid_request',
        'Please check the alert choices.',
        fieldErrors(parsed.error),
      );
    }
    const { alert, requestsWithoutConsent } = parsed.data;
    return chooseAlerts(db, memberOf(request), {
      ...(alert !== undefined ? { alert } : {}),
      ...(requestsWithoutConsent !== undefined ? { requestsWithoutConsent } : {}),
    });
  });
}
