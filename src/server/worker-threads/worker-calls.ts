import { parentPort, Worker, type Transferable } from 'node:worker_threads';

/** What a call that failed in the thread rejects with: its message and the fields callers test. */
export type ThreadError = Error & { code?: unknown; responseCode?: unknown };

type Reply<Result> =
  | { id: number; result: Result }
  | { id: number; error: { name?: string; message: string; code?: unknown; responseCode?: unknown } };

/** Calls into a worker thread of its own, each answered by a promise. */
export interface WorkerCalls<Request, Result> {
  call(request: Request): Promise<Result>;
  /** Whether a thread is up now (it starts with a call and ends when idle or closed). */
  readonly running: boolean;
  /** Ends the thread; calls still waiting are rejected. A later `call` starts a new one. */
  close(): Promise<void>;
}

export interface WorkerCallsOptions {
  /** How long the thread may sit idle before it ends (default 90 s; Infinity: it never does). */
  idleStopMs?: number;
}

interface RunningThread<Result> {
  worker: Worker;
  pending: Map<number, { resolve: (result: Result) => void; reject: (error: Error) => void }>;
}

const ENTRY = new URL('./thread-entry.mjs', import.meta.url);

/**
 * Starts `module` (the file URL of a module that calls `answerCalls`, e.g.
 * `new URL('./pdf-thread-worker.ts', import.meta.url)` in the module beside it) in a worker thread at the first call, so a server that never needs it never pays
 * for it, and ends after `idleStopMs` without a call. A thread that dies fails the calls it held,
 * and the next call starts a new one. While a call waits, the thread keeps the process alive (a
 * graceful stop waits for it); an idle one does not.
 */
export function startWorkerCalls<Request, Result>(
  module: URL,
  workerData: Record<string, unknown> = {},
  options: WorkerCallsOptions = {},
): WorkerCalls<Request, Result> {
  const idleStopMs = options.idleStopMs ?? 90_000;
  let current: RunningThread<Result> | undefined;
  let nextId = 0;
  let idleTimer: NodeJS.Timeout | undefined;

  // A thread costs tens of MB (its own heap, the modules it loaded): an idle one ends, and the next
  // call starts another (~250 ms).
  const stopWhenIdle = (running: RunningThread<Result>) => {
    clearTimeout(idleTimer);
    // setTimeout takes Infinity as 1 ms: a thread meant to stay up must not get a timer at all.
    if (idleStopMs === Infinity) return;
    idleTimer = setTimeout(() => {
      if (current !== running || running.pending.size > 0) return;
      current = undefined;
      void running.worker.terminate();
    }, idleStopMs);
    idleTimer.unref();
  };

  const start = (): RunningThread<Result> => {
    const running: RunningThread<Result> = {
      worker: new Worker(ENTRY, { workerData: { ...workerData, module: module.href } }),
      pending: new Map(),
    };
    const { worker, pending } = running;
    // Only this thread's calls: one made after it died belongs to the next thread.
    const failAll = (error: Error) => {
      if (current === running) current = undefined;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    worker.on('message', (reply: Reply<Result>) => {
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (pending.size === 0) {
        worker.unref();
        stopWhenIdle(running);
      }
      if ('result' in reply) waiting?.resolve(reply.result);
      else waiting?.reject(Object.assign(new Error(reply.error.message), reply.error) as ThreadError);
    });
    worker.on('error', failAll);
    worker.on('exit', (code) =>
      failAll(new Error(`the worker thread ${module} stopped (exit code ${code})`)),
    );
    return running;
  };

  return {
    get running() {
      return current !== undefined;
    },
    call(request) {
      const { worker, pending } = (current ??= start());
      const id = ++nextId;
      if (pending.size === 0) worker.ref();
      return new Promise<Result>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, request });
      });
    },
    async close() {
      clearTimeout(idleTimer);
      const running = current;
      current = undefined;
      await running?.worker.terminate();
    },
  };
}

/**
 * The thread's side: answers each call with `handle`'s result (moving what `transfer` lists rather
 * than copying it), or with the error's message, name, code and responseCode.
 */
export function answerCalls<Request, Result>(
  handle: (request: Request) => Promise<Result>,
  transfer: (result: Result) => Transferable[] = () => [],
): void {
  const port = parentPort;
  if (!port) throw new Error('answerCalls runs in a worker thread only');
  port.on('message', ({ id, request }: { id: number; request: Request }) => {
    handle(request).then(
      (result) => port.postMessage({ id, result } satisfies Reply<Result>, transfer(result)),
      (error: unknown) => {
        const { name, message, code, responseCode } = (error ?? {}) as ThreadError;
        port.postMessage({
          id,
          error: { name, message: message ?? String(error), code, responseCode },
        } satisfies Reply<Result>);
      },
    );
  });
}
