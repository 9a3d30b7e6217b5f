import type { UsageEvent } from '../../shared/usage-events';

/**
 * Tells the site's cookie-free counters that something happened in this tab's audit: started,
 * section N reached, completed, PDF downloaded, e-mail requested. The server adds one to that
 * day's count and keeps nothing else; no identifier is sent or kept.
 *
 * Each event counts once per audit per tab: what was reported is remembered in sessionStorage
 * (gone with the tab) until a new audit begins (forgetReportedUsage). Counting must never get in
 * the visitor's way, so every failure — no storage, no beacon, no network — is ignored.
 */

const KEY = 'care-audit:usage-reported';

function reported(): string[] {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
}

/** A new audit begins: its events may be counted again. */
export function forgetReportedUsage(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused: nothing was remembered either.
  }
}

export function reportUsage(event: UsageEvent, section?: number): void {
  const name = section ? `${event}_${section}` : event;
  const seen = reported();
  if (seen.includes(name)) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify([...seen, name]));
    // A string goes as text/plain, which every browser beacons without a preflight or an exception.
    const body = JSON.stringify(section ? { event, section } : { event });
    if (!navigator.sendBeacon?.('/api/events', body)) {
      void fetch('/api/events', { method: 'POST', body, keepalive: true }).catch(() => undefined);
    }
  } catch {
    // Not counted this time; the audit goes on.
  }
}
