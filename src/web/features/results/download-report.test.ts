// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportRequest } from '../../../shared/report-request';
import { DownloadRefused, downloadReport } from './download-report';

const REQUEST: ReportRequest = {
  date: '2026-11-22',
  responses: { operational: { '0': 4 } },
  profile: { serviceType: 'nursing' },
  earlier: {
    takenOn: '2026-10-01',
    scores: { operational: 40, compliance: 40, quality: 40, training: 40, data: 40 },
  },
};
const PDF_BYTES = new Uint8Array([37, 80, 68, 70, 45]);

let blobs: Blob[];
let revoked: string[];
let clicked: HTMLAnchorElement[];
let sent: { url: string; init: RequestInit }[];

function answer(response: Response) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return response;
  });
}

beforeEach(() => {
  blobs = [];
  revoked = [];
  clicked = [];
  sent = [];
  // jsdom has no blob URLs.
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL(blob: Blob) {
        blobs.push(blob);
        return 'blob:report';
      }
      static override revokeObjectURL(url: string) {
        revoked.push(url);
      }
    },
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('downloadReport', () => {
  it('posts the request as JSON and saves the PDF under the report file name, then revokes the URL', async () => {
    vi.useFakeTimers();
    answer(new Response(PDF_BYTES, { headers: { 'content-type': 'application/pdf' } }));

    await downloadReport(REQUEST);

    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/api/report');
    expect(sent[0]?.init.method).toBe('POST');
    expect(new Headers(sent[0]?.init.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual(REQUEST);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('care-management-audit-report-2026-11-22.pdf');
    expect(clicked[0]?.getAttribute('href')).toBe('blob:report');
    expect(clicked[0]?.isConnected).toBe(false);
    expect(blobs[0]?.type).toBe('application/pdf');
    expect(new Uint8Array(await (blobs[0] as Blob).arrayBuffer())).toEqual(PDF_BYTES);
    expect(revoked).toEqual([]);
    vi.runAllTimers();
    expect(revoked).toEqual(['blob:report']);
  });

  it('given a results link’s token, posts {} to that result’s report route and saves the PDF under the request’s day', async () => {
    answer(new Response(PDF_BYTES, { headers: { 'content-type': 'application/pdf' } }));

    await downloadReport(REQUEST, 'A-b_'.repeat(10) + 'xyz');

    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe(`/api/results/${'A-b_'.repeat(10)}xyz/report`);
    expect(sent[0]?.init.method).toBe('POST');
    expect(new Headers(sent[0]?.init.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({});
    expect(clicked[0]?.download).toBe('care-management-audit-report-2026-11-22.pdf');
  });

  it('rejects with the server’s own message on 429, saving nothing', async () => {
    const message = 'Too many requests. Please try again in 12 minutes.';
    answer(Response.json({ error: { code: 'rate_limited', message } }, { status: 429 }));
    const refused = downloadReport(REQUEST);
    await expect(refused).rejects.toBeInstanceOf(DownloadRefused);
    await expect(refused).rejects.toThrow(message);
    expect(clicked).toEqual([]);
  });

  it('rejects with a general message on a 429 without our error body (a proxy’s page)', async () => {
    answer(new Response('<html>slow down</html>', { status: 429, headers: { 'content-type': 'text/html' } }));
    const refused = downloadReport(REQUEST);
    await expect(refused).rejects.toBeInstanceOf(DownloadRefused);
    await expect(refused).rejects.toThrow('Too many requests. Please try again later.');
    expect(clicked).toEqual([]);
  });

  it.each([
    ['a 400', Response.json({ error: { code: 'invalid_request', message: 'x' } }, { status: 400 })],
    ['a 500', new Response('oops', { status: 500 })],
    [
      'a 200 that is not a PDF (a proxy’s page)',
      new Response('<html></html>', { headers: { 'content-type': 'text/html' } }),
    ],
  ])('rejects with a plain error for %s, saving nothing', async (_name, response) => {
    answer(response);
    const failed = downloadReport(REQUEST);
    await expect(failed).rejects.toThrow(/the report download failed: HTTP/);
    await expect(failed).rejects.not.toBeInstanceOf(DownloadRefused);
    expect(clicked).toEqual([]);
    expect(blobs).toEqual([]);
  });
});
