// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildReport } from '../core';
import { downloadReport } from './download';

// The PDF itself is tested in render-pdf.test.ts; here only the hand-off to the browser matters.
vi.mock('./render-pdf', () => ({ renderReportPdf: async () => new Uint8Array([37, 80, 68, 70]) }));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('downloadReport', () => {
  it('saves the rendered bytes under the report file name and then revokes the URL', async () => {
    vi.useFakeTimers();
    const blobs: Blob[] = [];
    const revoked: string[] = [];
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
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    await downloadReport(buildReport({}, new Date('2026-11-22T10:00:00Z')));

    expect(clicked).toHaveLength(1);
    expect(clicked[0].download).toBe('care-management-audit-report-2026-11-22.pdf');
    expect(clicked[0].getAttribute('href')).toBe('blob:report');
    expect(clicked[0].isConnected).toBe(false);
    expect(blobs[0].type).toBe('application/pdf');
    expect(new Uint8Array(await blobs[0].arrayBuffer())).toEqual(new Uint8Array([37, 80, 68, 70]));
    expect(revoked).toEqual([]);
    vi.runAllTimers();
    expect(revoked).toEqual(['blob:report']);
  });
});
