import { AREAS } from '../core';

/**
 * What the visitor pages may report to the cookie-free counters (`POST /api/events`): the browser
 * names one of these, with a section number for `section_reached`, and the server adds one to
 * that day's count.
 */
export const USAGE_EVENTS = [
  'started',
  'section_reached',
  'completed',
  'pdf_downloaded',
  'email_requested',
] as const;
export type UsageEvent = (typeof USAGE_EVENTS)[number];

/** The audit's sections, one per area, numbered from 1 as the visitor sees them ("Section 3 of 5"). */
export const SECTION_COUNT = AREAS.length;

/** The counter of one section reached. */
export type SectionReachedKey = `section_${number}_reached`;

/** What one counter counts: an event, or for a section reached, that section. */
export type CounterKey = Exclude<UsageEvent, 'section_reached'> | SectionReachedKey;

const sectionReached = (section: number): SectionReachedKey => `section_${section}_reached`;

/** The counter an event adds to: its name, or for a section reached (1 to 5) `section_N_reached`. */
export function counterKey(event: UsageEvent, section?: number): CounterKey {
  return event === 'section_reached' ? sectionReached(section ?? 0) : event;
}

/**
 * A step of the overview's funnel: every counter, and consent given, which the server counts from
 * the e-mail requests it stored (the browser reports nothing for it).
 */
export type FunnelStepId = CounterKey | 'consent_given';

export interface FunnelStepRule {
  id: FunnelStepId;
  /**
   * The step an audit takes before this one, of which this one is a share; null for the first.
   * A PDF and an e-mail both follow completing the audit, either or both, so both come after it.
   */
  after: FunnelStepId | null;
}

/**
 * The funnel in order, each step after the one it follows. The browser reports a step of an audit
 * only once the step before it was reported (src/web/usage/report-usage.ts), and the overview shows
 * no step above the one before (src/server/usage/funnel.ts): one list for both.
 */
export const FUNNEL_STEPS: readonly FunnelStepRule[] = [
  { id: 'started', after: null },
  ...AREAS.map((_, i): FunnelStepRule => ({
    id: sectionReached(i + 1),
    after: i === 0 ? 'started' : sectionReached(i),
  })),
  { id: 'completed', after: sectionReached(SECTION_COUNT) },
  { id: 'pdf_downloaded', after: 'completed' },
  { id: 'email_requested', after: 'completed' },
  { id: 'consent_given', after: 'email_requested' },
];

/** The step `id` follows, or null for the first step (and for a name that is no step). */
export function stepBefore(id: FunnelStepId): FunnelStepId | null {
  return FUNNEL_STEPS.find((step) => step.id === id)?.after ?? null;
}
