/**
 * One guard for every form a bot might fill in (the e-mail form now, the team sign-in next): a
 * honeypot field, and a proof of work on a challenge this server issued, each challenge accepted
 * once. No cookie, no third party: the challenge travels in the request body.
 *
 * It is handed what it needs (a store, the field names, how to reject) and knows nothing of the
 * forms it guards.
 */
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
// The scheme the browser's solver knows: the server issues no other.
import { PROOF_ALGORITHM } from '../../shared/proof-of-work';
import type { ChallengeStore } from './challenge-store';

/**
 * How much work a challenge takes: SHA-256 applied `cost` times per counter, for every counter up
 * to one picked at random between `minCounter` and `maxCounter`.
 */
export interface Difficulty {
  cost: number;
  minCounter: number;
  maxCounter: number;
}

/**
 * 15,000–40,000 single SHA-256 hashes. Measured in Chromium's worker on the (busy) build machine:
 * 26–64 ms a solve at 20,000–50,000, worker start included; so about half a second at most on a
 * phone ten times slower, and done before the person has typed their address. Every scripted
 * request costs its sender the same work (less with native SHA-256: some tens of milliseconds).
 */
export const DEFAULT_DIFFICULTY: Difficulty = { cost: 1, minCounter: 15_000, maxCounter: 40_000 };

/** Long enough for a person to fill in the form after the page solved its challenge. */
export const DEFAULT_CHALLENGE_TTL_MS = 30 * 60 * 1000;

export type BotCheckFailure =
  | 'honeypot_filled'
  | 'proof_missing'
  | 'proof_malformed'
  | 'proof_expired'
  | 'proof_forged'
  | 'proof_wrong'
  | 'proof_reused';

export type BotCheckResult = { passed: true } | { passed: false; reason: BotCheckFailure };

/** The two fields of a request the guard looks at, as they arrived (anything at all). */
export interface GuardedFields {
  honeypot: unknown;
  proof: unknown;
}

export interface BotGuardOptions {
  /** False: only the honeypot is checked (BOT_PROTECTION=off, for API clients and tests). */
  proofOfWork: boolean;
  store: ChallengeStore;
  difficulty?: Difficulty;
  challengeTtlMs?: number;
}

export interface BotGuard {
  readonly proofOfWork: boolean;
  /** A new signed challenge; nothing is stored until a solution comes back. */
  issueChallenge(): Promise<Challenge>;
  /** Checks the honeypot, then (when on) the proof, and uses the proof's challenge up. */
  check(fields: GuardedFields): Promise<BotCheckResult>;
  /**
   * The check as a Fastify preHandler for a JSON route: the handler runs only for a request that
   * passed; any other gets the error `reject` makes.
   */
  preHandler(options: {
    honeypotField: string;
    proofField: string;
    reject: (reason: BotCheckFailure) => Error;
  }): preHandlerAsyncHookHandler;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The proof as altcha-lib expects it, or undefined when its shape is wrong. */
function parseProof(value: unknown): { challenge: Challenge; solution: Solution } | undefined {
  if (!isRecord(value) || !isRecord(value.challenge) || !isRecord(value.solution)) return undefined;
  const { parameters, signature } = value.challenge;
  const { counter, derivedKey } = value.solution;
  if (!isRecord(parameters) || typeof signature !== 'string') return undefined;
  if (parameters.algorithm !== PROOF_ALGORITHM || typeof parameters.expiresAt !== 'number') return undefined;
  if (typeof counter !== 'number' || typeof derivedKey !== 'string') return undefined;
  return {
    challenge: { parameters: parameters as unknown as Challenge['parameters'], signature },
    solution: { counter, derivedKey },
  };
}

export function createBotGuard(options: BotGuardOptions): BotGuard {
  const { store, proofOfWork } = options;
  const difficulty = options.difficulty ?? DEFAULT_DIFFICULTY;
  const ttlMs = options.challengeTtlMs ?? DEFAULT_CHALLENGE_TTL_MS;

  async function checkProof(value: unknown): Promise<BotCheckResult> {
    if (value === undefined || value === null) return { passed: false, reason: 'proof_missing' };
    const proof = parseProof(value);
    if (!proof) return { passed: false, reason: 'proof_malformed' };
    const hmacSignatureSecret = await store.signingSecret();
    let result;
    try {
      result = await verifySolution({ ...proof, deriveKey, hmacSignatureSecret });
    } catch {
      // altcha-lib throws, rather than answers, for values no challenge of ours holds (bad hex, say).
      return { passed: false, reason: 'proof_forged' };
    }
    if (result.expired) return { passed: false, reason: 'proof_expired' };
    if (result.invalidSignature) return { passed: false, reason: 'proof_forged' };
    if (!result.verified) return { passed: false, reason: 'proof_wrong' };
    // The signature covers nonce and salt, which are random: it names this challenge alone.
    const expiresAt = new Date((proof.challenge.parameters.expiresAt ?? 0) * 1000);
    const firstUse = await store.markUsed(proof.challenge.signature ?? '', expiresAt);
    return firstUse ? { passed: true } : { passed: false, reason: 'proof_reused' };
  }

  const guard: BotGuard = {
    proofOfWork,
    async issueChallenge() {
      return createChallenge({
        algorithm: PROOF_ALGORITHM,
        cost: difficulty.cost,
        counter: randomInt(difficulty.maxCounter, difficulty.minCounter),
        deriveKey,
        expiresAt: new Date(Date.now() + ttlMs),
        hmacSignatureSecret: await store.signingSecret(),
      });
    },
    async check({ honeypot, proof }) {
      // A person never sees the honeypot, so anything in it came from a program.
      if (honeypot !== undefined && honeypot !== null && honeypot !== '') {
        return { passed: false, reason: 'honeypot_filled' };
      }
      return proofOfWork ? checkProof(proof) : { passed: true };
    },
    preHandler({ honeypotField, proofField, reject }) {
      return async (request: FastifyRequest) => {
        const body = isRecord(request.body) ? request.body : {};
        const result = await guard.check({ honeypot: body[honeypotField], proof: body[proofField] });
        if (!result.passed) {
          request.log.info({ botCheck: result.reason }, 'bot check failed');
          throw reject(result.reason);
        }
      };
    },
  };
  return guard;
}
