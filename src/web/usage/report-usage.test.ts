// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetReportedUsage,
  rememberResumedUsage,
  rememberStoredResultUsage,
  reportUsage,
} from './report-usage';

/** What reached the server: each beacon's body, parsed. */
let sent: unknown[] = [];
const beacon = vi.fn((url: string, body: string) => {
  expect(url).toBe('/api/events');
  sent.push(JSON.parse(body));
  return true;
});

beforeEach(() => {
  sent = [];
  beacon.mockClear();
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
  sessionStorage.clear();
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'sendBeacon');
  vi.restoreAllMocks();
});

/** An audit taken from its start to its results, every step reported as the pages do. */
function wholeAudit() {
  reportUsage('started');
  for (let section = 1; section <= 5; section++) reportUsage('section_reached', section);
  reportUsage('completed');
}

describe('reportUsage', () => {
  it('reports each step of an audit once, however often the pages report it', () => {
    wholeAudit();
    wholeAudit(); // a reload of every page, Back and Next through every section
    reportUsage('section_reached', 2);
    reportUsage('pdf_downloaded');
    reportUsage('pdf_downloaded');
    reportUsage('email_requested');
    reportUsage('email_requested');
    expect(sent).toEqual([
      { event: 'started' },
      { event: 'section_reached', section: 1 },
      { event: 'section_reached', section: 2 },
      { event: 'section_reached', section: 3 },
      { event: 'section_reached', section: 4 },
      { event: 'section_reached', section: 5 },
      { event: 'completed' },
      { event: 'pdf_downloaded' },
      { event: 'email_requested' },
    ]);
  });

  it('reports no step before the step it follows has been reported in this audit', () => {
    reportUsage('section_reached', 1);
    reportUsage('section_reached', 3);
    reportUsage('completed');
    reportUsage('email_requested');
    expect(sent).toEqual([]);
    reportUsage('started');
    reportUsage('section_reached', 1);
    reportUsage('section_reached', 3); // section 2 was never reached
    expect(sent).toEqual([{ event: 'started' }, { event: 'section_reached', section: 1 }]);
  });

  it('counts a new audit afresh once the last one is forgotten, and an earlier audit’s results then count nothing', () => {
    wholeAudit();
    forgetReportedUsage(); // "Take Another Audit"
    reportUsage('completed'); // Back to the earlier audit's results
    reportUsage('pdf_downloaded');
    expect(sent).toHaveLength(7);
    reportUsage('started');
    expect(sent.at(-1)).toEqual({ event: 'started' });
    expect(sent).toHaveLength(8);
  });

  it('keeps what it reported for the tab only, across a reload (sessionStorage)', () => {
    reportUsage('started');
    expect(JSON.parse(sessionStorage.getItem('care-audit:usage-reported') ?? '[]')).toEqual(['started']);
    expect(localStorage.length).toBe(0);
    expect(document.cookie).toBe('');
  });

  it('reports nothing, and throws nothing, when the tab refuses storage: never the same step twice', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(() => reportUsage('started')).not.toThrow();
    reportUsage('started');
    expect(sent).toEqual([]);
  });

  it('starts afresh from a stored list that is not a list of names', () => {
    sessionStorage.setItem('care-audit:usage-reported', '{"started":true}');
    reportUsage('started');
    expect(sent).toEqual([{ event: 'started' }]);
  });

  it('posts with fetch when the browser has no beacon, or its queue is full', async () => {
    const fetchMock = vi.spyOn(window, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    beacon.mockReturnValueOnce(false);
    reportUsage('started');
    Reflect.deleteProperty(navigator, 'sendBeacon');
    reportUsage('section_reached', 1);
    expect(fetchMock.mock.calls.map(([url, init]) => [url, init?.body, init?.keepalive])).toEqual([
      ['/api/events', '{"event":"started"}', true],
      ['/api/events', '{"event":"section_reached","section":1}', true],
    ]);
  });

  it('counts an audit reopened from its link at section 3 from section 4 on: no second start, no section twice', () => {
    rememberResumedUsage(3);
    wholeAudit(); // the page reports the start and each section again as the visitor goes on
    expect(sent).toEqual([
      { event: 'section_reached', section: 4 },
      { event: 'section_reached', section: 5 },
      { event: 'completed' },
    ]);
  });

  it('counts nothing but the results for an audit reopened at the last section, and all of it at the first', () => {
    rememberResumedUsage(5);
    wholeAudit();
    expect(sent).toEqual([{ event: 'completed' }]);
    sent = [];
    forgetReportedUsage();
    rememberResumedUsage(1);
    wholeAudit();
    expect(
      sent.map((body) => (body as { section?: number }).section ?? (body as { event: string }).event),
    ).toEqual([2, 3, 4, 5, 'completed']);
  });

  it('counts nothing from a stored result’s page until its PDF: without the results seen here, a PDF counted nothing', () => {
    reportUsage('pdf_downloaded');
    expect(sent).toEqual([]);
  });

  it('counts a PDF downloaded from a stored result’s page once, as the same step, and no earlier step', () => {
    rememberStoredResultUsage();
    reportUsage('pdf_downloaded');
    rememberStoredResultUsage(); // a second download, or a reload and another
    reportUsage('pdf_downloaded');
    wholeAudit();
    expect(sent).toEqual([{ event: 'pdf_downloaded' }]);
  });

  it('keeps what this tab already reported when a stored result is opened in it', () => {
    wholeAudit();
    reportUsage('pdf_downloaded');
    sent = [];
    rememberStoredResultUsage();
    reportUsage('pdf_downloaded');
    expect(sent).toEqual([]);
  });
});
