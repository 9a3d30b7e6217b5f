// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AREAS, teamView, type Rating, type Responses, type TeamAnswer, type TeamView } from '../../../core';
import { CONTENT_V1 } from '../../../core/content';
import type { ManagerTeamAudit, TeamAuditSummary } from '../../../shared/team-audit';
import { BrowserRouter } from '../../../browser/router';
import { pushLocation } from '../../../browser/router/history';
import ResultsRoute from '../../routes/results';
import { TeamAuditSection } from './team-audit-section';
import { mailtoHref } from './team-audit-words';

const TOKEN = 'T'.repeat(43);
const PATH = `/api/results/${TOKEN}/team-audit`;
const JOIN_LINK = `https://care-audit.example/audit-tool/join/${'J'.repeat(43)}`;
/** 28 December 2026 in the UK (a winter moment: GMT). */
const CLOSES_AT = '2026-12-28T10:00:00.000Z';
const OPENED_AT = '2026-11-28T10:00:00.000Z';

/** Every statement of each area rated as given, in the audit's order of areas. */
function rated(ratings: readonly Rating[]): Responses {
  return Object.fromEntries(
    AREAS.map((area, i) => [
      area.id,
      { 0: ratings[i], 1: ratings[i], 2: ratings[i], 3: ratings[i], 4: ratings[i] },
    ]),
  );
}

const OWN = rated([4, 4, 4, 4, 4]);
/**
 * Three care workers and a manager: Operational Efficiency scored 20, 60, 60 and 100 (median 60),
 * and only the care workers are three, so theirs is the one role shown apart.
 */
const ANSWERS: TeamAnswer[] = [
  { role: 'care-worker', responses: rated([1, 2, 3, 3, 3]) },
  { role: 'care-worker', responses: rated([3, 3, 3, 3, 3]) },
  { role: 'care-worker', responses: rated([3, 4, 3, 3, 3]) },
  { role: 'manager', responses: rated([5, 5, 3, 3, 3]) },
];
const VIEW: TeamView = teamView(ANSWERS, OWN, CONTENT_V1)!;

function summary(change: Partial<TeamAuditSummary> = {}): TeamAuditSummary {
  return {
    joinLink: JOIN_LINK,
    openedAt: OPENED_AT,
    closesAt: CLOSES_AT,
    status: 'open',
    respondents: 0,
    ...change,
  };
}

type Answer = Response | 'network';
interface Call {
  method: string;
  url: string;
  body: string | undefined;
}
let calls: Call[] = [];

/** A fake API: each "METHOD path" answered in turn by its list (the last answer repeats). */
function stubApi(answers: Record<string, (() => Answer)[]>) {
  calls = [];
  const used: Record<string, number> = {};
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body === undefined ? undefined : String(init.body) });
    const key = `${method} ${url}`;
    const list = answers[key];
    if (!list) return new Response('{}', { status: 404 });
    const index = Math.min(used[key] ?? 0, list.length - 1);
    used[key] = index + 1;
    const answer = list[index]!();
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return answer;
  });
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const audit = (teamAudit: TeamAuditSummary | null, organisation?: string): (() => Answer) => {
  const body: ManagerTeamAudit = { teamAudit, ...(organisation ? { organisation } : {}) };
  return () => json(body);
};
const failure = (status: number, message: string) => () =>
  json({ error: { code: status === 429 ? 'rate_limited' : 'internal_error', message } }, status);

const section = () => screen.getByRole('region', { name: 'Ask your team' });
const renderSection = () => render(<TeamAuditSection token={TOKEN} />);

beforeEach(() => vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => callback(0)));
afterEach(() => vi.unstubAllGlobals());

describe('before the first team audit', () => {
  it('explains, and "Ask your team to answer" opens one and shows its link, focused', async () => {
    stubApi({ [`GET ${PATH}`]: [audit(null)], [`POST ${PATH}`]: [audit(summary())] });
    const user = userEvent.setup();
    renderSection();
    expect(
      await screen.findByText(/Ask the people you work with to answer the same 25 statements/),
    ).toBeTruthy();
    expect(within(section()).getByText(/We send nothing to your colleagues/)).toBeTruthy();
    expect(screen.queryByLabelText('Your team’s link')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Ask your team to answer' }));
    const link = (await screen.findByLabelText('Your team’s link')) as HTMLInputElement;
    expect(link.value).toBe(JOIN_LINK);
    expect(link.readOnly).toBe(true);
    expect(document.activeElement).toBe(link);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', url: PATH, body: '{}' }]);
    expect(section().textContent).toContain(
      'No colleagues have answered yet. It closes on 28 December 2026.',
    );
  });

  it('a second press while the first is on its way sends nothing more', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    calls = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      calls.push({ method: init?.method ?? 'GET', url, body: undefined });
      if (init?.method === 'POST') await held;
      return json({ teamAudit: init?.method === 'POST' ? summary() : null });
    });
    const user = userEvent.setup();
    renderSection();
    const ask = await screen.findByRole('button', { name: 'Ask your team to answer' });
    await user.click(ask);
    expect(await within(section()).findByText('Opening your team audit…')).toBeTruthy();
    await user.click(ask);
    release();
    await screen.findByLabelText('Your team’s link');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});

describe('an open team audit', () => {
  it.each([
    [0, 'No colleagues have answered yet.', '(3 more)'],
    [1, '1 colleague has answered.', '(2 more)'],
    [2, '2 colleagues have answered.', '(1 more)'],
  ])('with %i answers says so, and that the view needs 3', async (respondents, said, more) => {
    stubApi({ [`GET ${PATH}`]: [audit(summary({ respondents }))] });
    renderSection();
    const status = await screen.findByText(said, { exact: false });
    expect(status.textContent).toBe(`Open ${said} It closes on 28 December 2026.`);
    expect(section().textContent).toContain(`Your team’s view appears here once 3 have answered ${more}`);
    expect(screen.queryByRole('heading', { name: 'Your team’s view' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Close the team audit' })).toBeTruthy();
  });

  it('with 3 or more answers shows the team’s view and no longer says it is waiting', async () => {
    const view = teamView(ANSWERS.slice(0, 3), OWN, CONTENT_V1)!;
    stubApi({ [`GET ${PATH}`]: [audit(summary({ respondents: 3, view }))] });
    renderSection();
    expect(await screen.findByRole('heading', { level: 3, name: 'Your team’s view' })).toBeTruthy();
    expect(section().textContent).toContain('3 colleagues have answered.');
    expect(section().textContent).not.toContain('appears here once');
  });

  it('names the organisation the colleagues’ page will show, when the manager gave one', async () => {
    stubApi({ [`GET ${PATH}`]: [audit(summary(), 'Sunrise Care')] });
    renderSection();
    expect(await screen.findByText(/The page they open calls it “Sunrise Care’s team audit”/)).toBeTruthy();
  });

  it('"Check for new answers" reads the team audit again and says what it found', async () => {
    stubApi({ [`GET ${PATH}`]: [audit(summary({ respondents: 1 })), audit(summary({ respondents: 2 }))] });
    const user = userEvent.setup();
    renderSection();
    await screen.findByText(/1 colleague has answered/);
    await user.click(screen.getByRole('button', { name: 'Check for new answers' }));
    expect(await screen.findByText('Checked just now. 2 colleagues have answered.')).toBeTruthy();
    expect(section().textContent).toContain('Open 2 colleagues have answered.');
  });
});

describe('sharing the link', () => {
  it('the mailto link opens the manager’s own e-mail with the link, what it is and when it closes', async () => {
    stubApi({ [`GET ${PATH}`]: [audit(summary())] });
    renderSection();
    const mail = await screen.findByRole('link', { name: 'Email the link' });
    const href = mail.getAttribute('href') ?? '';
    expect(href).toBe(mailtoHref(JOIN_LINK, CLOSES_AT));
    // No recipient: the manager chooses them in her own program, and the server never learns who.
    expect(href.startsWith('mailto:?subject=')).toBe(true);
    const params = new URLSearchParams(href.slice('mailto:?'.length).replace(/\+/g, '%2B'));
    expect(params.get('subject')).toBe('Please answer our care audit (about 10 minutes)');
    const body = params.get('body') ?? '';
    expect(body).toContain(`\r\n${JOIN_LINK}\r\n`);
    expect(body).toContain('It is anonymous');
    expect(body).toContain('about 10 minutes');
    expect(body).toContain('it closes on 28 December 2026.');
    expect(body).toContain('the same 25 statements');
  });

  it('the closing day is the UK’s: a moment late on 30 June in UTC is 1 July in London', () => {
    const body = decodeURIComponent(mailtoHref(JOIN_LINK, '2026-06-30T23:30:00.000Z'));
    expect(body).toContain('closes on 1 July 2026.');
  });

  it('"Copy link" copies the link and says "Copied", again on a second press', async () => {
    stubApi({ [`GET ${PATH}`]: [audit(summary())] });
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    // After userEvent.setup(), which puts a clipboard of its own in place.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(JOIN_LINK);
    const copied = await screen.findByText('Copied');
    expect(copied.closest('[role="status"]')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Copied')).not.toBe(copied);
  });

  it('when the browser refuses the clipboard, selects the link and says how to copy it', async () => {
    stubApi({ [`GET ${PATH}`]: [audit(summary())] });
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
      configurable: true,
    });
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    const message = await screen.findByText(/did not let us copy the link, so it is selected/);
    expect(message.closest('[role="status"]')).toBeTruthy();
    const link = screen.getByLabelText('Your team’s link') as HTMLInputElement;
    expect(document.activeElement).toBe(link);
    expect([link.selectionStart, link.selectionEnd]).toEqual([0, JOIN_LINK.length]);
    expect(screen.queryByText('Copied')).toBeNull();
  });

  it('without a clipboard at all (an insecure address) falls back the same way', async () => {
    stubApi({ [`GET ${PATH}`]: [audit(summary())] });
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText(/so it is selected/)).toBeTruthy();
  });
});

describe('closing', () => {
  it('asks first; "Keep it open" changes nothing; "Yes, close it" closes it and says so', async () => {
    const closed = summary({ status: 'closed', closedAt: '2026-12-02T15:00:00.000Z', respondents: 2 });
    stubApi({
      [`GET ${PATH}`]: [audit(summary({ respondents: 2 }))],
      [`POST ${PATH}/close`]: [audit(closed)],
    });
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Close the team audit' }));
    const group = screen.getByRole('group', { name: /Close the team audit now\?/ });
    expect(document.activeElement?.textContent).toMatch(/^Close the team audit now\?/);
    await user.click(within(group).getByRole('button', { name: 'Keep it open' }));
    expect(screen.queryByRole('group')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close the team audit' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Close the team audit' }));
    await user.click(screen.getByRole('button', { name: 'Yes, close it' }));
    const status = await screen.findByText(/Your team audit closed on 2 December 2026 with 2 respondents\./);
    expect(document.activeElement).toBe(status);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: `${PATH}/close`, body: '{}' },
    ]);
    expect(section().textContent).toContain('Only 2 colleagues answered, so there is no team view');
    expect(screen.queryByLabelText('Your team’s link')).toBeNull();
  });
});

describe('a closed team audit', () => {
  it('says when it closed and with how many, shows its view, and "Ask your team again" opens a new one', async () => {
    const closed = summary({
      status: 'closed',
      closedAt: '2026-12-12T09:00:00.000Z',
      respondents: 4,
      view: VIEW,
    });
    const reopened = summary({
      joinLink: `${JOIN_LINK.slice(0, -1)}K`,
      openedAt: '2026-12-13T09:00:00.000Z',
    });
    stubApi({ [`GET ${PATH}`]: [audit(closed)], [`POST ${PATH}`]: [audit(reopened)] });
    const user = userEvent.setup();
    renderSection();
    expect(
      await screen.findByText(/Your team audit closed on 12 December 2026 with 4 respondents\./),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Your team’s view' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close the team audit' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Ask your team again' }));
    const link = (await screen.findByLabelText('Your team’s link')) as HTMLInputElement;
    expect(link.value).toBe(reopened.joinLink);
    expect(section().textContent).toContain('No colleagues have answered yet.');
    expect(screen.queryByRole('heading', { name: 'Your team’s view' })).toBeNull();
  });

  it.each([
    [1, '1 respondent', 'Only 1 colleague answered'],
    [0, 'no respondents', 'No colleague answered'],
  ])('with %i answers says so in the singular or none', async (respondents, count, tooFew) => {
    const closed = summary({ status: 'closed', closedAt: CLOSES_AT, respondents });
    stubApi({ [`GET ${PATH}`]: [audit(closed)] });
    renderSection();
    expect(
      await screen.findByText(`Your team audit closed on 28 December 2026 with ${count}.`, { exact: false }),
    ).toBeTruthy();
    expect(section().textContent).toContain(tooFew);
  });
});

describe('the team’s view', () => {
  async function shown() {
    stubApi({ [`GET ${PATH}`]: [audit(summary({ respondents: 4, view: VIEW }))] });
    renderSection();
    await screen.findByRole('heading', { level: 3, name: 'Your team’s view' });
  }

  it('per area: the team’s median, the range in words and the manager’s own, each drawing hidden with a table of its figures', async () => {
    await shown();
    // Operational Efficiency: 20, 60, 60, 100 → median 60; the manager's own 80.
    const operational = within(section())
      .getByText('Operational Efficiency', { selector: '.team-range__title' })
      .closest('li')!;
    expect(operational.textContent).toContain(
      'Team 60%, you 80%: 20 points above the team’s median. Scores ranged from 20% to 100%.',
    );
    expect(operational.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    // Service Quality: every score 60.
    const quality = within(section())
      .getByText('Service Quality', { selector: '.team-range__title' })
      .closest('li')!;
    expect(quality.textContent).toContain('Every score was 60%.');

    const table = screen.getByRole('table', { name: 'Your team’s scores by area, beside yours' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'AreaTeamRangeYou',
      `Overall${VIEW.overall.median}%${VIEW.overall.lowest}% to ${VIEW.overall.highest}%80%`,
      'Operational Efficiency60%20% to 100%80%',
      'Compliance & Regulations70%40% to 100%80%',
      'Service Quality60%60% to 60%80%',
      'Staff Training & Support60%60% to 60%80%',
      'Data Management60%60% to 60%80%',
    ]);
  });

  it('the statements where answers differ most: their words, how many gave each rating, and the manager’s own', async () => {
    await shown();
    expect(screen.getByRole('heading', { level: 3, name: 'Where answers differ most' })).toBeTruthy();
    const items = within(section())
      .getAllByRole('listitem')
      .filter((li) => li.closest('.team-differing'));
    expect(items).toHaveLength(5);
    const first = items[0]!;
    // Operational Efficiency's first statement: rated 1, 3, 3 and 5.
    expect(first.textContent).toContain(AREAS[0]!.questions[0]);
    expect(first.textContent).toContain(
      '1 rated it 1 (Poor), 2 rated it 3 and 1 rated it 5 (Excellent). You rated it 4.',
    );
    const counts = within(first).getByRole('table');
    expect(
      within(counts)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Rating1 (Poor)2345 (Excellent)', 'Colleagues10201']);
  });

  it('by role: only the roles the server sent (each over 3 or more), never one person', async () => {
    await shown();
    expect(screen.getByRole('table', { name: 'Care worker: 3 respondents' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: /^Manager/ })).toBeNull();
    expect(section().textContent).toContain(
      'a role with fewer is counted in the team’s figures above but not shown apart',
    );
  });

  it('says so when no role has 3 respondents, and when everyone rated each statement alike', async () => {
    const alike = teamView(
      [rated([3, 3, 3, 3, 3]), rated([3, 3, 3, 3, 3]), rated([3, 3, 3, 3, 3])].map((responses) => ({
        responses,
      })),
      OWN,
      CONTENT_V1,
    )!;
    stubApi({ [`GET ${PATH}`]: [audit(summary({ respondents: 3, view: alike }))] });
    renderSection();
    expect(await screen.findByText(/Your team agreed on every statement/)).toBeTruthy();
    expect(screen.getByText(/No role was given by at least 3 respondents/)).toBeTruthy();
  });
});

describe('when something fails', () => {
  it('a failed load says so and tries again', async () => {
    stubApi({ [`GET ${PATH}`]: [() => 'network', audit(summary({ respondents: 1 }))] });
    const user = userEvent.setup();
    renderSection();
    const title = await screen.findByText('Your team audit could not be loaded.');
    const alert = title.closest('[role="alert"]') as HTMLElement;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/1 colleague has answered/)).toBeTruthy();
  });

  it('a failed open says why, keeps the page as it was, and "Try again" opens it', async () => {
    stubApi({
      [`GET ${PATH}`]: [audit(null)],
      [`POST ${PATH}`]: [failure(429, 'Too many requests. Please wait a minute.'), audit(summary())],
    });
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Ask your team to answer' }));
    const alert = await screen.findByText('Your team audit could not be opened.');
    expect(section().textContent).toContain('Too many requests. Please wait a minute.');
    expect(screen.getByRole('button', { name: 'Ask your team to answer' })).toBeTruthy();
    await user.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }),
    );
    expect(await screen.findByLabelText('Your team’s link')).toBeTruthy();
    expect(screen.queryByText('Your team audit could not be opened.')).toBeNull();
  });

  it('a failed close keeps the question open, with the link, and "Try again" closes it', async () => {
    const closed = summary({ status: 'closed', closedAt: CLOSES_AT, respondents: 0 });
    stubApi({
      [`GET ${PATH}`]: [audit(summary({ respondents: 4, view: VIEW }))],
      [`POST ${PATH}/close`]: [() => 'network', audit(closed)],
    });
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Close the team audit' }));
    await user.click(screen.getByRole('button', { name: 'Yes, close it' }));
    const failed = await screen.findByText('Your team audit could not be closed.');
    // Said right under the buttons pressed, before the team's view, not at the end of the section.
    const yes = screen.getByRole('button', { name: 'Yes, close it' });
    const view = screen.getByRole('heading', { name: 'Your team’s view' });
    expect(yes.compareDocumentPosition(failed) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(view.compareDocumentPosition(failed) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    expect(section().textContent).toContain('There was no answer from our server.');
    expect(screen.getByRole('button', { name: 'Yes, close it' })).toBeTruthy();
    expect(screen.getByLabelText('Your team’s link')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Your team audit closed on 28 December 2026/)).toBeTruthy();
  });

  it('an answer that cannot be read is a failure, never a half-drawn view', async () => {
    const broken = { teamAudit: { ...summary({ respondents: 2 }), view: { ...VIEW, respondents: 2 } } };
    stubApi({ [`GET ${PATH}`]: [() => json(broken)] });
    renderSection();
    expect(await screen.findByText('Your team audit could not be loaded.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your team’s view' })).toBeNull();
  });

  it('a results link that has gone says so, with nothing to retry', async () => {
    stubApi({});
    renderSection();
    expect(await screen.findByText(/This results link has expired or been removed/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('on the private results page', () => {
  it('loads after the results, below them, keyed by the page’s token', async () => {
    const stored = {
      createdAt: '2026-11-20T10:00:00.000Z',
      responses: OWN,
      profile: {},
      history: { entries: [], total: 1, laterResults: false },
      plan: [],
    };
    stubApi({
      [`GET /api/results/${TOKEN}`]: [() => json(stored)],
      [`GET ${PATH}`]: [audit(null)],
      'POST /api/events': [() => new Response(null, { status: 204 })],
    });
    pushLocation(`/results/${TOKEN}`, { replace: true });
    render(
      <BrowserRouter>
        <ResultsRoute />
      </BrowserRouter>,
    );
    expect(await screen.findByRole('button', { name: 'Ask your team to answer' })).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.indexOf('Ask your team')).toBeGreaterThan(headings.indexOf('Scores by area'));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain(`GET ${PATH}`);
  });
});
