// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { traverseHistory } from '../../../../test/support/session-history';
import { BrowserRouter } from '../../../browser/router';
import { clearAuditProgress, startRetake } from '../../audit-state/audit-session';
import { AuditPage } from './audit-page';

// What the audit page tells the usage counters as a visitor moves through it: each step once per
// audit, whatever the reloads, Back and Next (the counting rules are report-usage.ts's own tests).

let sent: string[] = [];
beforeEach(() => {
  sent = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (_url: string, body: string) => {
      const { event, section } = JSON.parse(body) as { event: string; section?: number };
      sent.push(section === undefined ? event : `${event} ${section}`);
      return true;
    },
  });
  vi.spyOn(window, 'fetch').mockResolvedValue(new Response(null, { status: 202 }));
  clearAuditProgress();
  window.history.replaceState(null, '', '/audit-tool');
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'sendBeacon');
  vi.restoreAllMocks();
});

function renderAudit() {
  return render(
    <BrowserRouter>
      <AuditPage />
    </BrowserRouter>,
  );
}

async function rateAll(user: ReturnType<typeof userEvent.setup>) {
  for (const group of screen.getAllByRole('radiogroup')) {
    await user.click(within(group).getByRole('radio', { name: /^4/ }));
  }
}

const heading = () => screen.getByRole('heading', { level: 2 }).textContent;

describe('the audit page’s usage reports', () => {
  it('reports nothing for a page opened and left: the audit starts with its first rating, section 1 with it', async () => {
    const user = userEvent.setup();
    const { unmount } = renderAudit();
    expect(sent).toEqual([]);
    unmount();
    renderAudit(); // a reload
    expect(sent).toEqual([]);
    await user.click(within(screen.getAllByRole('radiogroup')[0]!).getByRole('radio', { name: /^3/ }));
    await user.click(within(screen.getAllByRole('radiogroup')[1]!).getByRole('radio', { name: /^3/ }));
    expect(sent).toEqual(['started', 'section_reached 1']);
  });

  it('reports each section once: Next, Previous, Back, Forward and a reload count nothing more', async () => {
    const user = userEvent.setup();
    const { unmount } = renderAudit();
    for (let section = 0; section < 2; section++) {
      await rateAll(user);
      await user.click(screen.getByRole('button', { name: 'Next Section' }));
    }
    await vi.waitFor(() => expect(heading()).toContain('Service Quality'));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await vi.waitFor(() => expect(heading()).toContain('Compliance & Regulations'));
    // Previous is a move of its own: Back goes to section 3 again, then 2, then 1.
    for (const title of ['Service Quality', 'Compliance & Regulations', 'Operational Efficiency']) {
      await traverseHistory(-1);
      await vi.waitFor(() => expect(heading()).toContain(title));
    }
    await traverseHistory(1);
    await vi.waitFor(() => expect(heading()).toContain('Compliance & Regulations'));
    await user.click(screen.getByRole('button', { name: 'Next Section' }));
    await vi.waitFor(() => expect(heading()).toContain('Service Quality'));
    unmount();
    renderAudit(); // a reload on section 3
    await vi.waitFor(() => expect(heading()).toContain('Service Quality'));
    expect(sent).toEqual(['started', 'section_reached 1', 'section_reached 2', 'section_reached 3']);
  });

  it('counts a retake as a new audit, started when it opens with the earlier answers', async () => {
    const user = userEvent.setup();
    const { unmount } = renderAudit();
    await rateAll(user);
    expect(sent).toEqual(['started', 'section_reached 1']);
    unmount(); // "Retake with these answers" is on the results page: the audit page opens anew
    const answers = { 0: 4, 1: 4, 2: 4, 3: 4, 4: 4 } as const;
    startRetake({
      contentVersion: 1,
      responses: {
        operational: answers,
        compliance: answers,
        quality: answers,
        training: answers,
        data: answers,
      },
      earlier: {
        takenOn: '2026-11-20',
        scores: { operational: 75, compliance: 75, quality: 75, training: 75, data: 75 },
        overall: 75,
      },
    });
    renderAudit();
    await vi.waitFor(() => expect(sent).toHaveLength(4));
    expect(sent.slice(2)).toEqual(['started', 'section_reached 1']);
    await user.click(screen.getByRole('button', { name: 'Next Section' }));
    await vi.waitFor(() => expect(sent.at(-1)).toBe('section_reached 2'));
  });
});
