// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EarlierResult, Responses } from '../../../core';
import { tooManyRequestsMessage } from '../../../shared/api-errors';
import { CONSENT_WORDING, EMAIL_REQUEST_MESSAGES as M } from '../../../shared/email-request-rules';
import { BrowserRouter } from '../../../browser/router';
import { pushLocation } from '../../../browser/router/history';
import { clearAuditProgress, saveAuditProgress, type AuditProgress } from '../../audit-state/audit-session';
import { AuditPage } from './audit-page';
import { NOTHING_TO_SAVE } from './save-words';
import { smallChallengeAnswer } from '../../../../test/support/proof-of-work';

const TWO_SECTIONS: Responses = {
  operational: { 0: 4, 1: 4, 2: 4, 3: 4, 4: 4 },
  compliance: { 0: 3, 1: 3, 2: 3, 3: 3, 4: 3 },
  quality: { 0: 2 },
};
const TOKEN = 'T'.repeat(43);
const STORAGE_KEY = 'care-audit:audit-in-progress';

interface Posted {
  url: string;
  body: Record<string, unknown>;
}

type Answer = () => Response;

/** A fake API: a real (small) challenge, and `answer` for every save, each remembered in `posted`. */
function stubApi(posted: Posted[], answer: Answer) {
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/challenge') return smallChallengeAnswer();
    if (url === '/api/events') return new Response(null, { status: 204 });
    posted.push({ url, body: JSON.parse(String(init?.body)) as Record<string, unknown> });
    return answer();
  });
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });

const ACCEPTED = { savedAt: '2026-11-26T10:00:00.000Z', expiresOn: '2026-12-26', replacedAnotherSave: false };

function renderAuditAt(progress: AuditProgress) {
  saveAuditProgress(progress);
  pushLocation('/audit-tool', { state: { section: progress.section }, replace: true });
  return render(
    <BrowserRouter>
      <AuditPage />
    </BrowserRouter>,
  );
}

function stored(): AuditProgress {
  return JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as AuditProgress;
}

// The form and the save to a link load on first use: compile them once before the tests, so a
// loaded machine's first import does not outlast a test's wait.
beforeAll(async () => {
  await Promise.all([import('./save-for-later-form'), import('./save-to-link')]);
});

// Generous: the lazy chunk and the proof of work run on a machine others share.
const WAIT = { timeout: 10_000 };

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  const toggle = screen.getByRole('button', { name: 'Save and continue later' });
  await user.click(toggle);
  return screen.findByRole('button', { name: 'Email me a link' }, WAIT);
}

describe('"Save and continue later" with an address', () => {
  const posted: Posted[] = [];
  let answer: Answer;
  beforeEach(() => {
    posted.length = 0;
    answer = json(202, ACCEPTED);
    stubApi(posted, () => answer());
    clearAuditProgress();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('comes after the section’s Next and Previous, and reveals its form with the heading focused', async () => {
    const user = userEvent.setup();
    renderAuditAt({ section: 2, responses: TWO_SECTIONS });
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons).toEqual(['Next Section', 'Previous', 'Save and continue later']);
    const toggle = screen.getByRole('button', { name: 'Save and continue later' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')?.hidden).toBe(true);

    await openForm(user);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'Email yourself a link to this audit' }),
    );
    expect(
      screen.getByText(/opens this audit where you left off, on any device. It is kept for 30 days/),
    ).toBeTruthy();
    const consent = screen.getByRole('checkbox', { name: CONSENT_WORDING });
    expect((consent as HTMLInputElement).checked).toBe(false);

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Email me a link' })).toBeNull();
  });

  it('checks the address as the e-mail form does, focuses it, and sends nothing', async () => {
    const user = userEvent.setup();
    renderAuditAt({ section: 2, responses: TWO_SECTIONS });
    const submit = await openForm(user);
    await user.click(submit);
    const field = screen.getByLabelText('Email address');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(M.emailMissing)).toBeTruthy();
    expect(document.activeElement).toBe(field);

    await user.type(field, 'someone@care-home');
    await user.click(submit);
    expect(screen.getByText(M.emailInvalid)).toBeTruthy();
    await user.type(field, '.test');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(posted).toEqual([]);
  });

  it('with no answer yet, says there is nothing to save and sends nothing', async () => {
    const user = userEvent.setup();
    renderAuditAt({ section: 0, responses: {} });
    const submit = await openForm(user);
    await user.type(screen.getByLabelText('Email address'), 'someone@care-home.test');
    await user.click(submit);
    expect(screen.getByRole('alert').textContent).toBe(NOTHING_TO_SAVE);
    expect(posted).toEqual([]);
  });

  it('sends the audit where it stands, then says where the link went and until when; focus on the status', async () => {
    const user = userEvent.setup();
    renderAuditAt({ section: 2, responses: TWO_SECTIONS, profile: { serviceType: 'nursing' } });
    const submit = await openForm(user);
    await user.type(screen.getByLabelText('Email address'), '  someone@care-home.test ');
    await user.click(screen.getByRole('checkbox', { name: CONSENT_WORDING }));
    await user.click(submit);

    const status = await screen.findByText(/We've sent a link to/, {}, WAIT);
    expect(status.textContent).toBe(
      "We've sent a link to someone@care-home.test. It opens this audit where you left off, on any device, until the end of 26 December 2026 (UK time).",
    );
    expect(status.closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(status), WAIT);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      url: '/api/saved-audits',
      body: {
        email: 'someone@care-home.test',
        consent: true,
        responses: TWO_SECTIONS,
        section: 2,
        profile: { serviceType: 'nursing' },
        website: '',
        proof: { solution: { counter: 300 } },
      },
    });
    expect(posted[0]?.body).not.toHaveProperty('retakeOf');
    expect(posted[0]?.body).not.toHaveProperty('earlier');
    expect(stored().savedAt).toBe(ACCEPTED.savedAt);
  });

  it('sends a retake’s earlier result (its day and scores) and the results link it came from', async () => {
    const user = userEvent.setup();
    const earlier: EarlierResult = {
      takenOn: '2026-10-01',
      scores: { operational: 40, compliance: 50, quality: 60, training: 70, data: 80 },
      overall: 60,
    };
    const retakeOf = 'R'.repeat(43);
    renderAuditAt({ section: 1, responses: TWO_SECTIONS, earlier, origin: { retakeOf } });
    const submit = await openForm(user);
    await user.type(screen.getByLabelText('Email address'), 'someone@care-home.test');
    await user.click(submit);
    await screen.findByText(/We've sent a link to/, {}, WAIT);
    expect(posted[0]?.body).toMatchObject({
      consent: false,
      section: 1,
      earlier: { takenOn: '2026-10-01', scores: earlier.scores },
      retakeOf,
    });
    expect(posted[0]?.body.earlier).not.toHaveProperty('overall');
  });

  it('sends the key of the audit a retake retakes, so the audit continued from the link replaces it too', async () => {
    const user = userEvent.setup();
    const retakesAudit = '9b2e4c6a-1d3f-4e5a-8b7c-6d5e4f3a2b1c';
    renderAuditAt({
      section: 1,
      responses: TWO_SECTIONS,
      retakesAudit,
      origin: { retakeOf: 'R'.repeat(43) },
    });
    const submit = await openForm(user);
    await user.type(screen.getByLabelText('Email address'), 'someone@care-home.test');
    await user.click(submit);
    await screen.findByText(/We've sent a link to/, {}, WAIT);
    expect(posted[0]?.body).toMatchObject({ retakesAudit, retakeOf: 'R'.repeat(43) });
  });

  it('says when to try again after a 429, in the shared words, and keeps the form', async () => {
    const user = userEvent.setup();
    answer = json(
      429,
      { error: { code: 'rate_limited', message: 'Too many requests' } },
      { 'retry-after': '120' },
    );
    renderAuditAt({ section: 2, responses: TWO_SECTIONS });
    const submit = await openForm(user);
    await user.type(screen.getByLabelText('Email address'), 'someone@care-home.test');
    await user.click(submit);
    await waitFor(
      () => expect(screen.getByRole('alert').textContent).toBe(tooManyRequestsMessage(120)),
      WAIT,
    );
    expect(screen.getByRole('button', { name: 'Email me a link' })).toBeTruthy();
    expect(stored().savedAt).toBeUndefined();
  });

  it('shows the server’s own message for what it refused, and a retry for a failure it did not explain', async () => {
    const user = userEvent.setup();
    answer = json(400, { error: { code: 'invalid_request', message: 'Please enter a valid email address' } });
    renderAuditAt({ section: 2, responses: TWO_SECTIONS });
    const submit = await openForm(user);
    await user.type(screen.getByLabelText('Email address'), 'someone@care-home.test');
    await user.click(submit);
    await waitFor(
      () => expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address'),
      WAIT,
    );
    answer = () => new Response('<html>Bad gateway</html>', { status: 502 });
    await user.click(submit);
    await waitFor(
      () => expect(screen.getByRole('alert').textContent).toMatch(/could not be saved. Please/),
      WAIT,
    );
    expect(posted).toHaveLength(2);
  });
});

describe('"Save and continue later" on an audit opened from its link', () => {
  const posted: Posted[] = [];
  let answer: Answer;
  beforeEach(() => {
    posted.length = 0;
    answer = json(200, { ...ACCEPTED, savedAt: '2026-11-26T11:00:00.000Z' });
    stubApi(posted, () => answer());
    clearAuditProgress();
  });
  afterEach(() => vi.unstubAllGlobals());

  const opened: AuditProgress = {
    section: 2,
    responses: TWO_SECTIONS,
    origin: { continueToken: TOKEN },
    savedAt: '2026-11-25T16:30:00.000Z',
  };

  it('saves straight to the link, no address asked, and keeps the new save time', async () => {
    const user = userEvent.setup();
    renderAuditAt(opened);
    const button = screen.getByRole('button', { name: 'Save and continue later' });
    expect(button.getAttribute('aria-expanded')).toBeNull();
    await user.click(button);
    const status = await screen.findByText(/^Saved\./, {}, WAIT);
    expect(status.textContent).toBe(
      'Saved. Your link opens this audit until the end of 26 December 2026 (UK time).',
    );
    expect(status.closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(status), WAIT);
    expect(screen.queryByLabelText('Email address')).toBeNull();
    expect(posted).toEqual([
      {
        url: `/api/saved-audits/${TOKEN}`,
        body: { responses: TWO_SECTIONS, section: 2, savedAt: '2026-11-25T16:30:00.000Z' },
      },
    ]);
    expect(stored().savedAt).toBe('2026-11-26T11:00:00.000Z');

    // The next save continues from this one.
    await user.click(button);
    await waitFor(() => expect(posted).toHaveLength(2), WAIT);
    expect(posted[1]?.body.savedAt).toBe('2026-11-26T11:00:00.000Z');
  });

  it('says so when the save replaced one made on another device since the link was opened', async () => {
    const user = userEvent.setup();
    answer = json(200, { ...ACCEPTED, replacedAnotherSave: true });
    renderAuditAt(opened);
    await user.click(screen.getByRole('button', { name: 'Save and continue later' }));
    expect((await screen.findByText(/^Saved\./, {}, WAIT)).textContent).toBe(
      'Saved. This replaces answers saved from another device since you opened the link.',
    );
  });

  it('passes on the server’s words when the link’s audit was completed meanwhile', async () => {
    const user = userEvent.setup();
    answer = json(410, { error: { code: 'completed', message: 'This audit was completed with this link.' } });
    renderAuditAt(opened);
    await user.click(screen.getByRole('button', { name: 'Save and continue later' }));
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('alert')).getByText('This audit was completed with this link.'),
        ).toBeTruthy(),
      WAIT,
    );
    expect(stored().savedAt).toBe(opened.savedAt);
  });

  it('with no answer left, says there is nothing to save and sends nothing', async () => {
    const user = userEvent.setup();
    renderAuditAt({ ...opened, section: 0, responses: {} });
    await user.click(screen.getByRole('button', { name: 'Save and continue later' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(NOTHING_TO_SAVE), WAIT);
    expect(posted).toEqual([]);
  });
});
