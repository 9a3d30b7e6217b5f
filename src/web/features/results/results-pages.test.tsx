// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { comparisonPending, describeSegment, type Benchmark } from '../../../core';
import type { StoredResults } from '../../../shared/results-link';
import { BrowserRouter, useLocation } from '../../../browser/router';
import { pushLocation } from '../../../browser/router/history';
import { PLAN_MOVED_TITLE } from '../../../shared/action-plan-words';
import { ResultsLinkPage } from './results-link-page';
import { ResultsPage } from './results-page';

const FULL = { 0: 1, 1: 2, 2: 3, 3: 4, 4: 5 } as const;
const ANSWERS = { operational: FULL, compliance: FULL, quality: FULL, training: FULL, data: FULL };
const TOKEN = 'A'.repeat(43);
/** The key of an earlier audit, as the benchmark had it: a retake names it. */
const EARLIER_KEY = '9b2e4c6a-1d3f-4e5a-8b7c-6d5e4f3a2b1c';

const FIGURES = { median: 50, lowerQuartile: 40, upperQuartile: 70 };
const AVAILABLE: Benchmark = {
  status: 'available',
  basis: 'segment',
  profile: { serviceType: 'home_care', size: 'under_25' },
  responses: 10,
  areas: { operational: FIGURES, compliance: FIGURES, quality: FIGURES, training: FIGURES, data: FIGURES },
};

type Answer = Response | 'network';
/** The bodies of every POST /api/audits the page sent, in order. */
let sentAudits: Record<string, unknown>[] = [];
/** A fake API: each path's answer, every call remembered. */
function stubApi(answers: Record<string, () => Answer>): string[] {
  const calls: string[] = [];
  sentAudits = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push(url);
    if (url === '/api/audits') {
      sentAudits.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return new Response(null, { status: 202 });
    }
    if (url === '/api/events') return new Response(null, { status: 204 });
    const answer = answers[url.split('?')[0]!]?.() ?? new Response('{}', { status: 404 });
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return answer;
  });
  return calls;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function Where() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderAt(path: string, Page: () => React.ReactElement, state: unknown = null) {
  pushLocation(path, { state, replace: true });
  return render(
    <BrowserRouter>
      <Page />
      <Where />
    </BrowserRouter>,
  );
}

beforeEach(() => vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => callback(0)));
afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('ResultsPage (/audit-results)', () => {
  it("asks for the visitor's segment and shows the comparison once it arrives", async () => {
    const calls = stubApi({ '/api/benchmark': () => json(AVAILABLE) });
    renderAt('/audit-results', ResultsPage, {
      responses: ANSWERS,
      overallScore: 60,
      profile: { serviceType: 'home_care', size: 'under_25' },
    });
    expect((await screen.findByText(/^Each area is compared with 10/)).textContent).toContain(
      `compared with 10 ${describeSegment(AVAILABLE.profile)} who have taken this audit`,
    );
    expect(calls).toContain('/api/benchmark?segment=home_care%3Aunder_25');
    expect(screen.getAllByText('Providers like you: median 50%')).toHaveLength(5);
    expect(screen.getByRole('region', { name: 'Your priorities' })).toBeTruthy();
  });

  it('says there is no comparison yet, and how many it needs, when there are too few audits', async () => {
    stubApi({ '/api/benchmark': () => json({ status: 'too_few', minResponses: 10 }) });
    renderAt('/audit-results', ResultsPage, { responses: ANSWERS, overallScore: 60 });
    expect(await screen.findByText(comparisonPending(10))).toBeTruthy();
  });

  it.each([
    ['an error status', () => json({ error: { code: 'internal_error' } }, 500)],
    ['no answer', () => 'network' as const],
    ['a body that is not a benchmark', () => json({ status: 'available', areas: {} })],
  ])('shows the results without any comparison after %s', async (_name, answer) => {
    const calls = stubApi({ '/api/benchmark': answer });
    renderAt('/audit-results', ResultsPage, { responses: ANSWERS, overallScore: 60 });
    expect(await screen.findByRole('region', { name: 'Your priorities' })).toBeTruthy();
    await waitFor(() => expect(calls.some((url) => url.startsWith('/api/benchmark'))).toBe(true));
    expect(screen.queryByText(/Providers like you|compared with/)).toBeNull();
    expect(screen.queryByText(comparisonPending(10))).toBeNull();
  });

  it('asks for no comparison without answers, and offers no profile question', async () => {
    const calls = stubApi({});
    renderAt('/audit-results', ResultsPage);
    expect(await screen.findByRole('region', { name: 'By CQC key question' })).toBeTruthy();
    expect(calls.filter((url) => url.startsWith('/api/benchmark'))).toEqual([]);
    expect(screen.queryByRole('form', { name: 'Compare with providers like you' })).toBeNull();
  });

  const KEY = '3f1c2a4b-5d6e-4f70-8a9b-0c1d2e3f4a5b';

  it('asks for the profile beside the comparison; giving it updates the same audit, the comparison and the history entry', async () => {
    const calls = stubApi({ '/api/benchmark': () => json(AVAILABLE) });
    const user = userEvent.setup();
    renderAt('/audit-results', ResultsPage, {
      responses: ANSWERS,
      overallScore: 60,
      profile: {},
      idempotencyKey: KEY,
    });
    await screen.findByRole('form', { name: 'Compare with providers like you' });
    expect(calls).toContain('/api/benchmark?segment=all');
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
    // Choosing alone sends nothing; "Compare" does.
    await user.click(within(type).getByRole('radio', { name: 'Home care' }));
    await user.click(within(size).getByRole('radio', { name: 'Under 25' }));
    expect(sentAudits).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Compare' }));

    await waitFor(() => expect(calls).toContain('/api/benchmark?segment=home_care%3Aunder_25'));
    expect(sentAudits).toEqual([
      { idempotencyKey: KEY, responses: ANSWERS, profile: { serviceType: 'home_care', size: 'under_25' } },
    ]);
    // The entry keeps it: a reload and the e-mail screen compare with the same providers.
    const entry = (window.history.state as { usr: Record<string, unknown> }).usr;
    expect(entry).toMatchObject({
      profile: { serviceType: 'home_care', size: 'under_25' },
      idempotencyKey: KEY,
    });
    expect(screen.getByTestId('path').textContent).toBe('/audit-results');
    expect(
      await screen.findByText(
        new RegExp(`^Each area is compared with 10 ${describeSegment(AVAILABLE.profile)}`),
      ),
    ).toBeTruthy();
    // The comparison's words are a live region, so the change is read out where it happens.
    expect(screen.getByText(/^Each area is compared with 10/).closest('[role="status"]')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Home care' })).toHaveProperty('checked', true);
    expect(screen.getByRole('button', { name: 'Update the comparison' })).toBeTruthy();
  });

  it('updates the comparison but sends no audit when the results carry no key (nothing was sent to update)', async () => {
    const calls = stubApi({ '/api/benchmark': () => json(AVAILABLE) });
    const user = userEvent.setup();
    renderAt('/audit-results', ResultsPage, { responses: ANSWERS, overallScore: 60 });
    await user.click(await screen.findByRole('radio', { name: 'Nursing care' }));
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    await waitFor(() => expect(calls).toContain('/api/benchmark?segment=nursing%3Aany'));
    expect(sentAudits).toEqual([]);
  });

  it('"Retake Audit" starts a blank audit that names this one, which it replaces once completed', async () => {
    stubApi({ '/api/benchmark': () => json(AVAILABLE) });
    renderAt('/audit-results', ResultsPage, { responses: ANSWERS, overallScore: 60, idempotencyKey: KEY });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Retake Audit' }))[0]!);
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/audit-tool'));
    expect(JSON.parse(window.sessionStorage.getItem('care-audit:audit-in-progress') ?? '{}')).toEqual({
      section: 0,
      responses: {},
      retakesAudit: KEY,
    });
  });

  it('a retake’s results resend the profile naming the audit it retakes, and keep the name for the e-mail screen', async () => {
    const calls = stubApi({ '/api/benchmark': () => json(AVAILABLE) });
    const user = userEvent.setup();
    renderAt('/audit-results', ResultsPage, {
      responses: ANSWERS,
      overallScore: 60,
      idempotencyKey: KEY,
      retakesAudit: EARLIER_KEY,
    });
    await user.click(await screen.findByRole('radio', { name: 'Nursing care' }));
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    await waitFor(() => expect(calls).toContain('/api/benchmark?segment=nursing%3Aany'));
    expect(sentAudits).toEqual([
      { idempotencyKey: KEY, retakes: EARLIER_KEY, responses: ANSWERS, profile: { serviceType: 'nursing' } },
    ]);
    const email = screen.getAllByRole('link', { name: 'Email Results' })[0]!;
    await user.click(email);
    expect((window.history.state as { usr: Record<string, unknown> }).usr).toMatchObject({
      idempotencyKey: KEY,
      retakesAudit: EARLIER_KEY,
    });
  });

  describe('"Compare" always answers under its button, in a live region, and keeps focus', () => {
    /** Render with no profile, choose home care under 25, press Compare; the benchmark answers `after`. */
    async function compareWith(after: () => Answer) {
      stubApi({
        '/api/benchmark': () => json({ status: 'too_few', minResponses: 10 }),
      });
      const user = userEvent.setup();
      renderAt('/audit-results', ResultsPage, { responses: ANSWERS, overallScore: 60, profile: {} });
      await user.click(await screen.findByRole('radio', { name: 'Home care' }));
      await user.click(screen.getByRole('radio', { name: 'Under 25' }));
      stubApi({ '/api/benchmark': after });
      const button = screen.getByRole('button', { name: 'Compare' });
      await user.click(button);
      return { button, answer: () => screen.getByRole('form').querySelector('[role="status"]')! };
    }
    const like = describeSegment({ serviceType: 'home_care', size: 'under_25' });

    it('the segment has too few but all providers do: says how many it needs and whom it compares with', async () => {
      const { button, answer } = await compareWith(() =>
        json({ ...AVAILABLE, basis: 'all', profile: {}, responses: 40, minResponses: 10 }),
      );
      await waitFor(() =>
        expect(answer().textContent).toBe(
          `Too few ${like} have taken part yet: comparing with them alone needs at least 10 providers. Each area is compared with all 40 care providers instead.`,
        ),
      );
      // The same button, still focused, described by the answer.
      expect(document.activeElement).toBe(button);
      expect(button.textContent).toBe('Update the comparison');
      expect(button.getAttribute('aria-describedby')).toBe(answer().id);
    });

    it('too few providers at all: says a comparison needs at least the threshold', async () => {
      const { answer } = await compareWith(() => json({ status: 'too_few', minResponses: 10 }));
      await waitFor(() =>
        expect(answer().textContent).toBe(
          'Too few providers have taken part yet: a comparison needs at least 10 providers, so there is none for now.',
        ),
      );
      expect(screen.getByText(comparisonPending(10))).toBeTruthy();
    });

    it('a threshold of 1 reads in the singular', async () => {
      const { answer } = await compareWith(() => json({ status: 'too_few', minResponses: 1 }));
      await waitFor(() => expect(answer().textContent).toContain('needs at least 1 provider,'));
    });

    it('enough providers like yours: says how many it compares with', async () => {
      const { answer } = await compareWith(() => json(AVAILABLE));
      await waitFor(() =>
        expect(answer().textContent).toBe(`Each area below is now compared with 10 ${like}.`),
      );
    });

    it('an older server without the threshold: still answers, without a number it does not know', async () => {
      const { answer } = await compareWith(() =>
        json({ ...AVAILABLE, basis: 'all', profile: {}, responses: 40 }),
      );
      await waitFor(() =>
        expect(answer().textContent).toBe(
          `Too few ${like} have taken part yet. Each area is compared with all 40 care providers instead.`,
        ),
      );
    });

    it('the lookup fails: says so rather than nothing', async () => {
      const { answer } = await compareWith(() => 'network');
      await waitFor(() => expect(answer().textContent).toMatch(/could not be loaded just now/));
    });

    it('nothing chosen: asks for a choice and sends nothing', async () => {
      const calls = stubApi({ '/api/benchmark': () => json({ status: 'too_few', minResponses: 10 }) });
      const user = userEvent.setup();
      renderAt('/audit-results', ResultsPage, { responses: ANSWERS, overallScore: 60, idempotencyKey: KEY });
      const button = await screen.findByRole('button', { name: 'Compare' });
      const before = calls.length;
      await user.click(button);
      expect(screen.getByRole('form').querySelector('[role="status"]')?.textContent).toBe(
        'Choose what type of service you run, how many people you support, or both, then press Compare.',
      );
      expect(calls.slice(before).filter((url) => url.startsWith('/api/benchmark'))).toEqual([]);
      expect(sentAudits).toEqual([]);
      // Choosing something clears the request.
      await user.click(screen.getByRole('radio', { name: 'Nursing care' }));
      expect(screen.getByRole('form').querySelector('[role="status"]')?.textContent).toBe('');
    });
  });

  it('offers the actions right after the overall score and again after the areas, and a booking link at the end', async () => {
    stubApi({ '/api/benchmark': () => json(AVAILABLE) });
    renderAt('/audit-results', ResultsPage, { responses: ANSWERS, overallScore: 60 });
    await screen.findByRole('region', { name: 'Your priorities' });
    const downloads = screen.getAllByRole('button', { name: 'Download Full Report' });
    expect(downloads).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: 'Email Results' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Retake Audit' })).toHaveLength(2);
    // The first row comes straight after the overall score, before the priorities.
    const overall = screen.getByRole('region', { name: 'Overall Score' });
    const priorities = screen.getByRole('region', { name: 'Your priorities' });
    const follows = (a: Node, b: Node) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(overall, downloads[0]) && follows(downloads[0], priorities)).toBe(true);
    const booking = screen.getByRole('link', { name: /Book a free consultation/ });
    expect(booking.getAttribute('href')).toBe('https://care-audit.example/book-a-consultation');
    expect(booking.getAttribute('target')).toBe('_blank');
  });
});

describe('ResultsLinkPage (/results/<token>)', () => {
  const STORED: StoredResults = {
    createdAt: '2026-11-02T09:30:00.000Z',
    contentVersion: 1,
    responses: ANSWERS,
    profile: { serviceType: 'nursing' },
    history: { entries: [], total: 0, laterResults: false },
    plan: [],
  };

  it('loads the stored results and compares them with the stored profile', async () => {
    const calls = stubApi({
      [`/api/results/${TOKEN}`]: () => json(STORED),
      '/api/benchmark': () => json(AVAILABLE),
    });
    renderAt(`/results/${TOKEN}`, ResultsLinkPage);
    expect(screen.getByText('Loading your results…')).toBeTruthy();
    expect(await screen.findByText('The results of the audit you took on 2 November 2026')).toBeTruthy();
    expect(await screen.findAllByText('Providers like you: median 50%')).toHaveLength(5);
    expect(calls).toContain('/api/benchmark?segment=nursing%3Aany');
  });

  it('links "Book a free consultation" to the booking link the API filled in, and asks nothing more of it', async () => {
    const filled =
      "https://book.example/care?utm_source=audit&name=Zo%C3%AB%20O'Neill%20%26%20Co&email=zoe%40home.org#team";
    const calls = stubApi({
      [`/api/results/${TOKEN}`]: () => json({ ...STORED, bookingUrl: filled }),
      '/api/benchmark': () => json(AVAILABLE),
    });
    renderAt(`/results/${TOKEN}`, ResultsLinkPage);
    const booking = await screen.findByRole('link', { name: /Book a free consultation/ });
    expect(booking.getAttribute('href')).toBe(filled);
    expect(booking.getAttribute('target')).toBe('_blank');
    expect(booking.getAttribute('rel')).toBe('noopener noreferrer');
    // The address and name go nowhere but the link: no request of the page carries them.
    await screen.findAllByText('Providers like you: median 50%');
    expect(calls.filter((url) => /zoe|Zo%C3%AB|home\.org/i.test(url))).toEqual([]);
  });

  it.each([
    ['no booking link', undefined],
    ['one that is no web address', 'javascript:alert(1)'],
  ])('keeps the configured booking link when the API gives %s', async (_case, bookingUrl) => {
    stubApi({
      [`/api/results/${TOKEN}`]: () => json({ ...STORED, ...(bookingUrl ? { bookingUrl } : {}) }),
      '/api/benchmark': () => json(AVAILABLE),
    });
    renderAt(`/results/${TOKEN}`, ResultsLinkPage);
    const booking = await screen.findByRole('link', { name: /Book a free consultation/ });
    expect(booking.getAttribute('href')).toBe('https://care-audit.example/book-a-consultation');
  });

  it('"Retake with these answers" opens the audit at the first section with the answers and the earlier result', async () => {
    stubApi({
      [`/api/results/${TOKEN}`]: () => json({ ...STORED, auditKey: EARLIER_KEY }),
      '/api/benchmark': () => 'network',
    });
    renderAt(`/results/${TOKEN}`, ResultsLinkPage);
    await userEvent.click((await screen.findAllByRole('button', { name: 'Retake with these answers' }))[0]!);
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/audit-tool'));
    const saved = JSON.parse(window.sessionStorage.getItem('care-audit:audit-in-progress') ?? '{}');
    expect(saved).toMatchObject({
      section: 0,
      responses: ANSWERS,
      profile: { serviceType: 'nursing' },
      earlier: {
        takenOn: '2026-11-02',
        scores: { operational: 60, compliance: 60, quality: 60, training: 60, data: 60 },
        overall: 60,
      },
      // The key of the link's result's audit: the retake, once completed, replaces it.
      retakesAudit: EARLIER_KEY,
      origin: { retakeOf: TOKEN },
    });
  });

  it('shows a carried plan’s items as carried from the earlier result, to change here', async () => {
    stubApi({
      [`/api/results/${TOKEN}`]: () =>
        json({
          ...STORED,
          plan: [{ key: 'area:data', status: 'done', owner: 'Sam Patel', carriedFrom: '2026-10-05' }],
        }),
      '/api/benchmark': () => 'network',
    });
    renderAt(`/results/${TOKEN}`, ResultsLinkPage);
    const plan = await screen.findByRole('region', { name: 'Your action plan' });
    expect(within(plan).getByText('Carried from your results of 5 October 2026')).toBeTruthy();
    expect(within(plan).getByRole('button', { name: 'Save Data Management' })).toBeTruthy();
  });

  it('says on an earlier result that a later one holds the plan now, and offers nothing to change', async () => {
    stubApi({
      [`/api/results/${TOKEN}`]: () =>
        json({
          ...STORED,
          history: { entries: [], total: 1, laterResults: true },
          plan: [{ key: 'area:data', status: 'in_progress' }],
        }),
      '/api/benchmark': () => 'network',
    });
    renderAt(`/results/${TOKEN}`, ResultsLinkPage);
    const plan = await screen.findByRole('region', { name: 'Your action plan' });
    expect(within(plan).getByText(PLAN_MOVED_TITLE)).toBeTruthy();
    expect(within(plan).queryAllByRole('button')).toEqual([]);
    expect(within(plan).getByText('0 planned, 1 in progress, 0 done')).toBeTruthy();
  });

  it('"Email Results" carries the link’s audit key, so the new request keeps it too', async () => {
    stubApi({
      [`/api/results/${TOKEN}`]: () => json({ ...STORED, auditKey: EARLIER_KEY }),
      '/api/benchmark': () => 'network',
    });
    renderAt(`/results/${TOKEN}`, ResultsLinkPage);
    await userEvent.click((await screen.findAllByRole('link', { name: 'Email Results' }))[0]!);
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/email-results'));
    expect((window.history.state as { usr: Record<string, unknown> }).usr).toMatchObject({
      idempotencyKey: EARLIER_KEY,
    });
  });

  it.each([
    ['keeps no key', STORED],
    ['gives a malformed one', { ...STORED, auditKey: 'not-a-key' }],
  ])('"Retake with these answers" names no audit when the link %s', async (_what, stored) => {
    stubApi({ [`/api/results/${TOKEN}`]: () => json(stored), '/api/benchmark': () => 'network' });
    renderAt(`/results/${TOKEN}`, ResultsLinkPage);
    await userEvent.click((await screen.findAllByRole('button', { name: 'Retake with these answers' }))[0]!);
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/audit-tool'));
    const saved = JSON.parse(window.sessionStorage.getItem('care-audit:audit-in-progress') ?? '{}');
    expect(saved).not.toHaveProperty('retakesAudit');
    expect(saved).toMatchObject({ origin: { retakeOf: TOKEN } });
  });

  it('says plainly that an expired or erased link is gone, and offers the audit', async () => {
    stubApi({
      [`/api/results/${TOKEN}`]: () => json({ error: { code: 'not_found', message: 'Not found' } }, 404),
    });
    renderAt(`/results/${TOKEN}`, ResultsLinkPage);
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'This results link has expired or been removed',
    });
    expect(heading).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Take the audit' }).getAttribute('href')).toBe('/audit-tool');
  });

  it('asks nothing of the API for an address that holds no token', async () => {
    const calls = stubApi({});
    renderAt('/results/not-a-token', ResultsLinkPage);
    expect(await screen.findByRole('heading', { name: /expired or been removed/ })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('offers to try again when the results could not be loaded, and then shows them', async () => {
    let fail = true;
    stubApi({
      [`/api/results/${TOKEN}`]: () => (fail ? 'network' : json(STORED)),
      '/api/benchmark': () => json({ status: 'too_few', minResponses: 10 }),
    });
    renderAt(`/results/${TOKEN}`, ResultsLinkPage);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your results could not be loaded.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(comparisonPending(10))).toBeTruthy();
  });
});
