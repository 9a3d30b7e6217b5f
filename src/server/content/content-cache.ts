import type { ContentVersion } from '../../core/content';
import type { Queryable } from '../db/database';
import { liveVersion, readVersion } from './content-store';

/**
 * Where the rest of the server gets the audit's words: the results API, the PDF and the e-mails
 * read a stored result's version with `version(n)`, and a new audit's with `live()`.
 */
export interface ContentSource {
  /** The live version (the highest number), at most LIVE_TTL_MS old. */
  live(): Promise<ContentVersion>;
  /** A published version's words, or undefined when there is no such version. */
  version(n: number): Promise<ContentVersion | undefined>;
}

/**
 * How long the live version is kept before it is read again: a publish on another instance is
 * served within this long; one on this instance at once (ContentCache.published).
 */
export const LIVE_TTL_MS = 2_000;

export interface ContentCacheOptions {
  liveTtlMs?: number;
  /** The clock, in milliseconds (a test moves its own). */
  now?: () => number;
}

/**
 * One app's cache of the audit's words. A published version never changes, so once read it is
 * kept for the process's life (there are a handful, each some tens of kilobytes). The live version
 * is read again at most every LIVE_TTL_MS: one query per two seconds at most, however busy the
 * site, and never a stale version for longer than that. Failed reads are not kept: the next call
 * tries again.
 */
export class ContentCache implements ContentSource {
  private readonly versions = new Map<number, Promise<ContentVersion | undefined>>();
  private current: { value: Promise<ContentVersion>; readAt: number } | undefined;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Queryable,
    options: ContentCacheOptions = {},
  ) {
    this.ttlMs = options.liveTtlMs ?? LIVE_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  live(): Promise<ContentVersion> {
    const at = this.now();
    if (this.current && at - this.current.readAt < this.ttlMs) return this.current.value;
    // Callers at the same moment share one read.
    const value = liveVersion(this.db).then((live) => {
      this.keep(live);
      return live;
    });
    const entry = { value, readAt: at };
    this.current = entry;
    value.catch(() => {
      if (this.current === entry) this.current = undefined;
    });
    return value;
  }

  version(n: number): Promise<ContentVersion | undefined> {
    const kept = this.versions.get(n);
    if (kept) return kept;
    const read = readVersion(this.db, n);
    this.versions.set(n, read);
    // Only a version found is kept: an unknown number may be published later; a failure is retried.
    read.then(
      (found) => {
        if (!found && this.versions.get(n) === read) this.versions.delete(n);
      },
      () => {
        if (this.versions.get(n) === read) this.versions.delete(n);
      },
    );
    return read;
  }

  /** A version this instance just published: live from now on, here, without waiting for the TTL. */
  published(version: ContentVersion): void {
    this.keep(version);
    this.current = { value: Promise.resolve(version), readAt: this.now() };
  }

  private keep(version: ContentVersion): void {
    if (!this.versions.has(version.version)) this.versions.set(version.version, Promise.resolve(version));
  }
}
