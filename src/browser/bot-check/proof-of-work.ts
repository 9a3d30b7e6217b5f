import { useCallback, useEffect, useRef } from 'react';
import type { ProofChallenge, ProofOfWork, ProofSolution } from '../../shared/proof-of-work';
import type { SolveReply, SolveRequest } from './proof-of-work-worker';

/**
 * A form's proof of work (the e-mail form's, and the team sign-in's next), done in the background
 * with nothing for the person to solve: a challenge from our own API, solved in a worker as soon
 * as the form appears, so that it is usually ready before the person has typed their address.
 */

// A solution is not sent if its challenge expires within this long: the request might arrive late.
const EXPIRY_MARGIN_MS = 60_000;
// The main thread's fallback (no module workers) searches in slices this big between yields.
const FALLBACK_SLICE = 2_000;

async function fetchChallenge(): Promise<ProofChallenge> {
  const response = await fetch('/api/challenge', {
    cache: 'no-store',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`GET /api/challenge answered ${response.status}`);
  return (await response.json()) as ProofChallenge;
}

/** Solves challenges in one module worker, one at a time. */
class WorkerSolver {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, (reply: SolveReply) => void>();
  private nextId = 1;

  constructor() {
    // Vite emits the worker as its own same-origin file; `type: 'module'` lets it import the solver.
    this.worker = new Worker(new URL('./proof-of-work-worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (event: MessageEvent<SolveReply>) => {
      this.waiting.get(event.data.id)?.(event.data);
      this.waiting.delete(event.data.id);
    };
    this.worker.onerror = () => {
      for (const [id, resolve] of this.waiting) resolve({ id, error: 'the worker failed' });
      this.waiting.clear();
    };
  }

  solve(parameters: ProofChallenge['parameters']): Promise<ProofSolution | null> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (reply) =>
        'error' in reply ? reject(new Error(reply.error)) : resolve(reply.solution),
      );
      this.worker.postMessage({ id, parameters } satisfies SolveRequest);
    });
  }

  /** Stops the worker; a solve still waiting ends with an error rather than never. */
  terminate(): void {
    this.worker.terminate();
    for (const [id, resolve] of this.waiting) resolve({ id, error: 'stopped' });
    this.waiting.clear();
  }
}

/** For a browser without module workers: the same search on the main thread, in slices. */
async function solveOnMainThread(
  parameters: ProofChallenge['parameters'],
  stopped: () => boolean,
): Promise<ProofSolution | null> {
  const { searchCounters } = await import('../../shared/proof-of-work');
  for (let from = 0; from < 2 ** 32 && !stopped(); from += FALLBACK_SLICE) {
    const solution = searchCounters(parameters, from, from + FALLBACK_SLICE);
    if (solution) return solution;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return null;
}

interface Attempt {
  proof: Promise<ProofOfWork | undefined>;
}

/**
 * Starts solving when the component mounts. `takeProof()` resolves with a solved challenge (waiting
 * for the solve if it is not done yet) and uses it up; `prepare()` starts the next one in the
 * background, for a send that failed and may be tried again. Resolves undefined only when no
 * challenge could be had: the request then goes without one and the server refuses it.
 */
export function useProofOfWork(): { takeProof: () => Promise<ProofOfWork | undefined>; prepare: () => void } {
  const solver = useRef<WorkerSolver | null | undefined>(undefined);
  const attempt = useRef<Attempt | undefined>(undefined);
  // Set when the form goes away: work in progress then ends instead of falling back to this thread.
  const stopped = useRef(false);

  const solve = useCallback(async (parameters: ProofChallenge['parameters']) => {
    if (solver.current === undefined) {
      try {
        solver.current = new WorkerSolver();
      } catch {
        solver.current = null;
      }
    }
    if (solver.current) {
      try {
        return await solver.current.solve(parameters);
      } catch {
        if (stopped.current) return null;
        // A worker that cannot start (blocked, or no module workers): solve here instead.
        solver.current.terminate();
        solver.current = null;
      }
    }
    return solveOnMainThread(parameters, () => stopped.current);
  }, []);

  const start = useCallback((): Attempt => {
    const proof = (async () => {
      try {
        const challenge = await fetchChallenge();
        const solution = await solve(challenge.parameters);
        return solution ? { challenge, solution } : undefined;
      } catch {
        return undefined;
      }
    })();
    const next = { proof };
    attempt.current = next;
    return next;
  }, [solve]);

  const prepare = useCallback(() => {
    attempt.current ??= start();
  }, [start]);

  const takeProof = useCallback(async () => {
    const current = attempt.current ?? start();
    attempt.current = undefined;
    let proof = await current.proof;
    const expiresAt = (proof?.challenge.parameters.expiresAt ?? 0) * 1000;
    // Failed (the network blinked) or about to expire (the form sat open): one fresh try.
    if (!proof || expiresAt - Date.now() < EXPIRY_MARGIN_MS) {
      const retry = start();
      attempt.current = undefined;
      proof = await retry.proof;
    }
    return proof;
  }, [start]);

  useEffect(() => {
    stopped.current = false;
    prepare();
    return () => {
      stopped.current = true;
      solver.current?.terminate();
      solver.current = undefined;
      attempt.current = undefined;
    };
  }, [prepare]);

  return { takeProof, prepare };
}
