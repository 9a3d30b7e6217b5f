// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_V1, type AuditContent } from '../core/content';
import { setUnauthorizedHandler } from './api';
import {
  changesIn,
  fakeTeamApi,
  json,
  renderTeamAt,
  type Answer,
  type Handler,
  type Sent,
} from '../../test/support/team-fake-api';
import type { ContentDraft, ContentOverview, ContentVersionDetail } from './content-api';
import { CONFLICT_MESSAGE } from './pages/content/content-editor';

// The Audit content page as members and editors use it, against a fake of the content routes
// (the brief's contract) that remembers every request.

const ME = 'editor@care-audit.example';
const COLLEAGUE = 'colleague@care-audit.example';

/** What no handler answers: the session, and "no such route" for anything else. */
function fallback(request: Sent): Answer {
  return request.path === '/api/team/session'
    ? json({ signedIn: true, email: ME, expiresAt: '2026-12-01T00:00:00Z' })
    : json({ error: { code: 'not_found', message: `No fake for ${request.method} ${request.path}` } }, 404);
}

const fakeApi = (sent: Sent[], handlers: Handler[]) => fakeTeamApi(sent, handlers, fallback);

const VERSION_1 = {
  version: 1,
  note: 'The words as first published',
  publishedBy: null,
  publishedAt: '2026-11-01T09:00:00Z',
  restoredFrom: null,
};

/** Version 2: version 1's words with one statement reworded, published by a colleague. */
function version2Content(): AuditContent {
  const content = structuredClone(CONTENT_V1);
  content.areas[0].statements[0].text = 'Our care is planned in one digital system.';
  return content;
}

/** The content routes as the server answers them, for a member who is an editor or not. */
function contentRoutes({ canEdit, draft = CONTENT_V1 }: { canEdit: boolean; draft?: AuditContent }): Handler {
  const overview: ContentOverview = {
    live: 2,
    canEdit,
    versions: [
      {
        version: 2,
        note: 'Clearer first statement',
        publishedBy: COLLEAGUE,
        publishedAt: '2026-11-20T10:15:00Z',
        restoredFrom: null,
      },
      VERSION_1,
    ],
    draft: null,
  };
  return ({ method, path }) => {
    if (method === 'GET' && path === '/api/team/content') return json(overview);
    if (method === 'GET' && path === '/api/team/content/versions/1')
      return json({ ...VERSION_1, content: CONTENT_V1 } satisfies ContentVersionDetail);
    if (method === 'GET' && path === '/api/team/content/versions/2')
      return json({ ...overview.versions[0], content: version2Content() } satisfies ContentVersionDetail);
    if (method === 'GET' && path === '/api/team/content/draft')
      return json({
        revision: 0,
        baseVersion: 2,
        savedBy: null,
        savedAt: null,
        content: draft,
      } satisfies ContentDraft);
    return undefined;
  };
}

const renderAt = renderTeamAt;
const changes = changesIn;
const text = (element: HTMLElement) => element.textContent ?? '';
const valueOf = (element: HTMLElement) => (element as HTMLInputElement).value;
/** The workspace's live region for good news (the page's preview has one of its own, after it). */
const notice = () => screen.getAllByRole('status')[0];

/** Replaces a field's words as a person pasting them would (typing each key is slow on this form). */
async function replaceText(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, words: string) {
  await user.clear(field);
  await user.paste(words);
}

/** The editor opened on the draft, and the fields of one statement. */
async function openEditor(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit the next version' }));
  expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Edit the next version' }));
  await screen.findByRole('form', { name: 'The next version’s words' });
}

function statementGroup(area: string, n: number) {
  return within(screen.getByRole('group', { name: area })).getByRole('group', { name: `Statement ${n}` });
}

describe('the Audit content page', () => {
  const sent: Sent[] = [];
  beforeEach(() => {
    sent.length = 0;
    setUnauthorizedHandler(() => undefined);
    // jsdom has <dialog> but not its modal methods: open and close it as a browser does.
    HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    };
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows a member the versions and any version’s words, with no control to edit them', async () => {
    fakeApi(sent, [contentRoutes({ canEdit: false })]);
    const user = userEvent.setup();
    renderAt('/team/content');
    const table = await screen.findByRole('table', { name: 'Published versions, newest first' });
    const rows = within(table).getAllByRole('row').slice(1).map(text);
    expect(rows[0]).toMatch(
      /2 \(live\).*Clearer first statement.*colleague@care-audit\.example.*20 Nov 2026/,
    );
    expect(rows[1]).toMatch(/^1.*The words as first published.*The site.*1 Nov 2026/);
    expect(screen.getByText('Version 2 is live')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Download version 1' }).getAttribute('href')).toBe(
      '/api/team/content/versions/1/export',
    );
    expect(screen.getByRole('link', { name: 'Audit content' }).getAttribute('aria-current')).toBe('page');

    await user.click(screen.getByRole('button', { name: 'Read version 1' }));
    const reading = await screen.findByRole('region', { name: 'The words of version 1' });
    expect(document.activeElement).toBe(within(reading).getByRole('heading', { level: 2 }));
    await within(reading).findByText(CONTENT_V1.areas[0].statements[0].text);
    expect(text(reading)).toContain('Build the foundations');
    expect(text(reading)).toContain(CONTENT_V1.areas[0].statements[0].nextStep);
    expect(text(reading)).toContain('Framework: CQC quality statements');

    for (const name of ['Edit the next version', 'Restore version 1', 'Save draft'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByText('Import a file')).toBeNull();
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect(changes(sent)).toEqual([]);
  });

  it('saves an edited statement as one paragraph, with the revision it loaded, and lists the change', async () => {
    fakeApi(sent, [
      contentRoutes({ canEdit: true, draft: version2Content() }),
      ({ method, path }) =>
        method === 'PUT' && path === '/api/team/content/draft'
          ? json({ revision: 1, savedAt: '2026-11-29T10:00:00Z' })
          : undefined,
    ]);
    const user = userEvent.setup();
    renderAt('/team/content');
    await openEditor(user);
    const field = within(statementGroup('Operational Efficiency', 2)).getByRole('textbox', { name: 'Text' });
    await replaceText(user, field, 'Referrals and reviews\nare tracked for us. ');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(text(notice())).toContain('Draft saved.'));
    const [put] = changes(sent);
    const expected = version2Content();
    expected.areas[0].statements[1].text = 'Referrals and reviews are tracked for us.';
    expect(put).toEqual({
      method: 'PUT',
      path: '/api/team/content/draft',
      body: { revision: 0, content: expected },
    });
    expect(screen.getByText('No unsaved changes')).toBeTruthy();

    const changed = screen.getByRole('region', { name: 'What changed' });
    expect(text(changed)).toContain('1 change from version 2');
    expect(text(changed)).toContain('Operational Efficiency, statement 2, text');
    expect(text(changed)).toContain('After: Referrals and reviews are tracked for us.');
  });

  it('says another editor saved the draft meanwhile, keeps the edits until the editor reloads', async () => {
    const theirs = structuredClone(CONTENT_V1);
    theirs.areas[0].statements[1].text = 'Their words.';
    let drafts = 0;
    fakeApi(sent, [
      ({ method, path }) => {
        if (method === 'PUT' && path === '/api/team/content/draft')
          return json(
            {
              error: { code: 'draft_changed', message: 'Someone else saved this draft since you opened it.' },
            },
            409,
          );
        if (method === 'GET' && path === '/api/team/content/draft' && drafts++ > 0)
          return json({
            revision: 3,
            baseVersion: 2,
            savedBy: COLLEAGUE,
            savedAt: '2026-11-29T09:00:00Z',
            content: theirs,
          });
        return undefined;
      },
      contentRoutes({ canEdit: true }),
    ]);
    const user = userEvent.setup();
    renderAt('/team/content');
    await openEditor(user);
    const field = () =>
      within(statementGroup('Operational Efficiency', 2)).getByRole('textbox', { name: 'Text' });
    await replaceText(user, field(), 'My words.');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    const alert = await screen.findByText(CONFLICT_MESSAGE);
    expect(CONFLICT_MESSAGE).toBe(
      'Another editor saved the draft since you opened it. Saving now would overwrite their changes.',
    );
    // Said where the editor is, and focused, so a screen reader reads it at once.
    expect(document.activeElement).toBe(alert.closest('[role="alert"]'));
    expect(valueOf(field())).toBe('My words.');
    expect(text(notice())).not.toContain('Draft saved');

    await user.click(screen.getByRole('button', { name: 'Reload the draft' }));
    await waitFor(() => expect(valueOf(field())).toBe('Their words.'));
    expect(screen.queryByText(CONFLICT_MESSAGE)).toBeNull();
    expect(text(screen.getByRole('region', { name: 'Edit the next version' }))).toContain(
      `last saved by ${COLLEAGUE}`,
    );
  });

  it('lists a field’s problem in a focused summary linked to the field, and sends nothing', async () => {
    fakeApi(sent, [contentRoutes({ canEdit: true })]);
    const user = userEvent.setup();
    renderAt('/team/content');
    await openEditor(user);
    const shortName = within(statementGroup('Service Quality', 1)).getByRole('textbox', {
      name: 'Short name',
    });
    await user.clear(shortName);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    const summary = await screen.findByRole('alert', { name: 'Fix these before going on' });
    expect(document.activeElement).toBe(summary);
    const link = within(summary).getByRole('link', {
      name: 'Service Quality, statement 1’s short name must not be empty.',
    });
    expect(link.getAttribute('href')).toBe(`#${shortName.id}`);
    expect(shortName.getAttribute('aria-invalid')).toBe('true');
    await user.click(link);
    expect(document.activeElement).toBe(shortName);
    expect(changes(sent)).toEqual([]);
  });

  it('publishes with a required note, saving the changes first, and says the version is live', async () => {
    fakeApi(sent, [
      contentRoutes({ canEdit: true }),
      ({ method, path }) => {
        if (method === 'PUT' && path === '/api/team/content/draft')
          return json({ revision: 4, savedAt: '2026-11-29T10:00:00Z' });
        if (method === 'POST' && path === '/api/team/content/publish') return json({ version: 3 });
        return undefined;
      },
    ]);
    const user = userEvent.setup();
    renderAt('/team/content');
    await openEditor(user);
    const advice = within(screen.getByRole('group', { name: 'Data Management' })).getByRole('textbox', {
      name: 'Advice, Sustain and optimise (80% and above)',
    });
    await replaceText(user, advice, 'Keep your data safe.');

    const publishing = screen.getByRole('region', { name: 'Publish' });
    await user.click(within(publishing).getByRole('button', { name: 'Publish version 3…' }));
    const note = within(publishing).getByRole('textbox', { name: 'Note for the version list' });
    expect(text(screen.getByText('Write a short note of what this version changes.'))).toBeTruthy();
    expect(document.activeElement).toBe(note);
    expect(changes(sent)).toEqual([]);

    await user.click(note);
    await user.paste('  Shorter data advice  ');
    await user.click(within(publishing).getByRole('button', { name: 'Publish version 3…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish version 3?' });
    expect(text(dialog)).toContain('Your unsaved changes are saved first.');
    expect(changes(sent)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Publish version 3' }));

    await waitFor(() => expect(text(notice())).toContain('Version 3 is live.'));
    const [put, publish] = changes(sent);
    expect(put.method).toBe('PUT');
    expect((put.body as { content: AuditContent }).content.areas[4].advice.sustain).toBe(
      'Keep your data safe.',
    );
    expect(publish).toEqual({
      method: 'POST',
      path: '/api/team/content/publish',
      body: { revision: 4, note: 'Shorter data advice' },
    });
    expect(screen.queryByRole('form', { name: 'The next version’s words' })).toBeNull();
  });

  it('restores an old version with a note and says which version is live', async () => {
    fakeApi(sent, [
      contentRoutes({ canEdit: true }),
      ({ method, path }) =>
        method === 'POST' && path === '/api/team/content/versions/1/restore'
          ? json({ version: 3 })
          : undefined,
    ]);
    const user = userEvent.setup();
    renderAt('/team/content');
    expect(screen.queryByRole('button', { name: 'Restore version 2' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Restore version 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore version 1?' });
    const note = within(dialog).getByRole('textbox', { name: 'Note for the version list' });
    await replaceText(user, note, 'Back to the first words');
    await user.click(within(dialog).getByRole('button', { name: 'Restore version 1' }));
    await waitFor(() => expect(text(notice())).toContain('Version 3 is live (restored from version 1).'));
    expect(changes(sent)).toEqual([
      {
        method: 'POST',
        path: '/api/team/content/versions/1/restore',
        body: { note: 'Back to the first words' },
      },
    ]);
  });

  it('shows why an imported file was refused, and keeps the draft', async () => {
    const problem =
      'This content is in format 2, newer than this site reads (format 1). Update the site first.';
    fakeApi(sent, [
      contentRoutes({ canEdit: true }),
      ({ method, path }) =>
        method === 'POST' && path === '/api/team/content/import'
          ? json(
              {
                error: {
                  code: 'invalid_content',
                  message: 'This file cannot be imported: see the problems listed.',
                  problems: [problem],
                },
              },
              400,
            )
          : undefined,
    ]);
    const user = userEvent.setup();
    renderAt('/team/content');
    await openEditor(user);
    const importing = screen.getByText('Import a file');
    await user.click(importing);
    const file = { format: 'care-audit-content', schema: 2, version: 7, content: {} };
    const form = importing.closest('details') as HTMLElement;
    await user.upload(
      within(form).getByLabelText('A content file (.json), as “Download” saves one'),
      new File([JSON.stringify(file)], 'care-audit-content-v7.json', { type: 'application/json' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Import the file' }));

    const summary = (await screen.findByText(problem)).closest<HTMLElement>('[role="alert"]');
    expect(summary && text(summary)).toContain('The file was not imported');
    expect(changes(sent)).toEqual([
      { method: 'POST', path: '/api/team/content/import', body: { ...file, revision: 0 } },
    ]);
    expect(
      valueOf(within(statementGroup('Operational Efficiency', 1)).getByRole('textbox', { name: 'Text' })),
    ).toBe(CONTENT_V1.areas[0].statements[0].text);
  });

  it('previews the results, the e-mail and the PDF of the form’s words for a chosen band', async () => {
    // jsdom has no object URLs: the page's PDF link gets this address.
    vi.stubGlobal(
      'URL',
      Object.assign(class extends URL {}, {
        createObjectURL: vi.fn(() => 'blob:preview-pdf'),
        revokeObjectURL: vi.fn(),
      }),
    );
    fakeApi(sent, [
      contentRoutes({ canEdit: true }),
      ({ method, path }) => {
        if (method === 'POST' && path === '/api/team/content/preview/email')
          return json({
            subject: 'Your Care Audit results',
            text: 'Your overall score is 60%.',
            html: '<p>Your overall score is 60%.</p>',
          });
        if (method === 'POST' && path === '/api/team/content/preview/pdf') return json({});
        return undefined;
      },
    ]);
    const user = userEvent.setup();
    renderAt('/team/content');
    await openEditor(user);
    const preview = screen.getByRole('region', { name: 'Preview' });
    const show = () =>
      within(preview).getByRole('button', { name: /^(Show the preview|Make the preview PDF)$/ });

    await user.click(within(preview).getByRole('radio', { name: 'Audit' }));
    await user.click(show());
    expect(text(preview)).toContain('Section 1 of 5: Operational Efficiency');
    expect(text(preview)).toContain('Rate each statement: 1 (Poor), 2, 3, 4, 5 (Excellent).');

    // The previews use the form's words, saved or not.
    const advice = within(screen.getByRole('group', { name: 'Operational Efficiency' })).getByRole(
      'textbox',
      {
        name: 'Advice, Take the next steps (60–79%)',
      },
    );
    await replaceText(user, advice, 'Plan every visit in one place.');
    const previewed = structuredClone(CONTENT_V1);
    previewed.areas[0].advice.next_steps = 'Plan every visit in one place.';

    await user.click(within(preview).getByRole('radio', { name: 'Results' }));
    await user.click(within(preview).getByRole('radio', { name: 'Take the next steps (60–79%)' }));
    await user.click(show());
    expect(text(preview)).toContain('Overall score: 60% (Good)');
    expect(text(preview)).toContain('Operational Efficiency: 60% (Good)');
    expect(text(preview)).toContain('Plan every visit in one place.');
    expect(text(preview)).toContain(CONTENT_V1.recommendationsIntro.improve);

    await user.click(within(preview).getByRole('radio', { name: 'E-mail' }));
    await user.click(show());
    await within(preview).findByText('Your overall score is 60%.', { selector: 'pre' });
    expect(text(preview)).toContain('Subject: Your Care Audit results');
    // The HTML version opens as its own document: the workspace's CSP would refuse its inline styles.
    const html = within(preview).getByRole('link', { name: 'Download the e-mail’s HTML version' });
    expect(html.getAttribute('download')).toBe('care-audit-preview-email-next_steps.html');

    await user.click(within(preview).getByRole('radio', { name: 'PDF' }));
    await user.click(show());
    const link = await within(preview).findByRole('link', { name: 'Download the preview PDF' });
    expect(link.getAttribute('href')).toBe('blob:preview-pdf');
    expect(changes(sent)).toEqual([
      {
        method: 'POST',
        path: '/api/team/content/preview/email',
        body: { content: previewed, band: 'next_steps' },
      },
      {
        method: 'POST',
        path: '/api/team/content/preview/pdf',
        body: { content: previewed, band: 'next_steps' },
      },
    ]);
  });
});
