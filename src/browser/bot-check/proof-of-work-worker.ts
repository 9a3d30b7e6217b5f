/// <reference lib="webworker" />
/**
 * Solves one proof-of-work challenge per message, off the main thread so the page stays
 * responsive. Loaded by the e-mail form as a same-origin module file (the CSP allows no blob:
 * workers and no inline script).
 */
import { searchCounters, type ProofChallenge, type ProofSolution } from '../../shared/proof-of-work';

export interface SolveRequest {
  id: number;
  parameters: ProofChallenge['parameters'];
}

export type SolveReply = { id: number; solution: ProofSolution | null } | { id: number; error: string };

// Every uint32 counter: a challenge from our server is solved long before the end.
const LAST_COUNTER = 2 ** 32;

self.onmessage = (event: MessageEvent<SolveRequest>) => {
  const { id, parameters } = event.data;
  let reply: SolveReply;
  try {
    reply = { id, solution: searchCounters(parameters, 0, LAST_COUNTER) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(reply);
};
