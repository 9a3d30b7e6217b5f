import {
  isKeepableSourceValue,
  normalizeSourceValue,
  SOURCE_FIELDS,
  type SourceField,
} from '../../shared/visit-source-rules';
import type { LeadSource } from '../../shared/team-api';

/**
 * Where a visit came from, without cookies: on the first page of a visit in this tab (the first
 * time the site's script runs here, so nothing is stored yet) the campaign's utm_* values and the
 * referring site's host name are kept in sessionStorage, which the browser empties when the tab
 * closes. Later pages never overwrite them: a click inside the site would otherwise replace a
 * campaign with our own address. The e-mail request sends them as `source`.
 *
 * Nothing else is kept: no identifier, no full address of the referring page (it can hold a search
 * or a token), never our own host. Each value passes the same rule the server applies
 * (visit-source-rules.ts), and one that does not is dropped rather than sent to be refused.
 * Storage can be missing or refuse (a private window, a blocked site): the visit then simply has
 * no recorded source, and nothing else changes.
 */

const KEY = 'care-audit:visit-source';

const UTM_PARAMETERS: Readonly<Record<Exclude<SourceField, 'referrerHost'>, string>> = {
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
};

/** Where this page was reached from, as the browser tells it (the parts of `location` used). */
export interface PageArrival {
  /** location.search: "?utm_source=…" or "". */
  search: string;
  /** location.hostname: our own host, never recorded as a referrer. */
  ownHost: string;
  /** document.referrer: the full address of the page before, or "". */
  referrer: string;
}

/** One value as it is kept, or undefined when it is empty or breaks the shared rule. */
function keepable(field: SourceField, raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const value = normalizeSourceValue(field, raw);
  return value !== '' && isKeepableSourceValue(field, value) ? value : undefined;
}

/** The referring site's host name alone, unless it is ours or there is none. */
function referrerHostOf(referrer: string, ownHost: string): string | undefined {
  if (referrer === '') return undefined;
  let host: string;
  try {
    host = new URL(referrer).hostname;
  } catch {
    return undefined;
  }
  const kept = keepable('referrerHost', host);
  return kept === undefined || kept === ownHost.toLowerCase() ? undefined : kept;
}

/** The source of the visit this page starts: only the parts that are there and keepable. */
export function sourceOfArrival({ search, ownHost, referrer }: PageArrival): LeadSource {
  const parameters = new URLSearchParams(search);
  const source: LeadSource = {};
  for (const [field, parameter] of Object.entries(UTM_PARAMETERS) as [
    keyof typeof UTM_PARAMETERS,
    string,
  ][]) {
    const value = keepable(field, parameters.get(parameter));
    if (value !== undefined) source[field] = value;
  }
  const referrerHost = referrerHostOf(referrer, ownHost);
  if (referrerHost !== undefined) source.referrerHost = referrerHost;
  return source;
}

/** sessionStorage, or undefined where reading it throws (storage blocked) or it does not exist. */
function tabStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps the source of this page's visit if it is the visit's first page in this tab; on any later
 * page, keeps what the first one found. A direct visit is kept too (as {}), so a later page that a
 * link inside the site opened cannot pass itself off as the first.
 */
export function keepVisitSource(arrival: PageArrival, storage: Storage | undefined = tabStorage()): void {
  try {
    if (!storage || storage.getItem(KEY) !== null) return;
    storage.setItem(KEY, JSON.stringify(sourceOfArrival(arrival)));
  } catch {
    // Storage refused (full, or blocked): this visit has no recorded source.
  }
}

/**
 * The source kept for this visit, ready for the e-mail request; undefined when there is none (a
 * direct visit, or no storage). What was stored is checked again: it may come from an older
 * version of the site, or have been edited by hand.
 */
export function visitSource(storage: Storage | undefined = tabStorage()): LeadSource | undefined {
  let stored: unknown;
  try {
    stored = JSON.parse(storage?.getItem(KEY) ?? 'null');
  } catch {
    return undefined;
  }
  if (typeof stored !== 'object' || stored === null) return undefined;
  const source: LeadSource = {};
  for (const field of SOURCE_FIELDS) {
    const value = keepable(field, (stored as Record<string, unknown>)[field]);
    if (value !== undefined) source[field] = value;
  }
  return Object.keys(source).length === 0 ? undefined : source;
}
