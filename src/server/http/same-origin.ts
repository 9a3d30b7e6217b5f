import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-errors';

/** The methods that change something, and so must come from a page of this site. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isStateChanging(method: string): boolean {
  return STATE_CHANGING.has(method);
}

/** What a refused change answers when its caller names nothing more specific. */
export const FORBIDDEN_ORIGIN_MESSAGE = 'This request must come from a page of this site.';

/**
 * Refuses (403 forbidden_origin) a request whose Origin header is not exactly PUBLIC_URL. A missing
 * Origin is refused too, and so is `null` (a sandboxed frame, a `data:` page, some redirects):
 * browsers send Origin on every cross-site state-changing request, so only a page of this site, or a
 * client that is not a browser and so carries no visitor's cookies or links, gets past it. The one
 * check for the team's changes (team-auth.ts) and for the links that are their own key (a results
 * link's action plan, a continue link).
 */
export function requireSameOrigin(
  request: Pick<FastifyRequest, 'headers'>,
  publicUrl: string,
  message: string = FORBIDDEN_ORIGIN_MESSAGE,
): void {
  if (request.headers.origin !== publicUrl) throw new HttpError(403, 'forbidden_origin', message);
}
