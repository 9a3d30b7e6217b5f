import { Worker } from 'node:worker_threads';
import type { Report } from '../../core';
import type { RenderPdf } from './outbox-mail';

export interface PdfRequest {
  id: number;
  report: Report;
}
export type PdfReply = { id: number; pdf: Uint8Array<ArrayBuffer> } | { id: number; error: string };

/** Renders report PDFs in a worker thread of their own. */
export interface PdfThread {
  render: RenderPdf;
  /** Ends the thread; renders still waiting are rejected. A later `render` starts a new one. */
  close(): Promise<void>;
}

interface RunningThread {
  worker: Worker;
  pending: Map<number, { resolve: (pdf: Uint8Array) => void; reject: (error: Error) => void }>;
}

const ENTRY = new URL('./pdf-thread-entry.mjs', import.meta.url);

/**
 * Rendering a report's PDF takes ~10 ms of CPU. On the main thread, every one of them holds up
 * the requests being answered meanwhile (and during a burst of requests, the outbox's PDFs wait
 * behind the requests). In a thread of its own a render runs beside them, on another core.
 * The thread starts with the first render, so a server that sends no e-mail never pays for it
 * (about 250 ms to start and tens of MB for jsPDF). A thread that dies fails the renders it held
 * (the outbox retries those messages) and the next render starts a new one.
 */
export function startPdfThread(): PdfThread {
  let current: RunningThread | undefined;
  let nextId = 0;

  const start = (): RunningThread => {
    const running: RunningThread = { worker: new Worker(ENTRY), pending: new Map() };
    const { worker, pending } = running;
    // Only this thread's renders: one started after it died is the next thread's.
    const failAll = (error: Error) => {
      if (current === running) current = undefined;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    worker.on('message', (reply: PdfReply) => {
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (pending.size === 0) worker.unref();
      if ('pdf' in reply) waiting?.resolve(reply.pdf);
      else waiting?.reject(new Error(`the PDF thread could not render the report: ${reply.error}`));
    });
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`the PDF thread stopped (exit code ${code})`)));
    return running;
  };

  return {
    render(report) {
      const { worker, pending } = (current ??= start());
      const id = ++nextId;
      // A render waiting keeps the process alive (a stop waits for the outbox's sends); an idle
      // thread does not.
      if (pending.size === 0) worker.ref();
      return new Promise<Uint8Array>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, report } satisfies PdfRequest);
      });
    },
    async close() {
      const running = current;
      current = undefined;
      await running?.worker.terminate();
    },
  };
}
