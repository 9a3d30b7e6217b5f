import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';
import { searchCounters, type ProofChallenge, type ProofOfWork } from '../../src/shared/proof-of-work';

/** Solves a challenge as the browser's worker does (the same search, in this process). */
export function solve(challenge: ProofChallenge): ProofOfWork {
  const solution = searchCounters(challenge.parameters, 0, 2 ** 32);
  if (!solution) throw new Error('no counter solves this challenge');
  return { challenge, solution };
}

/** A challenge from the app's own `GET /api/challenge`, solved. */
export async function solvedProof(app: FastifyInstance): Promise<ProofOfWork> {
  const response = await app.inject({ url: '/api/challenge' });
  if (response.statusCode !== 200) throw new Error(`GET /api/challenge answered ${response.statusCode}`);
  return solve(response.json<ProofChallenge>());
}

/**
 * `GET /api/challenge` as a page's form meets it in a component test: a real challenge, signed and
 * expiring as the server's are, but small (300 counters), so the page's solver finds it at once.
 */
export async function smallChallengeAnswer(): Promise<Response> {
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: 300,
    deriveKey,
    expiresAt: new Date(Date.now() + 600_000),
    hmacSignatureSecret: 'test',
  });
  return new Response(JSON.stringify(challenge), { headers: { 'content-type': 'application/json' } });
}
