import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/database';
import { HttpError } from '../http/http-errors';
import { listActivity } from './team-activity';

export const ACTIVITY_PAGE_SIZE = 50;

const pageSchema = z.object({ page: z.coerce.number().int().min(1).max(1_000_000).default(1) });

/** `GET /api/team/activity?page=N`: the activity log, newest first, a page at a time. */
export async function teamActivityRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  app.get('/api/team/activity', async (request) => {
    const query = pageSchema.safeParse(request.query);
    if (!query.success) {
      throw new HttpError(400, 'invalid_request', 'page must be a whole number from 1.', {
        page: 'must be a whole number from 1',
      });
    }
    const { page } = query.data;
    const { entries, total } = await listActivity(db, { page, pageSize: ACTIVITY_PAGE_SIZE });
    return {
      entries: entries.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
      total,
      page,
      pageSize: ACTIVITY_PAGE_SIZE,
    };
  });
}
