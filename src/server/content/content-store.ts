import { CONTENT_V1, type AuditContent, type ContentVersion } from '../../core/content';
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import type { Database, Queryable } from '../db/database';

/**
 * The audit's words in the database (migration 0026, decision 0073): the published versions, which
 * never change, and the one draft the editors share. The live version is the highest number, so a
 * publish (or a restore, which publishes a copy) is one INSERT in one transaction.
 */

/** What version 1 says of itself in the list of versions. */
export const VERSION_1_NOTE = 'The original words, as the audit had them before they could be edited.';

/** A published version as the team's list shows it. */
export interface VersionSummary {
  version: number;
  note: string;
  /** The editor's address; null for version 1. */
  publishedBy: string | null;
  publishedAt: Date;
  restoredFrom: number | null;
}

export interface StoredVersion extends VersionSummary {
  content: AuditContent;
}

/** The shared draft: the revision an editor loads, and sends back with a save or a publish. */
export interface Draft {
  revision: number;
  baseVersion: number;
  savedBy: string;
  savedAt: Date;
  content: AuditContent;
}

interface VersionRow {
  version: number;
  content: AuditContent;
  note: string;
  published_by: string | null;
  published_at: Date;
  restored_from: number | null;
}

const VERSION_COLUMNS = 'version, note, published_by, published_at, restored_from';

function summaryFrom(row: Omit<VersionRow, 'content'>): VersionSummary {
  return {
    version: Number(row.version),
    note: row.note,
    publishedBy: row.published_by,
    publishedAt: new Date(row.published_at),
    restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
  };
}

/**
 * Inserts version 1 (CONTENT_V1) unless it is there: run at every start, after the migrations, so a
 * new database and one migrated with rows both have it. True when this call inserted it.
 */
export async function seedContentV1(db: Queryable): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO content_versions (version, content, note) VALUES (1, $1::jsonb, $2)
     ON CONFLICT (version) DO NOTHING`,
    [JSON.stringify(CONTENT_V1), VERSION_1_NOTE],
  );
  return rowCount > 0;
}

/**
 * The live version: the highest number. Version 1 is CONTENT_V1 by definition, so a database not
 * (yet) seeded reads as version 1 rather than failing a visitor's request.
 */
export async function liveVersion(db: Queryable): Promise<ContentVersion> {
  const { rows } = await db.query<{ version: number; content: AuditContent }>(
    'SELECT version, content FROM content_versions ORDER BY version DESC LIMIT 1',
  );
  const row = rows[0];
  return row ? { version: Number(row.version), content: row.content } : { version: 1, content: CONTENT_V1 };
}

/** The highest version's number alone (1 on a database not yet seeded). */
export async function liveVersionNumber(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM content_versions',
  );
  return Number(rows[0]?.version ?? 1);
}

/** One published version's words, or undefined when there is no such version. */
export async function readVersion(db: Queryable, version: number): Promise<ContentVersion | undefined> {
  const { rows } = await db.query<{ content: AuditContent }>(
    'SELECT content FROM content_versions WHERE version = $1',
    [version],
  );
  const row = rows[0];
  if (row) return { version, content: row.content };
  return version === 1 ? { version: 1, content: CONTENT_V1 } : undefined;
}

/** One published version with who published it, when and why. */
export async function readStoredVersion(db: Queryable, version: number): Promise<StoredVersion | undefined> {
  const { rows } = await db.query<VersionRow>(
    `SELECT ${VERSION_COLUMNS}, content FROM content_versions WHERE version = $1`,
    [version],
  );
  const row = rows[0];
  return row ? { ...summaryFrom(row), content: row.content } : undefined;
}

/** Every published version, newest (the live one) first, without their words. */
export async function listVersions(db: Queryable): Promise<VersionSummary[]> {
  const { rows } = await db.query<Omit<VersionRow, 'content'>>(
    `SELECT ${VERSION_COLUMNS} FROM content_versions ORDER BY version DESC`,
  );
  return rows.map(summaryFrom);
}

interface DraftRow {
  revision: number;
  base_version: number;
  saved_by: string;
  saved_at: Date;
  content: AuditContent;
}

/** The shared draft, or null when nobody has saved one since the last publish. */
export async function readDraft(db: Queryable): Promise<Draft | null> {
  const { rows } = await db.query<DraftRow>(
    'SELECT revision, base_version, saved_by, saved_at, content FROM content_draft',
  );
  const row = rows[0];
  return row
    ? {
        revision: Number(row.revision),
        baseVersion: Number(row.base_version),
        savedBy: row.saved_by,
        savedAt: new Date(row.saved_at),
        content: row.content,
      }
    : null;
}

export type SaveOutcome =
  { ok: true; revision: number; savedAt: Date; baseVersion: number } | { ok: false; reason: 'draft_changed' };

/**
 * Saves checked words as the draft, if the draft is still at `revision` (0: there is none): one
 * statement, so of two editors saving from the same revision the later is refused and the draft
 * keeps the first's words. The new revision comes from a sequence, never reused: a draft started
 * after a publish cannot be taken for the one an editor loaded before it.
 */
export async function saveDraft(
  db: Queryable,
  draft: { revision: number; content: AuditContent; savedBy: string },
): Promise<SaveOutcome> {
  const content = JSON.stringify(draft.content);
  const { rows } =
    draft.revision === 0
      ? await db.query<{ revision: number; saved_at: Date; base_version: number }>(
          `INSERT INTO content_draft (content, base_version, revision, saved_by)
           SELECT $1::jsonb, coalesce(max(version), 1), nextval('content_draft_revisions'), $2
             FROM content_versions
           ON CONFLICT (id) DO NOTHING
           RETURNING revision, saved_at, base_version`,
          [content, draft.savedBy],
        )
      : await db.query<{ revision: number; saved_at: Date; base_version: number }>(
          `UPDATE content_draft
              SET content = $1::jsonb, revision = nextval('content_draft_revisions'), saved_by = $2, saved_at = now()
            WHERE revision = $3
           RETURNING revision, saved_at, base_version`,
          [content, draft.savedBy, draft.revision],
        );
  const row = rows[0];
  return row
    ? {
        ok: true,
        revision: Number(row.revision),
        savedAt: new Date(row.saved_at),
        baseVersion: Number(row.base_version),
      }
    : { ok: false, reason: 'draft_changed' };
}

/** An import replaces the draft as a save does: the same revision check, the same sequence. */
export const importToDraft = saveDraft;

export type PublishOutcome =
  { ok: true; version: number } | { ok: false; reason: 'no_draft' | 'draft_changed' | 'nothing_to_publish' };

/** Work done in the same transaction as a new version (the activity log's entry), or none. */
export type AlsoInTransaction = (tx: Queryable, version: number) => Promise<void>;

/** Takes the lock under which a new version's number is worked out (max + 1), for this transaction. */
async function lockNewVersions(tx: Queryable): Promise<number> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [ADVISORY_LOCKS.contentVersions]);
  return (await liveVersionNumber(tx)) + 1;
}

/**
 * Publishes the draft at `revision` as the next version and deletes it, in one transaction: the
 * draft's row is locked first, so of two publishes at once the second finds no draft (exactly one
 * version is made). Refused, with nothing changed, when there is no draft, it has changed since
 * `revision`, or it says exactly what the live version says.
 */
export async function publishDraft(
  db: Pick<Database, 'transaction'>,
  publish: { revision: number; note: string; publishedBy: string },
  also?: AlsoInTransaction,
): Promise<PublishOutcome> {
  return db.transaction(async (tx): Promise<PublishOutcome> => {
    const { rows } = await tx.query<{ revision: number; content: AuditContent }>(
      'SELECT revision, content FROM content_draft FOR UPDATE',
    );
    const draft = rows[0];
    if (!draft) return { ok: false, reason: 'no_draft' };
    if (Number(draft.revision) !== publish.revision) return { ok: false, reason: 'draft_changed' };
    const version = await lockNewVersions(tx);
    const same = await tx.query<{ same: boolean }>(
      `SELECT d.content = v.content AS same
         FROM content_draft d, content_versions v WHERE v.version = $1`,
      [version - 1],
    );
    if (same.rows[0]?.same) return { ok: false, reason: 'nothing_to_publish' };
    await tx.query(
      `INSERT INTO content_versions (version, content, note, published_by)
       SELECT $1, content, $2, $3 FROM content_draft`,
      [version, publish.note, publish.publishedBy],
    );
    await tx.query('DELETE FROM content_draft');
    await also?.(tx, version);
    return { ok: true, version };
  });
}

export type RestoreOutcome = { ok: true; version: number } | { ok: false; reason: 'not_found' };

/**
 * Publishes a copy of an older version's words as the next version (restored_from says which):
 * the live version stays the highest number, and no published version changes. The draft, if
 * any, is left as it is.
 */
export async function restoreVersion(
  db: Pick<Database, 'transaction'>,
  restore: { from: number; note: string; publishedBy: string },
  also?: AlsoInTransaction,
): Promise<RestoreOutcome> {
  return db.transaction(async (tx): Promise<RestoreOutcome> => {
    const version = await lockNewVersions(tx);
    const { rowCount } = await tx.query(
      `INSERT INTO content_versions (version, content, note, published_by, restored_from)
       SELECT $1, content, $2, $3, version FROM content_versions WHERE version = $4`,
      [version, restore.note, restore.publishedBy, restore.from],
    );
    if (rowCount === 0) return { ok: false, reason: 'not_found' };
    await also?.(tx, version);
    return { ok: true, version };
  });
}
