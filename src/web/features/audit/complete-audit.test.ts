// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Responses } from '../../../core';
import type { AuditProgress } from '../../audit-state/audit-session';
import { completeAudit } from './complete-audit';

const ALL_FOURS = Object.fromEntries(
  ['operational', 'compliance', 'quality', 'training', 'data'].map((id) => [
    id,
    { 0: 4, 1: 4, 2: 4, 3: 4, 4: 4 },
  ]),
) as Responses;
const TOKEN = 'C'.repeat(43);

/** Completes the audit with fetch answering `answer`; the URLs asked and the navigation made. */
function complete(progress: AuditProgress, answer: () => Promise<Response>) {
  const urls: string[] = [];
  const inits: (RequestInit | undefined)[] = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    urls.push(url);
    inits.push(init);
    return answer();
  });
  const save = vi.fn();
  const navigate = vi.fn();
  completeAudit(progress, save, navigate);
  return { urls, inits, save, navigate };
}

describe('completeAudit', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells the continue link it came from that the audit is completed, without waiting for it', async () => {
    let release: (response: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => (release = resolve));
    const { urls, inits, navigate } = complete(
      { section: 4, responses: ALL_FOURS, origin: { continueToken: TOKEN } },
      () => pending,
    );
    expect(urls).toEqual(['/api/audits', `/api/saved-audits/${TOKEN}/completed`]);
    expect(inits[1]).toMatchObject({ method: 'POST', keepalive: true });
    // The results are opened before either answer has come.
    expect(navigate).toHaveBeenCalledWith(
      '/audit-results',
      expect.objectContaining({ state: expect.objectContaining({ origin: { continueToken: TOKEN } }) }),
    );
    release(new Response(null, { status: 204 }));
    await pending;
  });

  it('opens the results even when telling the link fails', async () => {
    const { urls, navigate } = complete(
      { section: 4, responses: ALL_FOURS, origin: { continueToken: TOKEN } },
      () => Promise.reject(new TypeError('Failed to fetch')),
    );
    expect(urls).toContain(`/api/saved-audits/${TOKEN}/completed`);
    expect(navigate).toHaveBeenCalledTimes(1);
    // The rejection is caught: nothing reaches the page as an unhandled error.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it('tells no link when the audit was not opened from one (a retake’s results link is not one)', () => {
    const { urls } = complete(
      { section: 4, responses: ALL_FOURS, origin: { retakeOf: 'R'.repeat(43) } },
      () => Promise.resolve(new Response(null, { status: 202 })),
    );
    expect(urls).toEqual(['/api/audits']);
  });

  const EARLIER_KEY = '9b2e4c6a-1d3f-4e5a-8b7c-6d5e4f3a2b1c';
  const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

  it('sends a retake’s audit naming the audit it retakes, and keeps that name for the results', () => {
    const { inits, navigate } = complete(
      { section: 4, responses: ALL_FOURS, retakesAudit: EARLIER_KEY, origin: { retakeOf: 'R'.repeat(43) } },
      () => Promise.resolve(new Response(null, { status: 202 })),
    );
    const sent = bodyOf(inits[0]);
    expect(sent).toMatchObject({ retakes: EARLIER_KEY, responses: ALL_FOURS });
    // Its own key is new: a retake is an audit of its own, which replaces the earlier one.
    expect(sent.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.idempotencyKey).not.toBe(EARLIER_KEY);
    expect(navigate).toHaveBeenCalledWith(
      '/audit-results',
      expect.objectContaining({
        state: expect.objectContaining({ retakesAudit: EARLIER_KEY, idempotencyKey: sent.idempotencyKey }),
      }),
    );
  });

  it('sends a saved retake continued from its link naming the audit it retakes, and tells the link', () => {
    const { urls, inits } = complete(
      { section: 4, responses: ALL_FOURS, retakesAudit: EARLIER_KEY, origin: { continueToken: TOKEN } },
      () => Promise.resolve(new Response(null, { status: 202 })),
    );
    expect(urls).toEqual(['/api/audits', `/api/saved-audits/${TOKEN}/completed`]);
    expect(bodyOf(inits[0])).toMatchObject({ retakes: EARLIER_KEY });
  });

  it('names no audit for a first audit', () => {
    const { inits } = complete({ section: 4, responses: ALL_FOURS }, () =>
      Promise.resolve(new Response(null, { status: 202 })),
    );
    expect(bodyOf(inits[0])).not.toHaveProperty('retakes');
  });
});
