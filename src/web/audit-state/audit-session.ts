import { useCallback, useSyncExternalStore } from 'react';
import {
  AREAS,
  hasProfile,
  sanitizeProfile,
  sanitizeResponses,
  type EarlierResult,
  type Responses,
  type ServiceProfile,
} from '../../core';
import { isUuid } from '../../shared/uuid';
import { forgetReportedUsage, rememberResumedUsage } from '../usage/report-usage';
import { earlierFromState, originFromState, profileFromState, type AuditOrigin } from './results-state';
import { versionNumber } from '../../core/content/version-number';

/**
 * The audit in progress, kept in sessionStorage so answers survive a reload in the same tab
 * and nothing lingers once the tab is closed.
 */
export interface AuditProgress {
  /** The section on screen, 0 to 4. */
  section: number;
  responses: Responses;
  /** The service type and size: carried over from the earlier audit for a retake. */
  profile?: ServiceProfile;
  /**
   * Made once when the audit is completed and kept with it, so that sending the completed audit
   * again (a retry, a reload, going back and on) is counted once by the benchmark.
   */
  idempotencyKey?: string;
  /**
   * A retake's: the key of the completed audit it retakes, sent with it to the benchmark, where it
   * replaces that audit (a provider's retakes count once). From the results this tab showed
   * ("Retake Audit"), a results link ("Retake with these answers") or a saved retake's link.
   */
  retakesAudit?: string;
  /** For "Retake with these answers": the result the change per area is shown against. */
  earlier?: EarlierResult;
  /** The private links this audit came through (a retake's results link, a continue link). */
  origin?: AuditOrigin;
  /**
   * When this audit was last saved for later (ISO 8601), as this tab knows it: a later save tells
   * the server which save it continued from, so a save made meanwhile on another device is reported.
   */
  savedAt?: string;
  /**
   * The version of the audit's words it is answered with, set by its first rating (or by the saved
   * audit or result it came from): a publish meanwhile does not change the words under it (issue 34).
   * Absent on a blank audit, which takes the version the page was served with.
   */
  contentVersion?: number;
  /**
   * A retake's: the version its answers were given in. The audit page carries them by statement
   * key into the version it is served with (carryAnswers), then sets contentVersion and drops this.
   */
  carryFrom?: number;
}

const STORAGE_KEY = 'care-audit:audit-in-progress';
const BLANK: AuditProgress = { section: 0, responses: {} };

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: AuditProgress | undefined;

function read(): AuditProgress {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return BLANK;
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const section = Number.isInteger(parsed.section) ? (parsed.section as number) : 0;
    const responses = sanitizeResponses(parsed.responses);
    const profile = profileFromState(parsed);
    const earlier = earlierFromState(parsed);
    const origin = originFromState(parsed);
    const savedAt =
      typeof parsed.savedAt === 'string' && !Number.isNaN(Date.parse(parsed.savedAt))
        ? parsed.savedAt
        : undefined;
    return {
      section: Math.min(Math.max(section, 0), AREAS.length - 1),
      responses,
      ...(hasProfile(profile) ? { profile } : {}),
      ...(typeof parsed.idempotencyKey === 'string' && isUuid(parsed.idempotencyKey)
        ? { idempotencyKey: parsed.idempotencyKey }
        : {}),
      ...retakesAuditOf(parsed.retakesAudit),
      ...(earlier ? { earlier } : {}),
      ...(origin ? { origin } : {}),
      ...(savedAt ? { savedAt } : {}),
      ...versionField('contentVersion', parsed.contentVersion),
      ...versionField('carryFrom', parsed.carryFrom),
    };
  } catch {
    // Storage can be blocked or hold junk: start afresh rather than fail.
    return BLANK;
  }
}

function getSnapshot(): AuditProgress {
  cached ??= read();
  return cached;
}

function getServerSnapshot(): AuditProgress {
  return BLANK;
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Saves the audit in progress and tells every reader. */
export function saveAuditProgress(progress: AuditProgress) {
  cached = progress;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(progress));
  } catch {
    // Private browsing can refuse storage; the audit still works, it just won't survive a reload.
  }
  for (const listener of listeners) listener();
}

/** `{ [field]: value }` when the value is a version number, else nothing (a blank audit's). */
function versionField<F extends 'contentVersion' | 'carryFrom'>(
  field: F,
  value: unknown,
): Partial<Record<F, number>> {
  const version = versionNumber(value);
  return version === undefined ? {} : ({ [field]: version } as Record<F, number>);
}

/** `{ retakesAudit }` when the value is an audit's key, else nothing: storage and answers are untrusted. */
function retakesAuditOf(value: unknown): Pick<AuditProgress, 'retakesAudit'> {
  return typeof value === 'string' && isUuid(value) ? { retakesAudit: value } : {};
}

/**
 * Forgets the audit in progress: "Retake Audit" and "Take Another Audit" start blank. "Retake Audit"
 * passes the key of the audit whose results it leaves, so the new audit, once completed, replaces it
 * in the comparison; "Take Another Audit" (perhaps another service's) passes none.
 */
export function clearAuditProgress(retakesAudit?: string) {
  forgetReportedUsage();
  saveAuditProgress({ ...BLANK, ...retakesAuditOf(retakesAudit) });
}

/**
 * "Retake with these answers": a new audit at the first section, pre-filled with the earlier
 * answers and profile, whose results show the change per area against `earlier`. It is a new
 * audit, so it gets its own idempotency key when completed and its usage counts afresh.
 * `retakeOf` is the results link's token it came from, so its own result joins that chain.
 */
export function startRetake({
  responses,
  profile,
  earlier,
  retakeOf,
  retakesAudit,
  contentVersion,
}: {
  responses: Responses;
  profile?: ServiceProfile;
  earlier: EarlierResult;
  /** The version the earlier answers were given in: carried by key into the live one. */
  contentVersion: number;
  retakeOf?: string;
  /** The key of the link's result's audit, when the server kept one: the retake replaces it. */
  retakesAudit?: string;
}) {
  const origin = originFromState({ origin: { retakeOf } });
  forgetReportedUsage();
  const known = sanitizeProfile(profile);
  saveAuditProgress({
    section: 0,
    responses: sanitizeResponses(responses),
    ...(hasProfile(known) ? { profile: known } : {}),
    earlier,
    ...retakesAuditOf(retakesAudit),
    ...(origin ? { origin } : {}),
    carryFrom: contentVersion,
  });
}

/**
 * A continue link opened: its saved audit becomes this tab's audit in progress, at the section it
 * stopped at, linked to the link: a later save goes back to it, "Complete Audit" tells it, and the
 * e-mail request carries it (the server finds a saved retake's results link through it). Like a retake, it is an audit of its own for
 * the usage counts; the tab's earlier audit, if any, gives way to it.
 */
export function resumeSavedAudit(
  continueToken: string,
  audit: {
    section: number;
    responses: Responses;
    profile?: ServiceProfile;
    earlier?: EarlierResult;
    retakesAudit?: string;
    savedAt: string;
    contentVersion: number;
  },
) {
  const section = Math.min(Math.max(audit.section, 0), AREAS.length - 1);
  // Its start and the sections up to where it was saved were counted on the device that saved it.
  rememberResumedUsage(section + 1);
  const known = sanitizeProfile(audit.profile);
  const origin = originFromState({ origin: { continueToken } });
  saveAuditProgress({
    section,
    responses: sanitizeResponses(audit.responses),
    ...(hasProfile(known) ? { profile: known } : {}),
    ...(audit.earlier ? { earlier: audit.earlier } : {}),
    ...retakesAuditOf(audit.retakesAudit),
    ...(origin ? { origin } : {}),
    savedAt: audit.savedAt,
    contentVersion: audit.contentVersion,
  });
}

/**
 * A save for later was stored: the tab's audit keeps when, as it stands now (the visitor may have
 * rated on while the save was on its way), so its next save to the link says what it continued from.
 */
export function noteAuditSaved(savedAt: string) {
  saveAuditProgress({ ...getSnapshot(), savedAt });
}

/** The audit in progress and a setter; renders blank during hydration, then the stored audit. */
export function useAuditProgress(): [AuditProgress, (next: AuditProgress) => void] {
  const progress = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const save = useCallback((next: AuditProgress) => saveAuditProgress(next), []);
  return [progress, save];
}
