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
