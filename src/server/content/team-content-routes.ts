import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BANDS, type Band } from '../../core/insight/bands';
import { checkContent, CONTENT_LIMITS, type AuditContent } from '../../core/content';
import { recordActivity, type NewActivity } from '../activity/team-activity';
import type { Database, Queryable } from '../db/database';
import { HttpError } from '../http/http-errors';
import type { ContentCache } from './content-cache';
import { contentFile, contentFileName, readContentFile } from './content-file';
import type { ContentPreviews } from './content-previews';
import { unknownVersion, versionParam } from './content-routes';
import {
  importToDraft,
  listVersions,
  liveVersion,
  liveVersionNumber,
  publishDraft,
  readDraft,
  readStoredVersion,
  readVersion,
  restoreVersion,
  saveDraft,
  type VersionSummary,
} from './content-store';

/**
 * The largest body of a route that carries the audit's words (a save, an import, a preview). The
 * app's 16 KB is too small: version 1 alone is about 17 KB, and the limits allow some 150 000
 * characters, each up to six bytes as JSON. Only signed-in members reach these routes.
 */
export const CONTENT_BODY_LIMIT_BYTES = 1024 * 1024;

export const NOT_AN_EDITOR_MESSAGE =
  'Only the team’s editors may change the audit’s words. Ask an administrator to add you to TEAM_EDITORS.';
export const DRAFT_CHANGED_MESSAGE =
  'Someone else saved this draft since you opened it. Reload it to see their changes, then make yours again.';
export const NO_DRAFT_MESSAGE = 'There is no saved draft to publish. Save your changes first.';
export const NOTHING_TO_PUBLISH_MESSAGE =
  'The draft says exactly what the live version says: there is nothing to publish.';
export const INVALID_CONTENT_MESSAGE = 'The words cannot be saved as they are: see the problems listed.';
export const INVALID_FILE_MESSAGE = 'This file cannot be imported: see the problems listed.';

export interface TeamContentOptions {
  db: Database;
  /** The app's one cache: told of each new version so this instance serves it at once. */
  content: ContentCache;
  /** TEAM_EDITORS, normalised: who may change the words. Every member reads them. */
  editors: readonly string[];
  /** The signed-in member's address. */
  memberOf: (request: FastifyRequest) => string;
  previews: ContentPreviews;
}

/** A version as the team's answers give it: times as ISO strings. */
function versionJson(summary: VersionSummary) {
  return { ...summary, publishedAt: summary.publishedAt.toISOString() };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** The draft revision the editor loaded: 0 (no draft) or more. */
function revisionOf(body: Record<string, unknown>): number {
  const revision = body.revision;
  if (typeof revision !== 'number' || !Number.isInteger(revision) || revision < 0 || revision > 2 ** 31 - 1) {
    throw new HttpError(400, 'invalid_request', 'Send the revision of the draft you loaded.', {
      revision: 'must be a whole number from 0',
    });
  }
  return revision;
}

/** A publish or restore note: 1–300 characters once trimmed. */
function noteOf(value: unknown, fallback?: string): string {
  const note = typeof value === 'string' ? value.trim() : '';
  if (note === '' && fallback !== undefined && (value === undefined || typeof value === 'string')) {
    return fallback;
  }
  if (note === '' || [...note].length > CONTENT_LIMITS.publishNote) {
    throw new HttpError(
      400,
      'invalid_request',
      `Say in a few words what changed (at most ${CONTENT_LIMITS.publishNote} characters).`,
      { note: `must be 1–${CONTENT_LIMITS.publishNote} characters` },
    );
  }
  return note;
}

function checked(value: unknown): AuditContent {
  const check = checkContent(value);
  if (!check.ok)
    throw new HttpError(400, 'invalid_content', INVALID_CONTENT_MESSAGE, undefined, check.problems);
  return check.content;
}

function bandOf(value: unknown): Band {
  const band = BANDS.find((b) => b.id === value);
  if (!band) {
    throw new HttpError(400, 'invalid_request', 'Choose the band to preview.', {
      band: `must be one of ${BANDS.map((b) => b.id).join(', ')}`,
    });
  }
  return band.id;
}

const draftChanged = () => new HttpError(409, 'draft_changed', DRAFT_CHANGED_MESSAGE);

/**
 * The audit's words in the team workspace (issue 34), registered in the team API scope: every
 * route needs a session and every write the workspace's Origin. Every member reads the versions and
 * exports them; only an editor (TEAM_EDITORS, read at each request from the configuration the app
 * started with) saves, imports, publishes, restores and previews: anyone else gets 403
 * not_an_editor. Each save, import, publish, restore and export is in the activity log, written in
 * the same transaction as the change.
 */
export async function teamContentRoutes(app: FastifyInstance, options: TeamContentOptions): Promise<void> {
  const { db, content, previews } = options;
  const editors = new Set(options.editors);
  const isEditor = (request: FastifyRequest) => editors.has(options.memberOf(request));
  const requireEditor = async (request: FastifyRequest) => {
    if (!isEditor(request)) throw new HttpError(403, 'not_an_editor', NOT_AN_EDITOR_MESSAGE);
  };
  const log = (tx: Queryable, request: FastifyRequest, entry: Omit<NewActivity, 'actor'>) =>
    recordActivity(tx, { actor: options.memberOf(request), ...entry });
  const editRoute = { preHandler: requireEditor, bodyLimit: CONTENT_BODY_LIMIT_BYTES };

  app.get('/api/team/content', async (request) => {
    const [versions, draft] = await Promise.all([listVersions(db), readDraft(db)]);
    return {
      live: versions[0]?.version ?? 1,
      canEdit: isEditor(request),
      versions: versions.map(versionJson),
      draft: draft && {
        revision: draft.revision,
        baseVersion: draft.baseVersion,
        savedBy: draft.savedBy,
        savedAt: draft.savedAt.toISOString(),
      },
    };
  });

  app.get<{ Params: { version: string } }>('/api/team/content/versions/:version', async (request) => {
    const number = versionParam(request.params.version);
    const stored = await readStoredVersion(db, number);
    if (!stored) throw unknownVersion(number);
    return { ...versionJson(stored), content: stored.content };
  });

  app.get('/api/team/content/draft', { preHandler: requireEditor }, async () => {
    const draft = await readDraft(db);
    if (draft) return { ...draft, savedAt: draft.savedAt.toISOString() };
    // No draft: the editor starts from the live words.
    const live = await liveVersion(db);
    return { revision: 0, baseVersion: live.version, savedBy: null, savedAt: null, content: live.content };
  });

  app.put('/api/team/content/draft', editRoute, async (request) => {
    const body = record(request.body);
    const revision = revisionOf(body);
    const words = checked(body.content);
    const saved = await db.transaction(async (tx) => {
      const outcome = await saveDraft(tx, { revision, content: words, savedBy: options.memberOf(request) });
      if (outcome.ok) {
        await log(tx, request, {
          action: 'content_save',
          detail: `draft based on version ${outcome.baseVersion}`,
        });
      }
      return outcome;
    });
    if (!saved.ok) throw draftChanged();
    return { revision: saved.revision, savedAt: saved.savedAt.toISOString() };
  });

  app.post('/api/team/content/import', editRoute, async (request) => {
    const body = record(request.body);
    const revision = revisionOf(body);
    const file = readContentFile(body);
    if (!file.ok) throw new HttpError(400, 'invalid_content', INVALID_FILE_MESSAGE, undefined, file.problems);
    const fromVersion = typeof body.version === 'number' ? ` (exported from version ${body.version})` : '';
    const saved = await db.transaction(async (tx) => {
      const outcome = await importToDraft(tx, {
        revision,
        content: file.content,
        savedBy: options.memberOf(request),
      });
      if (outcome.ok)
        await log(tx, request, {
          action: 'content_import',
          detail: `draft replaced by a file${fromVersion}`,
        });
      return outcome;
    });
    if (!saved.ok) throw draftChanged();
    return { revision: saved.revision };
  });

  app.post('/api/team/content/publish', { preHandler: requireEditor }, async (request) => {
    const body = record(request.body);
    const revision = revisionOf(body);
    const note = noteOf(body.note);
    const outcome = await publishDraft(
      db,
      { revision, note, publishedBy: options.memberOf(request) },
      (tx, version) => log(tx, request, { action: 'content_publish', detail: `version ${version}: ${note}` }),
    );
    if (!outcome.ok) {
      if (outcome.reason === 'no_draft') throw new HttpError(409, 'no_draft', NO_DRAFT_MESSAGE);
      if (outcome.reason === 'nothing_to_publish') {
        throw new HttpError(400, 'nothing_to_publish', NOTHING_TO_PUBLISH_MESSAGE);
      }
      throw draftChanged();
    }
    await announce(outcome.version);
    return { version: outcome.version };
  });

  app.post<{ Params: { version: string } }>(
    '/api/team/content/versions/:version/restore',
    { preHandler: requireEditor },
    async (request) => {
      const from = versionParam(request.params.version);
      const note = noteOf(record(request.body).note, `Restored version ${from}`);
      const outcome = await restoreVersion(
        db,
        { from, note, publishedBy: options.memberOf(request) },
        (tx, version) =>
          log(tx, request, {
            action: 'content_restore',
            detail: `version ${version}: the words of version ${from} again: ${note}`,
          }),
      );
      if (!outcome.ok) throw unknownVersion(from);
      await announce(outcome.version);
      return { version: outcome.version };
    },
  );

  app.get<{ Params: { version: string } }>(
    '/api/team/content/versions/:version/export',
    async (request, reply) => {
      const number = versionParam(request.params.version);
      const found = await readVersion(db, number);
      if (!found) throw unknownVersion(number);
      await log(db, request, { action: 'content_export', detail: `version ${number}` });
      reply
        .type('application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${contentFileName(number)}"`);
      return contentFile(number, found.content);
    },
  );

  app.post('/api/team/content/preview/email', editRoute, async (request) => {
    const body = record(request.body);
    const band = bandOf(body.band);
    return previews.email(checked(body.content), band);
  });

  app.post('/api/team/content/preview/pdf', editRoute, async (request, reply) => {
    const body = record(request.body);
    const band = bandOf(body.band);
    const pdf = await previews.pdf(checked(body.content), band);
    reply.type('application/pdf').header('Content-Disposition', 'inline; filename="care-audit-preview.pdf"');
    return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  });

  /** A version this instance made: served as live here at once, without waiting for the cache. */
  async function announce(version: number): Promise<void> {
    const published = await readVersion(db, version);
    if (published && version === (await liveVersionNumber(db))) content.published(published);
  }
}
