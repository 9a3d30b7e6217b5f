// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_V1, type AuditContent, type ContentVersion } from '../../core/content';
import { BrowserRouter } from '../../browser/router';
import { clearAuditProgress, saveAuditProgress } from '../audit-state/audit-session';
import { AuditPage } from '../features/audit/audit-page';
import { PageContentProvider, readPageContent } from './page-content';

/**
 * Issue 34 in the browser: a new audit is answered in the words the page was served with; one
 * begun before a publish keeps its own version's words, fetched once, and says so while it waits
 * or if the fetch fails.
 */
function wordsWith(first: string, intro = ''): AuditContent {
  const words = structuredClone(CONTENT_V1);
  words.areas[0]!.statements[0]!.text = first;
  words.areas[0]!.intro = intro;
  return words;
}
const V2: ContentVersion = {
  version: 2,
  content: wordsWith('Version two: one digital care record.', 'About your operations.'),
};
const V3: ContentVersion = { version: 3, content: wordsWith('Version three: one record for everything.') };

function renderAudit(page: ContentVersion) {
  return render(
    <PageContentProvider value={page}>
      <BrowserRouter>
        <AuditPage />
      </BrowserRouter>
    </PageContentProvider>,
  );
}

/** The requests for a version's words, among the page's other requests (usage counts and such). */
function contentRequests(fetchSpy: ReturnType<typeof vi.fn>): unknown[] {
  return fetchSpy.mock.calls.map((call) => call[0]).filter((url) => String(url).startsWith('/api/content'));
}

function firstStatement(): string {
  return screen.getAllByRole('radiogroup')[0]?.textContent ?? '';
}

describe('the audit’s words by version', () => {
  beforeEach(() => {
    clearAuditProgress();
    window.history.replaceState(null, '', '/audit-tool');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.getElementById('audit-content')?.remove();
  });

  it('reads the page’s version from its data block, and none without one or from a broken one', () => {
    expect(readPageContent()).toBeUndefined();
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'audit-content';
    block.textContent = JSON.stringify(V2);
    document.body.append(block);
    expect(readPageContent()).toEqual(V2);
    block.textContent = '{"version": 2, "cont';
    expect(readPageContent()).toBeUndefined();
  });

  it('asks a new audit in the page’s words, with the section’s introduction, and ties it to that version', async () => {
    const fetchSpy = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchSpy);
    const user = userEvent.setup();
    renderAudit(V2);
    expect(firstStatement()).toContain('Version two: one digital care record.');
    expect(screen.getByText('About your operations.')).toBeTruthy();
    await user.click(within(screen.getAllByRole('radiogroup')[0]!).getByRole('radio', { name: /^3/ }));
    const stored = JSON.parse(window.sessionStorage.getItem('care-audit:audit-in-progress') ?? '{}');
    expect(stored.contentVersion).toBe(2);
    expect(contentRequests(fetchSpy)).toEqual([]);
  });

  it('keeps an audit begun in version 2 in version 2’s words after version 3 is published, fetching them once', async () => {
    const fetchSpy = vi.fn(async (url: unknown) =>
      String(url) === '/api/content/2'
        ? new Response(JSON.stringify(V2), { status: 200 })
        : new Response(null, { status: 204 }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    saveAuditProgress({ section: 0, responses: { operational: { 0: 4 } }, contentVersion: 2 });
    renderAudit(V3);
    await waitFor(() => expect(firstStatement()).toContain('Version two: one digital care record.'));
    expect(firstStatement()).not.toContain('Version three');
    expect(contentRequests(fetchSpy)).toEqual(['/api/content/2']);
  });

  it('says the statements could not be loaded when an earlier version cannot be fetched', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 503 })),
    );
    saveAuditProgress({ section: 0, responses: { operational: { 0: 4 } }, contentVersion: 4 });
    renderAudit(V3);
    expect(screen.getByText('Loading the audit’s statements…').getAttribute('role')).toBe('status');
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
    expect(screen.queryAllByRole('radiogroup')).toHaveLength(0);
  });

  it('asks version 1 from the bundle when an audit names it, with no request', async () => {
    const fetchSpy = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchSpy);
    saveAuditProgress({ section: 0, responses: { operational: { 0: 4 } }, contentVersion: 1 });
    renderAudit(V3);
    await waitFor(() => expect(firstStatement()).toContain(CONTENT_V1.areas[0]!.statements[0]!.text));
    expect(contentRequests(fetchSpy)).toEqual([]);
  });

  it('carries a retake’s answers by key into the page’s version: a new meaning starts unrated', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    const v3 = structuredClone(V3);
    v3.content.areas[0]!.statements[0]!.key = 'operational-one-record';
    saveAuditProgress({
      section: 0,
      responses: { operational: { 0: 4, 1: 4, 2: 4, 3: 4, 4: 4 } },
      carryFrom: 1,
    });
    renderAudit(v3);
    await waitFor(() => expect(firstStatement()).toContain('Version three'));
    const stored = JSON.parse(window.sessionStorage.getItem('care-audit:audit-in-progress') ?? '{}');
    expect(stored.contentVersion).toBe(3);
    expect(stored.carryFrom).toBeUndefined();
    expect(stored.responses.operational).toEqual({ 1: 4, 2: 4, 3: 4, 4: 4 });
    expect(screen.getByText('4 of 5 questions answered')).toBeTruthy();
  });
});
