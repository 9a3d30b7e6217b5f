import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { DatabaseUnavailableError } from '../db/database';

/** `GET /api/health`: 200 when the database answers, 503 (the API's error body) when it does not. */
export async function healthRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  app.get('/api/health', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await options.db.query('SELECT 1');
    } catch (error) {
      // Any failure here means "not healthy", whatever the driver said.
      throw error instanceof DatabaseUnavailableError
        ? error
        : new DatabaseUnavailableError({ cause: error });
    }
    return { status: 'ok' };
  });
}
