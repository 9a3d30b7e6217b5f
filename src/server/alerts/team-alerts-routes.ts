import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fieldErrors } from '../../shared/api-errors';
import { ALERT_CHOICES, type AlertPreference } from '../../shared/team-api';
import type { Database } from '../db/database';
import { HttpError } from '../http/http-errors';
import { alertChoiceOf, chooseAlert } from './alert-preferences';

export interface TeamAlertsOptions {
  db: Database;
  /** The signed-in team member's address (the team API's hooks have already refused anyone else). */
  memberOf: (request: FastifyRequest) => string;
}

export const ALERT_CHOICE_MESSAGE = `Choose one of ${ALERT_CHOICES.join(', ')}.`;

// Strict: a field we do not know is a mistake worth hearing about, not ignored.
const alertBody = z.strictObject({ alert: z.enum(ALERT_CHOICES, { error: ALERT_CHOICE_MESSAGE }) });

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The signed-in member's own alert choice: `GET /api/team/me/alerts` answers it (the default, an
 * e-mail for each lead, until they choose), `PUT` changes it. Inside the team API scope, whose
 * hooks have checked the session and, for the PUT, the Origin.
 */
export async function teamAlertsRoutes(app: FastifyInstance, options: TeamAlertsOptions): Promise<void> {
  const { db, memberOf } = options;

  app.get('/api/team/me/alerts', async (request): Promise<AlertPreference> => {
    return { alert: await alertChoiceOf(db, memberOf(request)) };
  });

  app.put('/api/team/me/alerts', async (request): Promise<AlertPreference> => {
    // A body that is not an object (none, a bare string) lacks the one field asked for.
    const parsed = alertBody.safeParse(isPlainObject(request.body) ? request.body : {});
    if (!parsed.success) {
      throw new HttpError(
        400,
        'invalid_request',
        'Please check the alert choice.',
        fieldErrors(parsed.error),
      );
    }
    return { alert: await chooseAlert(db, memberOf(request), parsed.data.alert) };
  });
}
