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
});
