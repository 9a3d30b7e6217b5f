import type { FastifyInstance } from 'fastify';
import type { BotGuard } from './bot-guard';

/**
 * `GET /api/challenge`: a fresh proof-of-work challenge for a form to solve in the background. Each
 * answer is new and single-use, so no cache may keep or share it. Issuing one stores nothing.
 */
export async function challengeRoutes(app: FastifyInstance, options: { botGuard: BotGuard }): Promise<void> {
  app.get('/api/challenge', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return options.botGuard.issueChallenge();
  });
}
