import { afterEach, describe, expect, it } from 'vitest';
import { buildReport, type Report } from '../../core';
import { startWorkerCalls, type WorkerCalls } from './worker-calls';

const EMPTY = buildReport({}, new Date('2026-11-23T10:00:00Z'));

describe('calls into a worker thread', () => {
  let calls: WorkerCalls<Report, Uint8Array> | undefined;
  afterEach(async () => {
    await calls?.close();
    calls = undefined;
  });

  it('starts the thread with the first call, ends it once idle, and starts it again for the next', async () => {
    calls = startWorkerCalls<Report, Uint8Array>('./pdf-thread-worker.ts', {}, { idleStopMs: 300 });
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
    calls = startWorkerCalls<Report, Uint8Array>('./pdf-thread-worker.ts', {}, { idleStopMs: 1 });
    const results = await Promise.all(Array.from({ length: 6 }, () => calls?.call(EMPTY)));
    expect(results.every((pdf) => (pdf?.byteLength ?? 0) > 1000)).toBe(true);
  });
});
