// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Responses } from '../../../core';
import { BrowserRouter, useLocation } from '../../../browser/router';
import { pushLocation } from '../../../browser/router/history';
import { saveAuditProgress, type AuditProgress } from '../../audit-state/audit-session';
import { AuditPage } from './audit-page';
import { ContinuePage } from './continue-page';

const TOKEN = 'K'.repeat(43);
// Generous: the machine is shared, and a screen's first render there can be slow.
const WAIT = { timeout: 10_000 };
const STORAGE_KEY = 'care-audit:audit-in-progress';
const RESPONSES: Responses = {
  operational: { 0: 5, 1: 5, 2: 5, 3: 5, 4: 5 },
  compliance: { 0: 4, 1: 4, 2: 4, 3: 4, 4: 4 },
  quality: { 0: 1, 2: 3 },
};
const SAVED = {
  section: 2,
  responses: RESPONSES,
  profile: { size: '25_99' },
  savedAt: '2026-11-24T17:45:00.000Z',
  expiresOn: '2026-12-20',
};

/** The page at a path, and the audit page it hands over to (as the app would load it). */
function renderAt(pathname: string) {
  pushLocation(pathname, { replace: true });
  return render(
    <BrowserRouter>
      <Screen />
    </BrowserRouter>,
  );
}

function Screen() {
  // A stand-in for the app's route switch: the two screens this page moves between.
  return useLocation().pathname === '/audit-tool' ? <AuditPage /> : <ContinuePage />;
}

function stubFetch(...answers: (() => Response | Promise<Response>)[]) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/api/events') return new Response(null, { status: 204 });
    calls.push(url);
    const next = answers.shift();
    if (!next) throw new Error(`no answer for ${url}`);
    return next();
  });
  return calls;
}

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stored(): AuditProgress {
  return JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as AuditProgress;
}

describe('ContinuePage', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    saveAuditProgress({ section: 4, responses: { data: { 0: 1 } }, idempotencyKey: crypto.randomUUID() });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('found: makes the saved audit this tab’s, opens the audit at its section in place of the link, and welcomes back', async () => {
    const calls = stubFetch(json(200, SAVED));
    const lengthBefore = window.history.length;
    renderAt(`/audit-tool/continue/${TOKEN}`);
    expect(screen.getByRole('status').textContent).toBe('Opening your saved audit…');

    await waitFor(() => expect(window.location.pathname).toBe('/audit-tool'), WAIT);
    expect(calls).toEqual([`/api/saved-audits/${TOKEN}`]);
    // Replaced, not pushed: Back does not return to the link and open it again.
    expect(window.history.length).toBe(lengthBefore);
    expect(stored()).toEqual({
      section: 2,
      responses: RESPONSES,
      profile: { size: '25_99' },
      origin: { continueToken: TOKEN },
      savedAt: SAVED.savedAt,
      contentVersion: 1,
    });
    expect((await screen.findByRole('heading', { level: 2 }, WAIT)).textContent).toContain('Section 3 of 5');
    await waitFor(
      () =>
        expect(screen.getByText(/^Welcome back/).textContent).toBe(
          'Welcome back: your answers are as you left them on 24 November 2026.',
        ),
      WAIT,
    );
    expect(screen.getByText(/^Welcome back/).closest('[role="status"]')).not.toBeNull();
    // Every answer is there: section 3 shows its two ratings.
    expect(screen.getByText('2 of 5 questions answered')).toBeTruthy();
  });

  it('a saved retake keeps the key of the audit it retakes, for the benchmark once it is completed; a malformed one is dropped', async () => {
    const retakesAudit = '9b2e4c6a-1d3f-4e5a-8b7c-6d5e4f3a2b1c';
    stubFetch(json(200, { ...SAVED, retakesAudit }));
    renderAt(`/audit-tool/continue/${TOKEN}`);
    await waitFor(() => expect(window.location.pathname).toBe('/audit-tool'), WAIT);
    expect(stored()).toMatchObject({ retakesAudit, origin: { continueToken: TOKEN } });

    window.sessionStorage.clear();
    stubFetch(json(200, { ...SAVED, retakesAudit: 'not-a-key' }));
    renderAt(`/audit-tool/continue/${TOKEN}`);
    await waitFor(() => expect(stored()).toMatchObject({ origin: { continueToken: TOKEN } }), WAIT);
    expect(stored()).not.toHaveProperty('retakesAudit');
  });

  it('completed (410): says so and offers a fresh start that clears the tab’s audit', async () => {
    const user = userEvent.setup();
    stubFetch(json(410, { error: { code: 'completed', message: 'Completed' } }));
    renderAt(`/audit-tool/continue/${TOKEN}`);
    expect(
      (
        await screen.findByRole(
          'heading',
          { level: 1, name: 'This audit was completed with this link' },
          WAIT,
        )
      ).tagName,
    ).toBe('H1');
    await user.click(screen.getByRole('button', { name: 'Start a new audit' }));
    expect(window.location.pathname).toBe('/audit-tool');
    expect(stored()).toEqual({ section: 0, responses: {} });
  });

  it('expired or unknown (404): says so, that saved audits are kept 30 days, and offers a fresh start', async () => {
    const user = userEvent.setup();
    stubFetch(json(404, { error: { code: 'not_found', message: 'Not found' } }));
    renderAt(`/audit-tool/continue/${TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'This link has expired or is not valid' }, WAIT);
    expect(screen.getByText(/kept for 30 days/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Start a new audit' }));
    expect(stored()).toEqual({ section: 0, responses: {} });
  });

  it('a malformed token is an expired link at once, asking the server nothing', () => {
    const calls = stubFetch();
    renderAt('/audit-tool/continue/not-a-token');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'This link has expired or is not valid',
    );
    expect(calls).toEqual([]);
  });

  it('a network failure offers to try again, which then opens the audit', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')), json(200, SAVED));
    renderAt(`/audit-tool/continue/${TOKEN}`);
    const alert = await screen.findByRole('alert', {}, WAIT);
    expect(alert.textContent).toContain('Your saved audit could not be opened.');
    // Nothing changed yet: the tab's audit is as it was.
    expect(stored().section).toBe(4);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(window.location.pathname).toBe('/audit-tool'), WAIT);
    expect(calls).toHaveLength(2);
    expect(stored().origin).toEqual({ continueToken: TOKEN });
  });

  it('a server error is a failure to retry too, not an expired link', async () => {
    stubFetch(() => new Response('oops', { status: 503 }));
    renderAt(`/audit-tool/continue/${TOKEN}`);
    expect((await screen.findByRole('alert', {}, WAIT)).textContent).toContain('could not be opened');
  });
});
