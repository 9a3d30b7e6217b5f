import { afterEach, describe, expect, it } from 'vitest';
import { buildReport } from '../../core';
import type { PdfRequest } from '../pdf/pdf-thread';
import { startWorkerCalls, type WorkerCalls } from './worker-calls';

const PDF_THREAD_WORKER = new URL('../pdf/pdf-thread-worker.ts', import.meta.url);

// The PDF thread's worker stands in for any worker: a real one, with real work to do.
const EMPTY: PdfRequest = {
  report: buildReport({}, new Date('2026-11-23T10:00:00Z')),
  contact: {
    bookingUrl: 'https://example.org/book',
    contactEmail: 'a@example.org',
    webAddress: 'https://example.org',
  },
};

describe('calls into a worker thread', () => {
  let calls: WorkerCalls<PdfRequest, Uint8Array> | undefined;
  afterEach(async () => {
    await calls?.close();
    calls = undefined;
  });

  it('starts the thread with the first call, ends it once idle, and starts it again for the next', async () => {
    calls = startWorkerCalls<PdfRequest, Uint8Array>(PDF_THREAD_WORKER, {}, { idleStopMs: 300 });
    expect(calls.running).toBe(false);
    const first = calls.call(EMPTY);
    expect(calls.running).toBe(true);
    await first;
    await new Promise((r) => setTimeout(r, 150));
    expect(calls.running).toBe(true);
    await new Promise((r) => setTimeout(r, 400));
    expect(calls.running).toBe(false);
    expect((await calls.call(EMPTY)).byteLength).toBeGreaterThan(1000);
  });

  it('does not end a thread while a call waits', async () => {
    calls = startWorkerCalls<PdfRequest, Uint8Array>(PDF_THREAD_WORKER, {}, { idleStopMs: 1 });
    const results = await Promise.all(Array.from({ length: 6 }, () => calls?.call(EMPTY)));
    expect(results.every((pdf) => (pdf?.byteLength ?? 0) > 1000)).toBe(true);
  });
});
