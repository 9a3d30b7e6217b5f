import type { FastifyInstance } from 'fastify';
import type { TeamSavedAudits } from '../../shared/team-api';
import type { Database } from '../db/database';
import { readTeamSavedAudits } from './team-saved-audits';

/**
 * `GET /api/team/saved-audits`: how many audits are saved to finish later, and the addresses of
 * those whose visitor consented (team-saved-audits.ts). Registered inside the team API scope, whose
 * hooks refuse a request without a live session and mark the answer no-store.
 */
export async function teamSavedAuditsRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  app.get('/api/team/saved-audits', async (): Promise<TeamSavedAudits> => readTeamSavedAudits(db));
}
