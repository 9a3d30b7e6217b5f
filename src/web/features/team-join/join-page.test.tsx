// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AREA_IDS, TEAM_ROLE_LABELS } from '../../../core';
import { tooManyRequestsMessage } from '../../../shared/api-errors';
import { JOIN_PATH, TEAM_AUDIT_MESSAGES } from '../../../shared/team-audit';
import { BrowserRouter } from '../../../browser/router';
import { pushLocation } from '../../../browser/router/history';
import { smallChallengeAnswer } from '../../../../test/support/proof-of-work';
import { JoinPage } from './join-page';

const TOKEN = 'J'.repeat(43);
const JOIN_LINK = `${JOIN_PATH}/${TOKEN}`;
// Generous: the machine is shared, and a screen's first render there can be slow.
const WAIT = { timeout: 10_000 };
const OPEN = { status: 'open', closesAt: '2026-12-28T10:00:00.000Z', organisation: 'Sunrise Care' };
const AUDIT_KEY = 'care-audit:audit-in-progress';
const UNREACHABLE =
  'Your answers could not be sent. Please check your connection and try again: they are kept on this page.';

interface Call {
  url: string;
  method: string;
  body?: Record<string, unknown>;
}

type Answer = () => Response | Promise<Response>;

/**
 * A fake API: the invitation, a real (small) challenge for each proof of work, and `answers` for
 * each POST of the answers in turn. Every call is remembered.
 */
function stubApi(invitation: Answer, ...answers: Answer[]) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ url, method, ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) });
    if (url === '/api/challenge') return smallChallengeAnswer();
    if (url === `/api/team-audits/${TOKEN}` && method === 'GET') return invitation();
    if (url === `/api/team-audits/${TOKEN}/answers` && method === 'POST') {
      const next = answers.shift();
      if (next) return next();
    }
    throw new Error(`no answer for ${method} ${url}`);
  });
  return calls;
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
const apiError = (status: number, code: string, message: string, headers?: Record<string, string>) =>
  json(status, { error: { code, message } }, headers);
const offline: Answer = () => Promise.reject(new TypeError('Failed to fetch'));

function renderJoin(path = JOIN_LINK) {
  pushLocation(path, { replace: true });
  return render(
    <BrowserRouter>
      <JoinPage />
    </BrowserRouter>,
  );
}

const posted = (calls: Call[]) => calls.filter((c) => c.url.endsWith('/answers'));
/** The section's five statements (the role, on the last, is a radio group too). */
const statements = () =>
  screen.getAllByRole('radiogroup').filter((group) => group.classList.contains('rating'));

async function rateSection(user: ReturnType<typeof userEvent.setup>, digit: string) {
  for (const group of statements()) {
    await user.click(within(group).getByRole('radio', { name: new RegExp(`^${digit}`) }));
  }
}

/** Rates every section with `digit`, moving on with Next, and stops on the last section. */
async function answerAll(user: ReturnType<typeof userEvent.setup>, digit: string) {
  for (let section = 0; section < 5; section++) {
    await screen.findByText(`Section ${section + 1} of 5`, { selector: '.audit-section__step' }, WAIT);
    await rateSection(user, digit);
    if (section < 4) await user.click(screen.getByRole('button', { name: 'Next Section' }));
  }
}

const sendButton = () => screen.getByRole('button', { name: /^(Send my answers|Sending…)$/ });

// The parts the last section and the end load on their own: compile them once before the tests, so
// a loaded machine's first import does not outlast a test's wait.
beforeAll(async () => {
  await Promise.all([import('./own-results'), import('../../../browser/forms/choice-group')]);
});

describe('JoinPage', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('open: says whose team audit it is and that answers are anonymous, then asks section 1 of the audit', async () => {
    const calls = stubApi(json(200, OPEN));
    renderJoin();
    expect(screen.getByRole('status').textContent).toBe('Opening the team audit…');
    expect(await screen.findByText('You are answering Sunrise Care’s team audit.', {}, WAIT)).toBeTruthy();
    expect(screen.getByText(/Your answers are anonymous/).textContent).toContain(
      'We do not ask for your name or e-mail address.',
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      'Section 1 of 5Operational Efficiency',
    );
    expect(screen.getAllByRole('radiogroup')).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Next Section' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(calls[0]).toEqual({ url: `/api/team-audits/${TOKEN}`, method: 'GET' });
  });

  it('names the manager’s team audit when she gave no organisation', async () => {
    stubApi(json(200, { status: 'open', closesAt: OPEN.closesAt }));
    renderJoin();
    expect(await screen.findByText('You are answering your manager’s team audit.', {}, WAIT)).toBeTruthy();
  });

  it('closed: says the team audit has closed and asks nothing', async () => {
    stubApi(json(200, { ...OPEN, status: 'closed' }));
    renderJoin();
    expect(await screen.findByText(TEAM_AUDIT_MESSAGES.closed, {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Team audit closed');
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('not found: says there is no team audit at the link', async () => {
    stubApi(apiError(404, 'not_found', TEAM_AUDIT_MESSAGES.notFound));
    renderJoin();
    expect(await screen.findByText(TEAM_AUDIT_MESSAGES.notFound, {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Team audit not found');
  });

  it('no answer: offers to try again, and opens the team audit when it answers', async () => {
    const answers = [json(503, {}), json(200, OPEN)];
    stubApi(() => answers.shift()!());
    const user = userEvent.setup();
    renderJoin();
    expect(await screen.findByText('The team audit could not be opened.', {}, WAIT)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You are answering Sunrise Care’s team audit.', {}, WAIT)).toBeTruthy();
  });

  it('sends every answer with the role and the bot check, then shows the colleague’s own results; answering again replaces', async () => {
    const calls = stubApi(json(200, OPEN), json(200, { replaced: false }), json(200, { replaced: true }));
    const user = userEvent.setup();
    window.sessionStorage.setItem(AUDIT_KEY, JSON.stringify({ section: 2, responses: { data: { 0: 1 } } }));
    renderJoin();
    await answerAll(user, '4');

    // The role closes the last section: "Prefer not to say" until one is picked.
    const role = await screen.findByRole('radiogroup', { name: 'Your role (optional)' }, WAIT);
    expect(within(role).getByRole('radio', { name: 'Prefer not to say' })).toHaveProperty('checked', true);
    expect(
      within(role)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['Prefer not to say', ...Object.values(TEAM_ROLE_LABELS)]);
    await user.click(within(role).getByRole('radio', { name: 'Care worker' }));
    await user.click(sendButton());

    const sent = await screen.findByText('Thank you: your answers have joined the team’s.', {}, WAIT);
    expect(document.activeElement).toBe(sent);
    const [first] = posted(calls);
    expect(first.method).toBe('POST');
    const body = first.body!;
    expect(Object.keys(body).sort()).toEqual(['proof', 'respondentKey', 'responses', 'role', 'website']);
    expect(body.respondentKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.role).toBe('care-worker');
    expect(body.website).toBe('');
    expect(body.proof).toMatchObject({ challenge: expect.any(Object), solution: expect.any(Object) });
    expect(Object.keys(body.responses as object)).toEqual([...AREA_IDS]);
    expect(body.responses).toMatchObject({ data: { 0: 4, 1: 4, 2: 4, 3: 4, 4: 4 } });

    // Their own results: every statement at 4 is 80% overall and in each area.
    const overall = await screen.findByRole('progressbar', { name: 'Overall score' }, WAIT);
    expect(overall.getAttribute('aria-valuetext')).toBe('80%, Excellent');
    expect(screen.getAllByRole('progressbar', { name: / score$/ })).toHaveLength(6);
    expect(screen.getByRole('heading', { level: 3, name: 'Data Management' })).toBeTruthy();

    // The browser's own audit is untouched, and nothing was counted as usage.
    expect(JSON.parse(window.sessionStorage.getItem(AUDIT_KEY)!)).toEqual({
      section: 2,
      responses: { data: { 0: 1 } },
    });
    expect(calls.some((c) => c.url === '/api/events')).toBe(false);

    // Answering again: back to section 1 with the answers kept, sent under the same key.
    await user.click(screen.getByRole('button', { name: 'Change your answers' }));
    await screen.findByText('Section 1 of 5', { selector: '.audit-section__step' }, WAIT);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 }));
    for (let section = 0; section < 4; section++)
      await user.click(screen.getByRole('button', { name: 'Next Section' }));
    await user.click(sendButton());
    expect(
      await screen.findByText(
        'Thank you: your answers have joined the team’s, and replaced your earlier answers.',
        {},
        WAIT,
      ),
    ).toBeTruthy();
    const [, second] = posted(calls);
    expect(second.body!.respondentKey).toBe(body.respondentKey);
    expect(second.body!.role).toBe('care-worker');
  });

  it('leaves the role out when the colleague prefers not to say', async () => {
    const calls = stubApi(json(200, OPEN), json(200, { replaced: false }));
    const user = userEvent.setup();
    renderJoin();
    await answerAll(user, '2');
    await screen.findByRole('radiogroup', { name: 'Your role (optional)' }, WAIT);
    await user.click(sendButton());
    await screen.findByText('Thank you: your answers have joined the team’s.', {}, WAIT);
    expect(posted(calls)[0].body).not.toHaveProperty('role');
  });

  it.each([
    ['closed', apiError(409, 'closed', TEAM_AUDIT_MESSAGES.closed), TEAM_AUDIT_MESSAGES.closed],
    ['full', apiError(409, 'full', TEAM_AUDIT_MESSAGES.full), TEAM_AUDIT_MESSAGES.full],
    ['gone', apiError(404, 'not_found', 'Not found'), TEAM_AUDIT_MESSAGES.notFound],
    [
      'over the limit',
      apiError(429, 'rate_limited', 'Too many requests.', { 'retry-after': '600' }),
      tooManyRequestsMessage(600),
    ],
    [
      'refused by the bot check',
      apiError(400, 'bot_check_failed', 'Reload and try again.'),
      'Reload and try again.',
    ],
    ['a server error', json(500, 'oops'), UNREACHABLE],
    ['no answer', offline, UNREACHABLE],
  ])(
    '%s: says so, keeps the answers on screen, and a second try sends them',
    async (_name, failure, message) => {
      const calls = stubApi(json(200, OPEN), failure, json(200, { replaced: false }));
      const user = userEvent.setup();
      renderJoin();
      await answerAll(user, '5');
      await screen.findByRole('radiogroup', { name: 'Your role (optional)' }, WAIT);
      await user.click(sendButton());

      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message), WAIT);
      expect(screen.getByText('Section 5 of 5', { selector: '.audit-section__step' })).toBeTruthy();
      for (const group of statements()) {
        expect(within(group).getByRole('radio', { name: /^5/ })).toHaveProperty('checked', true);
      }
      expect(sendButton()).toHaveProperty('disabled', false);

      await user.click(sendButton());
      await screen.findByText('Thank you: your answers have joined the team’s.', {}, WAIT);
      const [first, second] = posted(calls);
      expect(second.body!.responses).toEqual(first.body!.responses);
      // Each try has its own proof: a challenge is accepted once.
      expect(second.body!.proof).not.toEqual(first.body!.proof);
    },
  );

  it('keeps the answers in this tab for the join link alone: a reload loses nothing', async () => {
    stubApi(json(200, OPEN));
    const user = userEvent.setup();
    const { unmount } = renderJoin();
    await screen.findByText('Section 1 of 5', { selector: '.audit-section__step' }, WAIT);
    await rateSection(user, '3');
    unmount();

    renderJoin();
    await screen.findByText('Section 1 of 5', { selector: '.audit-section__step' }, WAIT);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Next Section' })).toHaveProperty('disabled', false),
    );
    expect(window.sessionStorage.getItem(AUDIT_KEY)).toBeNull();
  });
});
