import type { ContentVersion } from '../../core/content';
import { HttpError } from '../http/http-errors';
import type { ContentSource } from './content-cache';

/**
 * A request that names the version of the audit's words it was answered with (`contentVersion`:
 * a first save, a result sent by e-mail) is stored with it only if that version is published here;
 * absent, it is version 1 (a page from before versions). Every such route checks it with this, so
 * they refuse an unknown version alike.
 */

/** The largest version number PostgreSQL's integer holds: any larger is unknown without asking. */
const LARGEST_VERSION = 2_147_483_647;

/** The field error for a version the server does not have. */
export function unknownContentVersionMessage(version: number): string {
  return `There is no version ${version} of the audit's words`;
}

/**
 * The published version a request names (version 1 when it names none), or 400 invalid_request
 * with a field error on `field` when there is no such version, before anything is stored.
 */
export async function requestedContentVersion(
  content: ContentSource,
  version: number | undefined,
  field = 'contentVersion',
): Promise<ContentVersion> {
  const wanted = version ?? 1;
  const found = wanted <= LARGEST_VERSION ? await content.version(wanted) : undefined;
  if (found) return found;
  throw new HttpError(400, 'invalid_request', 'Please check the highlighted fields.', {
    [field]: unknownContentVersionMessage(wanted),
  });
}
