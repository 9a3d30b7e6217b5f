import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from './app-metrics';

/** The label of a request no route matched (an unknown API path; the site's `/*` takes the rest). */
export const NOT_FOUND_ROUTE = 'not_found';

/**
 * Times every answered request by its route's pattern (`/api/results/:token`, the site's `/*`),
 * never by the path the client sent: a path carries tokens and addresses, and every distinct path
 * would be a series of its own. The time is Fastify's own, from receiving the request to the answer.
 */
export function recordRequests(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.recordRequest(
      request.method,
      request.routeOptions.url ?? NOT_FOUND_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
}
