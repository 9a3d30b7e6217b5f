import type { FastifyInstance } from 'fastify';
import type { Overview } from '../../shared/team-api';
import type { Database } from '../db/database';
import { readOverview, type ReadLeadFigures } from './overview';

export interface TeamOverviewOptions {
  db: Database;
  /** The leads' figures (leads/lead-figures.ts's readLeadFigures), handed in by the team API. */
  readLeadFigures: ReadLeadFigures;
  /** The clock "today" is taken from (a test moves it). */
  now?: () => Date;
}

/**
 * `GET /api/team/overview`: the last 30 days (UTC) against the 30 before: the usage counters per
 * day, the funnel, and the leads by status, service type, size and source with their average area
 * scores. Registered inside the team API, whose hooks require a session and mark every answer
 * no-store.
 */
export async function teamOverviewRoutes(app: FastifyInstance, options: TeamOverviewOptions): Promise<void> {
  const now = options.now ?? (() => new Date());
  app.get('/api/team/overview', async (): Promise<Overview> =>
    readOverview(options.db, options.readLeadFigures, now()),
  );
}
