import type { FastifyInstance } from 'fastify';
import type { ContentVersion } from '../../core/content';
import { HttpError } from '../http/http-errors';
import type { ContentSource } from './content-cache';

/** A version number in a path: 1 to 999 999 999 (always within PostgreSQL's integer). */
const VERSION_PATTERN = /^[1-9][0-9]{0,8}$/;

/** The version a path names, or 400 when it is not a positive whole number. */
export function versionParam(value: string | undefined): number {
  if (value === undefined || !VERSION_PATTERN.test(value)) {
    throw new HttpError(400, 'invalid_request', 'The version must be a whole number from 1.', {
      version: 'must be a whole number from 1',
    });
  }
  return Number(value);
}

export function unknownVersion(version: number): HttpError {
  return new HttpError(404, 'not_found', `There is no version ${version} of the audit's words.`);
}

/**
 * The audit's words for the pages, without sign-in: `GET /api/content/live`, what a new audit is
 * answered with (never cached by the browser: a publish shows at the next load); and
 * `GET /api/content/:version`, a published version, which never changes and so is cached for good.
 */
export async function contentRoutes(
  app: FastifyInstance,
  { content }: { content: ContentSource },
): Promise<void> {
  app.get('/api/content/live', async (_request, reply): Promise<ContentVersion> => {
    const live = await content.live();
    reply.header('Cache-Control', 'no-cache');
    return live;
  });

  app.get<{ Params: { version: string } }>(
    '/api/content/:version',
    async (request, reply): Promise<ContentVersion> => {
      const number = versionParam(request.params.version);
      const found = await content.version(number);
      if (!found) throw unknownVersion(number);
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      return found;
    },
  );
}
