import type { ContentVersion } from '../../core/content';
import { HttpError } from '../http/http-errors';
import type { ContentSource } from './content-cache';

/** The largest number a version can have (content_versions.version is an integer). */
const LARGEST_VERSION = 2_147_483_647;

/**
 * The words of the version a visitor's answers name (`contentVersion` of an e-mail request, a save
 * or a report request): version 1 when they name none (a client from before versions), and a 400
 * with a field error, before anything is stored, when the server has no such version.
 */
export async function answeredVersion(
  content: ContentSource,
  version: number | undefined,
): Promise<ContentVersion> {
  const wanted = version ?? 1;
  // Past PostgreSQL's integer no version can be stored: looking one up would fail as a 500.
  const found = wanted <= LARGEST_VERSION ? await content.version(wanted) : undefined;
  if (!found) {
    throw new HttpError(400, 'invalid_request', 'Please check the highlighted fields.', {
      contentVersion: `There is no version ${version} of the audit’s words`,
    });
  }
  return found;
}

/**
 * The words of the version a stored result (or a saved audit, or a team audit) names. Versions are
 * never deleted, so a missing one is a broken database, not a visitor's mistake: it throws.
 */
export async function storedVersion(
  content: Pick<ContentSource, 'version'>,
  version: number,
): Promise<ContentVersion> {
  const found = await content.version(version);
  if (!found)
    throw new Error(`a stored result names version ${version} of the audit's words, which is not stored`);
  return found;
}
