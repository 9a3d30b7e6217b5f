// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { traverseHistory } from '../../../../test/support/session-history';
import { BrowserRouter } from '../../../browser/router';
import { AuditPage } from './audit-page';
import { clearAuditProgress, startRetake } from '../../audit-state/audit-session';
import type { ResultsState } from '../../audit-state/results-state';

function renderAudit() {
  return render(
    <BrowserRouter>
      <AuditPage />
    </BrowserRouter>,
  );
}

async function rateAll(user: ReturnType<typeof userEvent.setup>, digit: string) {
  for (const group of screen.getAllByRole('radiogroup')) {
    await user.click(within(group).getByRole('radio', { name: new RegExp(`^${digit}`) }));
  }
}

describe('AuditPage', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
    clearAuditProgress();
    window.history.replaceState(null, '', '/audit-tool');
  });

  it('labels each radio group by its statement and starts each option with its digit', () => {
    renderAudit();
    const groups = screen.getAllByRole('radiogroup');
    expect(groups).toHaveLength(5);
    expect(groups[0]).toHaveProperty('textContent', expect.stringContaining('day-to-day care workflows'));
    const names = within(groups[0])
      .getAllByRole('radio')
      .map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent);
    expect(names).toEqual(['1Poor', '2', '3', '4', '5Excellent']);
  });

  it('gates "Next Section" until all five are rated, then moves on and keeps the answers', async () => {
    const user = userEvent.setup();
    renderAudit();
    const next = screen.getByRole('button', { name: 'Next Section' });
    expect(next).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('progressbar', { name: 'Audit progress' }).getAttribute('aria-valuenow')).toBe(
      '20',
    );

    await rateAll(user, '4');
    expect(screen.getByText('5 of 5 questions answered')).toBeTruthy();
    expect(next).toHaveProperty('disabled', false);
    await user.click(next);

    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Compliance & Regulations');
    expect(screen.getByText('0 of 5 questions answered')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Audit progress' }).getAttribute('aria-valuenow')).toBe(
      '40',
    );
    const saved = JSON.parse(window.sessionStorage.getItem('care-audit:audit-in-progress') ?? '{}');
    // The first rating ties the audit to the words it is answered with (the page's: version 1).
    expect(saved).toEqual({
      section: 1,
      responses: { operational: { 0: 4, 1: 4, 2: 4, 3: 4, 4: 4 } },
      contentVersion: 1,
    });
  });

  async function completeSections(user: ReturnType<typeof userEvent.setup>, digit = '5') {
    for (let section = 0; section < 5; section++) {
      await rateAll(user, digit);
      await user.click(screen.getByRole('button', { name: section < 4 ? 'Next Section' : 'Complete Audit' }));
    }
    await vi.waitFor(() => expect(window.location.pathname).toBe('/audit-results'));
  }

  function resultsState() {
    return (window.history.state as { usr: ResultsState }).usr;
  }

  function sentAudits(fetchMock: { mock: { calls: Parameters<typeof fetch>[] } }) {
    return fetchMock.mock.calls
      .filter(([url]) => url === '/api/audits')
      .map(([, init]) => ({ init, body: JSON.parse(String(init?.body)) as Record<string, unknown> }));
  }

  it('"Complete Audit" shows the results at once, with no step between, and sends the audit without a profile', async () => {
    const fetchMock = vi.spyOn(window, 'fetch').mockResolvedValue(new Response(null, { status: 202 }));
    const user = userEvent.setup();
    renderAudit();
    await completeSections(user);

    const state = resultsState();
    expect(state.overallScore).toBe(100);
    expect(state.profile).toEqual({});
    expect(state.earlier).toBeUndefined();
    expect(Object.keys(state.responses)).toEqual([
      'operational',
      'compliance',
      'quality',
      'training',
      'data',
    ]);

    const audits = sentAudits(fetchMock);
    expect(audits).toHaveLength(1);
    expect(audits[0].init).toMatchObject({ method: 'POST', keepalive: true });
    const { body } = audits[0];
    expect(body.idempotencyKey).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(body).not.toHaveProperty('profile');
    // The results page sends the profile under the same key, so it carries it.
    expect(state.idempotencyKey).toBe(body.idempotencyKey);
    const saved = JSON.parse(window.sessionStorage.getItem('care-audit:audit-in-progress') ?? '{}');
    expect(saved.idempotencyKey).toBe(body.idempotencyKey);
  });

  it('shows the results at once even when sending to the benchmark fails', async () => {
    vi.spyOn(window, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderAudit();
    await completeSections(user);
    expect(resultsState().overallScore).toBe(100);
  });

  it('sends the same idempotency key again when the completed audit is completed twice', async () => {
    const fetchMock = vi.spyOn(window, 'fetch').mockResolvedValue(new Response(null, { status: 202 }));
    const user = userEvent.setup();
    const { unmount } = renderAudit();
    await completeSections(user);
    unmount();
    // The browser's Back button: the audit page again, at its last section.
    window.history.replaceState({ key: 'back', usr: { section: 4 } }, '', '/audit-tool');
    renderAudit();
    await user.click(await screen.findByRole('button', { name: 'Complete Audit' }));
    await vi.waitFor(() => expect(sentAudits(fetchMock)).toHaveLength(2));
    const [first, second] = sentAudits(fetchMock).map((sent) => sent.body.idempotencyKey);
    expect(second).toBe(first);
  });

  it('says which statements still need a rating next to the disabled button, in words, and nothing once all are rated', async () => {
    const user = userEvent.setup();
    renderAudit();
    const next = screen.getByRole('button', { name: 'Next Section' });
    const hint = () => document.getElementById('continue-hint');
    expect(hint()?.textContent).toBe('Rate all 5 statements to continue.');
    expect(hint()?.getAttribute('aria-live')).toBe('polite');
    expect(next.getAttribute('aria-describedby')).toBe('continue-hint');
    const groups = screen.getAllByRole('radiogroup');
    await user.click(within(groups[0]).getByRole('radio', { name: /^3/ }));
    await user.click(within(groups[2]).getByRole('radio', { name: /^3/ }));
    expect(hint()?.textContent).toBe('Rate statements 2, 4 and 5 to continue.');
    await user.click(within(groups[1]).getByRole('radio', { name: /^3/ }));
    await user.click(within(groups[4]).getByRole('radio', { name: /^3/ }));
    expect(hint()?.textContent).toBe('Rate statement 4 to continue.');
    await user.click(within(groups[3]).getByRole('radio', { name: /^3/ }));
    expect(hint()?.textContent).toBe('');
    expect(next).toHaveProperty('disabled', false);
    expect(next.getAttribute('aria-describedby')).toBeNull();
  });

  it('makes each section a history entry: Back and Forward move between sections, and focus its heading', async () => {
    const user = userEvent.setup();
    renderAudit();
    const heading = () => screen.getByRole('heading', { level: 2 });
    // The page opened with nothing focused; Next, from the first entry too, moves focus to the new section.
    expect(document.activeElement).toBe(document.body);
    for (let section = 0; section < 2; section++) {
      await rateAll(user, '4');
      await user.click(screen.getByRole('button', { name: 'Next Section' }));
      await vi.waitFor(() => expect(document.activeElement).toBe(heading()));
    }
    expect(heading().textContent).toContain('Service Quality');
    expect(window.location.pathname).toBe('/audit-tool');

    await traverseHistory(-1);
    await vi.waitFor(() => expect(heading().textContent).toContain('Compliance & Regulations'));
    await vi.waitFor(() => expect(document.activeElement).toBe(heading()));
    expect(screen.getByText('5 of 5 questions answered')).toBeTruthy();
    await traverseHistory(-1);
    await vi.waitFor(() => expect(heading().textContent).toContain('Operational Efficiency'));
    await traverseHistory(1);
    await vi.waitFor(() => expect(heading().textContent).toContain('Compliance & Regulations'));
    // The tab's stored audit follows, so a reload reopens the section on screen.
    const saved = JSON.parse(window.sessionStorage.getItem('care-audit:audit-in-progress') ?? '{}');
    expect(saved.section).toBe(1);
  });

  it('never shows a section past the first one with a statement unrated, whatever the history entry says', async () => {
    window.history.replaceState({ key: 'old', usr: { section: 4 } }, '', '/audit-tool');
    renderAudit();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Operational Efficiency');
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
  });

  it('a retake carries the earlier result and its profile to the results, and sends that profile', async () => {
    const fetchMock = vi.spyOn(window, 'fetch').mockResolvedValue(new Response(null, { status: 202 }));
    const earlier = {
      takenOn: '2026-11-20',
      scores: { operational: 40, compliance: 40, quality: 40, training: 40, data: 40 },
      overall: 40,
    };
    startRetake({ responses: {}, profile: { size: '100_plus' }, earlier, contentVersion: 1 });
    const user = userEvent.setup();
    renderAudit();
    await completeSections(user, '3');
    expect(resultsState()).toMatchObject({ overallScore: 60, profile: { size: '100_plus' }, earlier });
    expect(sentAudits(fetchMock)[0].body.profile).toEqual({ size: '100_plus' });
  });
});
