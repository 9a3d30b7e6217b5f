import { createHash } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { searchCounters, sha256, type ProofChallenge } from './proof-of-work';

describe('sha256', () => {
  // Lengths around the padding boundaries: 55 bytes fit one block with the length, 56 need two.
  it.each([0, 1, 32, 36, 55, 56, 63, 64, 65, 119, 120, 1000])(
    'matches node:crypto for %i bytes',
    (length) => {
      const message = Uint8Array.from({ length }, (_, i) => (i * 31 + 7) & 0xff);
      const expected = createHash('sha256').update(message).digest('hex');
      expect(Buffer.from(sha256(message)).toString('hex')).toBe(expected);
    },
  );

  it('may write its digest over its input', () => {
    const buffer = new Uint8Array(32).fill(9);
    const expected = createHash('sha256').update(buffer).digest('hex');
    expect(Buffer.from(sha256(buffer, buffer)).toString('hex')).toBe(expected);
  });
});

describe('searchCounters', () => {
  const secret = 'test secret';
  async function challenge(cost: number, counter: number): Promise<ProofChallenge> {
    const created = await createChallenge({
      algorithm: 'SHA-256',
      cost,
      counter,
      deriveKey,
      expiresAt: new Date(Date.now() + 60_000),
      hmacSignatureSecret: secret,
    });
    return created as ProofChallenge;
  }

  it.each([
    [1, 0],
    [1, 1234],
    [3, 777],
  ])(
    'finds the counter altcha-lib hid (cost %i, counter %i), and altcha-lib verifies it',
    async (cost, counter) => {
      const c = await challenge(cost, counter);
      const solution = searchCounters(c.parameters, 0, 2 ** 32);
      expect(solution?.counter).toBe(counter);
      const result = await verifySolution({
        challenge: c as never,
        solution: solution!,
        deriveKey,
        hmacSignatureSecret: secret,
      });
      expect(result.verified).toBe(true);
    },
  );

  it('searches only the range it is given', async () => {
    const c = await challenge(1, 500);
    expect(searchCounters(c.parameters, 0, 500)).toBeNull();
    expect(searchCounters(c.parameters, 500, 501)?.counter).toBe(500);
  });

  it('refuses a scheme it does not know', async () => {
    const c = await challenge(1, 1);
    expect(() => searchCounters({ ...c.parameters, algorithm: 'SCRYPT' }, 0, 10)).toThrow(/SCRYPT/);
  });
});
