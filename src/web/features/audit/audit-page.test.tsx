// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserRouter } from '../../router';
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
    expect(saved).toEqual({ section: 1, responses: { operational: { 0: 4, 1: 4, 2: 4, 3: 4, 4: 4 } } });
  });

  async function completeSections(user: ReturnType<typeof userEvent.setup>, digit = '5') {
    for (let section = 0; section < 5; section++) {
      await rateAll(user, digit);
      await user.click(screen.getByRole('button', { name: section < 4 ? 'Next Section' : 'Complete Audit' }));
    }
    return screen.findByRole('heading', { level: 2, name: /About your service/ });
  }

  function resultsState() {
    return (window.history.state as { usr: ResultsState }).usr;
  }

  it('after "Complete Audit" asks about the service, focused on its heading, then shows the results', async () => {
    const fetchMock = vi.spyOn(window, 'fetch').mockResolvedValue(new Response(null, { status: 202 }));
    const user = userEvent.setup();
    renderAudit();
    const heading = await completeSections(user);
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
    expect(window.location.pathname).toBe('/audit-tool');

    const type = screen.getByRole('radiogroup', { name: 'What type of service do you run?' });
    expect(
      within(type)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['Home care', 'Residential care', 'Nursing care', 'Supported living', 'Other']);
    const size = screen.getByRole('radiogroup', { name: 'How many people do you support?' });
    expect(
      within(size)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['Under 25', '25–99', '100 or more']);
    await user.click(within(type).getByRole('radio', { name: 'Nursing care' }));
    await user.click(within(size).getByRole('radio', { name: '25–99' }));
    await user.click(screen.getByRole('button', { name: 'See my results' }));

    await vi.waitFor(() => expect(window.location.pathname).toBe('/audit-results'));
    const state = resultsState();
    expect(state.overallScore).toBe(100);
    expect(state.profile).toEqual({ serviceType: 'nursing', size: '25_99' });
    expect(state.earlier).toBeUndefined();
    expect(Object.keys(state.responses)).toEqual([
      'operational',
      'compliance',
      'quality',
      'training',
      'data',
    ]);

    const audits = fetchMock.mock.calls.filter(([url]) => url === '/api/audits');
    expect(audits).toHaveLength(1);
    const [, init] = audits[0];
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    const body = JSON.parse(String(init?.body)) as { idempotencyKey: string; profile: object };
    expect(body.idempotencyKey).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(body.profile).toEqual({ serviceType: 'nursing', size: '25_99' });
    const saved = JSON.parse(window.sessionStorage.getItem('care-audit:audit-in-progress') ?? '{}');
    expect(saved.idempotencyKey).toBe(body.idempotencyKey);
  });

  it('"Skip this question" shows the results without a profile, even after a choice, and sends none', async () => {
    const fetchMock = vi.spyOn(window, 'fetch').mockResolvedValue(new Response(null, { status: 202 }));
    const user = userEvent.setup();
    renderAudit();
    await completeSections(user, '2');
    await user.click(screen.getByRole('radio', { name: 'Home care' }));
    await user.click(screen.getByRole('button', { name: 'Skip this question' }));
    await vi.waitFor(() => expect(window.location.pathname).toBe('/audit-results'));
    expect(resultsState()).toMatchObject({ overallScore: 40, profile: {} });
    const body = JSON.parse(String(fetchMock.mock.calls.find(([url]) => url === '/api/audits')?.[1]?.body));
    expect(body).not.toHaveProperty('profile');
  });

  it('shows the results at once even when sending to the benchmark fails', async () => {
    vi.spyOn(window, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderAudit();
    await completeSections(user);
    await user.click(screen.getByRole('button', { name: 'See my results' }));
    await vi.waitFor(() => expect(window.location.pathname).toBe('/audit-results'));
  });

  it('sends the same idempotency key again when the completed audit is sent twice', async () => {
    const fetchMock = vi.spyOn(window, 'fetch').mockResolvedValue(new Response(null, { status: 202 }));
    const user = userEvent.setup();
    const { unmount } = renderAudit();
    await completeSections(user);
    await user.click(screen.getByRole('button', { name: 'See my results' }));
    await vi.waitFor(() => expect(window.location.pathname).toBe('/audit-results'));
    unmount();
    // The browser's Back button: the audit page again, still at its last step.
    window.history.replaceState(null, '', '/audit-tool');
    renderAudit();
    await user.click(await screen.findByRole('button', { name: 'Skip this question' }));
    const keys = fetchMock.mock.calls
      .filter(([url]) => url === '/api/audits')
      .map(([, init]) => (JSON.parse(String(init?.body)) as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('"Previous" on the last step goes back to the last section with its answers', async () => {
    const user = userEvent.setup();
    renderAudit();
    await completeSections(user);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Data Management');
    expect(screen.getByText('5 of 5 questions answered')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Complete Audit' })).toHaveProperty('disabled', false);
  });

  it('a retake carries the earlier result to the results', async () => {
    vi.spyOn(window, 'fetch').mockResolvedValue(new Response(null, { status: 202 }));
    const earlier = {
      takenOn: '2026-11-20',
      scores: { operational: 40, compliance: 40, quality: 40, training: 40, data: 40 },
      overall: 40,
    };
    startRetake({ responses: {}, profile: { size: '100_plus' }, earlier });
    const user = userEvent.setup();
    renderAudit();
    await completeSections(user, '3');
    expect(screen.getByRole('radio', { name: '100 or more' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'See my results' }));
    await vi.waitFor(() => expect(window.location.pathname).toBe('/audit-results'));
    expect(resultsState()).toMatchObject({ overallScore: 60, profile: { size: '100_plus' }, earlier });
  });
});
