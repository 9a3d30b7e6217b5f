// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDay } from '../../../shared/report-day';
import type { StoredResults } from '../../../shared/results-link';
import { BrowserRouter } from '../../../browser/router';
import { pushLocation } from '../../../browser/router/history';
import { ResultsLinkPage } from './results-link-page';
import { ResultsPage } from './results-page';

const FULL = { 0: 1, 1: 2, 2: 3, 3: 4, 4: 5 } as const;
const ANSWERS = { operational: FULL, compliance: FULL, quality: FULL, training: FULL, data: FULL };
const TOKEN = 'B'.repeat(43);
const EARLIER = {
  takenOn: '2026-10-01',
  scores: { operational: 40, compliance: 40, quality: 40, training: 40, data: 40 },
  overall: 40,
};
const PDF = () =>
  new Response(new Uint8Array([37, 80, 68, 70]), { headers: { 'content-type': 'application/pdf' } });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake API: both report routes answer as given, and their addresses and request bodies are kept. */
function stubApi(report: () => Response, stored?: StoredResults): unknown[] {
  const bodies: unknown[] = [];
  reportUrls = [];
  usageEvents = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/report' || url === `/api/results/${TOKEN}/report`) {
      reportUrls.push(url);
      bodies.push(JSON.parse(String(init?.body)));
      return report();
    }
    if (stored && url === `/api/results/${TOKEN}`) return json(stored);
    if (url === '/api/events') usageEvents.push(JSON.parse(String(init?.body)));
    if (url.startsWith('/api/benchmark')) return json({ status: 'too_few', minResponses: 10 });
    return new Response(null, { status: 204 });
  });
  return bodies;
}

/** The report route each download asked, in order. */
let reportUrls: string[] = [];
/** The usage events the page reported (jsdom has no sendBeacon, so they go by fetch). */
let usageEvents: unknown[] = [];

function renderAt(path: string, Page: () => React.ReactElement, state: unknown = null) {
  pushLocation(path, { state, replace: true });
  return render(
    <BrowserRouter>
      <Page />
    </BrowserRouter>,
  );
}

/** The first "Download Full Report" (the results page offers it under the overall score and again at the end). */
const press = async () =>
  userEvent.click((await screen.findAllByRole('button', { name: 'Download Full Report' }))[0]!);

beforeEach(() => {
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => callback(0));
  // jsdom has no blob URLs, and a click on a download link would navigate.
  URL.createObjectURL = () => 'blob:report';
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

describe('"Download Full Report"', () => {
  it('on the results page sends today, the answers, the profile and a retake’s earlier scores', async () => {
    const bodies = stubApi(PDF);
    renderAt('/audit-results', ResultsPage, {
      responses: ANSWERS,
      overallScore: 60,
      profile: { serviceType: 'home_care' },
      earlier: EARLIER,
    });
    await press();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(reportUrls).toEqual(['/api/report']);
    // The earlier overall is not sent: the server works it out from the scores.
    expect(bodies[0]).toEqual({
      date: localDay(),
      responses: ANSWERS,
      profile: { serviceType: 'home_care' },
      contentVersion: 1,
      earlier: { takenOn: EARLIER.takenOn, scores: EARLIER.scores },
    });
    for (const button of await screen.findAllByRole('button', { name: 'Download Full Report' }))
      expect(button).toHaveProperty('disabled', false);
    expect(screen.queryByText(/could not be created/)).toBeNull();
  });

  it('on a results link asks for the stored result by its token, sending nothing of it', async () => {
    const bodies = stubApi(PDF, {
      createdAt: '2026-11-02T23:30:00.000Z',
      contentVersion: 1,
      responses: ANSWERS,
      profile: { serviceType: 'nursing' },
      history: { entries: [], total: 0, laterResults: false },
      plan: [],
    });
    renderAt(`/results/${TOKEN}`, ResultsLinkPage);
    await press();
    await waitFor(() => expect(bodies).toHaveLength(1));
    // The server builds the report from what it stores (its history and plan too), dated the day it was taken.
    expect(reportUrls).toEqual([`/api/results/${TOKEN}/report`]);
    expect(bodies[0]).toEqual({});
    for (const button of await screen.findAllByRole('button', { name: 'Download Full Report' }))
      expect(button).toHaveProperty('disabled', false);
    expect(screen.queryByText(/could not be created/)).toBeNull();
  });

  it('on a results link counts the PDF as downloaded, once however often it is downloaded', async () => {
    stubApi(PDF, {
      createdAt: '2026-11-02T23:30:00.000Z',
      contentVersion: 1,
      responses: ANSWERS,
      profile: {},
      history: { entries: [], total: 0, laterResults: false },
      plan: [],
    });
    renderAt(`/results/${TOKEN}`, ResultsLinkPage);
    await press();
    await waitFor(() => expect(usageEvents).toEqual([{ event: 'pdf_downloaded' }]));
    await press();
    await waitFor(() => expect(reportUrls).toHaveLength(2));
    // Only the PDF: the result's start, sections and completion were counted where it was taken.
    expect(usageEvents).toEqual([{ event: 'pdf_downloaded' }]);
  });

  it('shows the server’s message when there were too many downloads', async () => {
    const message = 'Too many requests. Please try again in 14 minutes.';
    stubApi(() => json({ error: { code: 'rate_limited', message } }, 429));
    renderAt('/audit-results', ResultsPage, { responses: ANSWERS, overallScore: 60 });
    await press();
    const notice = await screen.findByText(message);
    // Explained where it was asked for: under the first row, before the priorities, not at the page's end.
    const priorities = screen.getByRole('region', { name: 'Your priorities' });
    expect(notice.compareDocumentPosition(priorities) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByText(message)).toHaveLength(1);
  });

  it('says the report could not be created for any other failure', async () => {
    stubApi(() => new Response('Bad gateway', { status: 502, headers: { 'content-type': 'text/html' } }));
    renderAt('/audit-results', ResultsPage, { responses: ANSWERS, overallScore: 60 });
    await press();
    expect(await screen.findByText('The report could not be created. Please try again.')).toBeTruthy();
  });

  it('without any answers says to take the audit first, and asks the server for nothing', async () => {
    const bodies = stubApi(PDF);
    renderAt('/audit-results', ResultsPage, null);
    await press();
    expect(
      await screen.findByText('There are no answers to put in a report yet. Take the audit first.'),
    ).toBeTruthy();
    expect(bodies).toHaveLength(0);
  });
});
