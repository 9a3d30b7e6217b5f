// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserRouter } from '../../router';
import { AuditPage } from './audit-page';
import { clearAuditProgress } from '../../audit-state/audit-session';

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

  it('shows "Complete Audit" on the last section and navigates with the answers as state', async () => {
    const user = userEvent.setup();
    renderAudit();
    for (let section = 0; section < 5; section++) {
      await rateAll(user, '5');
      await user.click(screen.getByRole('button', { name: section < 4 ? 'Next Section' : 'Complete Audit' }));
    }
    await vi.waitFor(() => expect(window.location.pathname).toBe('/audit-results'));
    const state = (window.history.state as { usr: { overallScore: number; responses: object } }).usr;
    expect(state.overallScore).toBe(100);
    expect(Object.keys(state.responses)).toEqual([
      'operational',
      'compliance',
      'quality',
      'training',
      'data',
    ]);
  });
});
