import type { FastifyInstance } from 'fastify';
import type { Overview } from '../../shared/team-api';
import type { Database } from '../db/database';
import { readOverview } from './overview';

export interface TeamOverviewOptions {
  db: Database;
  /** The clock "today" is taken from (a test moves it). */
  now?: () => Date;
}

/**
 * `GET /api/team/overview`: the last 30 days (UTC) of usage counters, how far audits got, and the
 * average area scores of the e-mail requests. Registered inside the team API, whose hooks require
 * a session and mark every answer no-store.
 */
export async function teamOverviewRoutes(app: FastifyInstance, options: TeamOverviewOptions): Promise<void> {
  const now = options.now ?? (() => new Date());
  app.get('/api/team/overview', async (): Promise<Overview> => readOverview(options.db, now()));
}
