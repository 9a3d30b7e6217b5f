import { useCallback, useSyncExternalStore } from 'react';
import { AREAS, sanitizeResponses, type Responses } from '../../core';
import { forgetReportedUsage } from '../usage/report-usage';

/**
 * The audit in progress, kept in sessionStorage so answers survive a reload in the same tab
 * and nothing lingers once the tab is closed.
 */
export interface AuditProgress {
  section: number;
  responses: Responses;
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
    const parsed = JSON.parse(raw) as { section?: unknown; responses?: unknown };
    const section = Number.isInteger(parsed.section) ? (parsed.section as number) : 0;
    return {
      section: Math.min(Math.max(section, 0), AREAS.length - 1),
      responses: sanitizeResponses(parsed.responses),
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

/** Forgets the audit in progress: "Retake Audit" and "Take Another Audit" start blank. */
export function clearAuditProgress() {
  forgetReportedUsage();
  saveAuditProgress(BLANK);
}

/** The audit in progress and a setter; renders blank during hydration, then the stored audit. */
export function useAuditProgress(): [AuditProgress, (next: AuditProgress) => void] {
  const progress = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const save = useCallback((next: AuditProgress) => saveAuditProgress(next), []);
  return [progress, save];
}
