// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EarlierResult, Responses } from '../../core';

const KEY = 'care-audit:audit-in-progress';
const FULL: Responses = Object.fromEntries(
  ['operational', 'compliance', 'quality', 'training', 'data'].map((id) => [
    id,
    { 0: 3, 1: 3, 2: 3, 3: 3, 4: 3 },
  ]),
) as Responses;
const EARLIER: EarlierResult = {
  takenOn: '2026-11-20',
  scores: { operational: 60, compliance: 60, quality: 60, training: 60, data: 60 },
  overall: 60,
};
const KEY_UUID = '3f2a4c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b';

/** A fresh copy of the module, so that it reads sessionStorage afresh as after a reload. */
async function session() {
  vi.resetModules();
  return import('./audit-session');
}

/** What a reload of the tab would read back. */
async function reread() {
  const { useAuditProgress } = await session();
  const { renderHook } = await import('@testing-library/react');
  return renderHook(() => useAuditProgress()).result.current[0];
}

describe('audit progress in sessionStorage', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('keeps the profile, the idempotency key and the earlier result over a reload', async () => {
    const { saveAuditProgress } = await session();
    const progress = {
      section: 4,
      responses: FULL,
      profile: { serviceType: 'nursing', size: '100_plus' },
      idempotencyKey: KEY_UUID,
      earlier: EARLIER,
    } as const;
    saveAuditProgress(progress);
    expect(await reread()).toEqual(progress);
  });

  it('drops what is malformed: unknown profile values, a key that is not a UUID, a bad earlier result', async () => {
    window.sessionStorage.setItem(
      KEY,
      JSON.stringify({
        section: 9,
        responses: FULL,
        // A step between the last section and the results, from before part 3: no longer read.
        aboutService: true,
        profile: { serviceType: 'castle', size: '25_99' },
        idempotencyKey: 'not-a-uuid',
        earlier: { ...EARLIER, overall: 101 },
      }),
    );
    expect(await reread()).toEqual({
      section: 4,
      responses: FULL,
      profile: { size: '25_99' },
    });
  });

  it('starts a retake at the first section with the answers, profile and earlier result, and no key', async () => {
    const { saveAuditProgress, startRetake } = await session();
    saveAuditProgress({ section: 4, responses: {}, idempotencyKey: KEY_UUID });
    window.sessionStorage.setItem('care-audit:usage-reported', '["started"]');
    startRetake({
      responses: FULL,
      profile: { serviceType: 'home_care' },
      earlier: EARLIER,
      contentVersion: 1,
    });
    expect(await reread()).toEqual({
      section: 0,
      responses: FULL,
      profile: { serviceType: 'home_care' },
      earlier: EARLIER,
      // Its answers' version, to be carried by key into the version the audit page is served with.
      carryFrom: 1,
    });
    // A retake is a new audit: its usage events count again.
    expect(window.sessionStorage.getItem('care-audit:usage-reported')).toBeNull();
  });

  it('starts blank after clearAuditProgress, forgetting profile, key and earlier result', async () => {
    const { saveAuditProgress, clearAuditProgress } = await session();
    saveAuditProgress({ section: 2, responses: FULL, profile: { size: 'under_25' }, earlier: EARLIER });
    clearAuditProgress();
    expect(await reread()).toEqual({ section: 0, responses: {} });
  });

  it('keeps the key of the audit a retake retakes over a reload, and drops one that is not a key', async () => {
    const { clearAuditProgress } = await session();
    clearAuditProgress(KEY_UUID);
    expect(await reread()).toEqual({ section: 0, responses: {}, retakesAudit: KEY_UUID });
    window.sessionStorage.setItem(
      KEY,
      JSON.stringify({ section: 0, responses: {}, retakesAudit: 'earlier' }),
    );
    expect(await reread()).toEqual({ section: 0, responses: {} });
    clearAuditProgress('not-a-key');
    expect(await reread()).toEqual({ section: 0, responses: {} });
  });
  const TOKEN = 'c'.repeat(43);

  it("resumes a saved audit as the tab's audit: its section, answers, profile, earlier result, link and save time", async () => {
    const { saveAuditProgress, resumeSavedAudit } = await session();
    saveAuditProgress({
      section: 1,
      responses: {},
      idempotencyKey: KEY_UUID,
      origin: { retakeOf: 'r'.repeat(43) },
    });
    window.sessionStorage.setItem('care-audit:usage-reported', '["started"]');
    resumeSavedAudit(TOKEN, {
      section: 3,
      responses: FULL,
      profile: { serviceType: 'nursing' },
      earlier: EARLIER,
      savedAt: '2026-11-25T16:30:00.000Z',
      contentVersion: 1,
    });
    // The tab's earlier audit gives way entirely: no key, no retake link of its own.
    expect(await reread()).toEqual({
      section: 3,
      responses: FULL,
      profile: { serviceType: 'nursing' },
      earlier: EARLIER,
      origin: { continueToken: TOKEN },
      savedAt: '2026-11-25T16:30:00.000Z',
      contentVersion: 1,
    });
    // Counted where it was saved: its start and sections 1 to 4 (it stopped at the fourth).
    expect(JSON.parse(window.sessionStorage.getItem('care-audit:usage-reported') ?? 'null')).toEqual([
      'started',
      'section_1_reached',
      'section_2_reached',
      'section_3_reached',
      'section_4_reached',
    ]);
  });

  it('keeps a section within the audit and drops an empty profile when resuming', async () => {
    const { resumeSavedAudit } = await session();
    resumeSavedAudit(TOKEN, {
      section: 9,
      responses: FULL,
      profile: {},
      savedAt: '2026-11-25T16:30:00.000Z',
      contentVersion: 1,
    });
    expect(await reread()).toEqual({
      section: 4,
      responses: FULL,
      origin: { continueToken: TOKEN },
      savedAt: '2026-11-25T16:30:00.000Z',
      contentVersion: 1,
    });
  });

  it('notes a save on the audit as it stands now, and drops a save time that is not one on reload', async () => {
    const { saveAuditProgress, noteAuditSaved } = await session();
    saveAuditProgress({ section: 2, responses: FULL, origin: { continueToken: TOKEN } });
    noteAuditSaved('2026-11-26T09:00:00.000Z');
    expect(await reread()).toEqual({
      section: 2,
      responses: FULL,
      origin: { continueToken: TOKEN },
      savedAt: '2026-11-26T09:00:00.000Z',
    });
    window.sessionStorage.setItem(KEY, JSON.stringify({ section: 2, responses: FULL, savedAt: 'yesterday' }));
    expect(await reread()).toEqual({ section: 2, responses: FULL });
  });
});
