import { counterKey, SECTION_COUNT, stepBefore, type UsageEvent } from '../../shared/usage-events';

/**
 * Tells the site's cookie-free counters that something happened in this tab's audit: started,
 * section N reached, completed, PDF downloaded, e-mail requested. The server adds one to that
 * day's count and keeps nothing else; no identifier is sent or kept.
 *
 * Each step counts once per audit, and only after the step before it (shared/usage-events.ts's
 * FUNNEL_STEPS): what was reported is remembered in sessionStorage (gone with the tab) until a new
 * audit begins (forgetReportedUsage). So a reload, Back and Next, or coming back to a section count
 * nothing more, and neither do the results of an earlier audit reached with Back after "Take
 * Another Audit": the overview's funnel never narrows and widens again because of the browser.
 * Counting must never get in the visitor's way, so every failure (no storage, no beacon, no
 * network) is ignored; a tab whose storage refuses reports nothing, rather than everything twice.
 */

const KEY = 'care-audit:usage-reported';

function reported(): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((name) => typeof name === 'string') : [];
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

/**
 * An audit saved on one device and reopened from its link, here, at section `section` (1–5): it was
 * started and reached that section where it was saved, and those steps were counted there. They are
 * remembered as counted, so this tab counts only what the audit goes on to reach: no second start.
 */
export function rememberResumedUsage(section: number): void {
  const steps = [
    'started',
    ...Array.from({ length: section }, (_, i) => counterKey('section_reached', i + 1)),
  ];
  try {
    sessionStorage.setItem(KEY, JSON.stringify(steps));
  } catch {
    // Storage refused: this tab reports nothing at all (reportUsage remembers before it sends).
  }
}

/**
 * A result stored earlier, opened here from its private link: the audit was started, went through
 * every section and was completed where it was taken, and those steps were counted there. They are
 * remembered as counted (with whatever this tab already reported), so a PDF downloaded here counts
 * once as the same "PDF downloaded" step as on the results page, after "completed" as the funnel
 * requires, and nothing before it is counted twice.
 */
export function rememberStoredResultUsage(): void {
  const seen = reported();
  const steps = [
    'started',
    ...Array.from({ length: SECTION_COUNT }, (_, i) => counterKey('section_reached', i + 1)),
    'completed',
  ];
  try {
    sessionStorage.setItem(KEY, JSON.stringify([...seen, ...steps.filter((step) => !seen.includes(step))]));
  } catch {
    // Storage refused: this tab reports nothing at all.
  }
}

export function reportUsage(event: UsageEvent, section?: number): void {
  const step = counterKey(event, section);
  const seen = reported();
  if (seen.includes(step)) return;
  const before = stepBefore(step);
  if (before !== null && !seen.includes(before)) return;
  try {
    // Remembered before it is sent: if storage refuses, it is not sent at all.
    sessionStorage.setItem(KEY, JSON.stringify([...seen, step]));
    // A string goes as text/plain, which every browser beacons without a preflight or an exception.
    const body = JSON.stringify(section === undefined ? { event } : { event, section });
    if (!navigator.sendBeacon?.('/api/events', body)) {
      void fetch('/api/events', { method: 'POST', body, keepalive: true }).catch(() => undefined);
    }
  } catch {
    // Not counted this time; the audit goes on.
  }
}
