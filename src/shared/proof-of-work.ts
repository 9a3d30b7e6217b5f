/**
 * The proof of work a form sends with its request, and the search that finds it. The server issues
 * and checks challenges with altcha-lib (its v2 "SHA-256" scheme); the browser finds a solution with
 * this file, in a worker. No Node or DOM imports: the browser's worker and the tests both run it.
 *
 * The scheme: key(counter) = SHA-256 applied `cost` times, first to salt ‖ nonce ‖ counter (32-bit,
 * big-endian), then to the previous digest. The challenge names a prefix that only one counter's
 * key has (the server picked that counter at random and signed the challenge), so finding it means
 * trying every counter from 0 up to it.
 */

/** A challenge as `GET /api/challenge` issues it (altcha-lib v2's format). */
export interface ProofChallenge {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyLength: number;
    keyPrefix: string;
    /** Seconds since 1970: the server refuses the challenge after this. */
    expiresAt?: number;
    [other: string]: unknown;
  };
  signature?: string;
}

export interface ProofSolution {
  counter: number;
  /** The key the counter gives, in lower-case hex. */
  derivedKey: string;
}

/** What a request carries in its proof field (bot-check.ts). */
export interface ProofOfWork {
  challenge: ProofChallenge;
  solution: ProofSolution;
}

// SHA-256 (FIPS 180-4). Written out because the browser's crypto.subtle is asynchronous (tens of
// microseconds a call, more than the hash itself) and exists only on secure origins.
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const INITIAL = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];
const W = new Int32Array(64);
const H = new Int32Array(8);

function compress(block: Uint8Array, offset: number): void {
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4;
    W[i] = (block[j]! << 24) | (block[j + 1]! << 16) | (block[j + 2]! << 8) | block[j + 3]!;
  }
  for (let i = 16; i < 64; i++) {
    const x = W[i - 15]!;
    const y = W[i - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
  }
  let a = H[0]!;
  let b = H[1]!;
  let c = H[2]!;
  let d = H[3]!;
  let e = H[4]!;
  let f = H[5]!;
  let g = H[6]!;
  let h = H[7]!;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  H[0] = (H[0]! + a) | 0;
  H[1] = (H[1]! + b) | 0;
  H[2] = (H[2]! + c) | 0;
  H[3] = (H[3]! + d) | 0;
  H[4] = (H[4]! + e) | 0;
  H[5] = (H[5]! + f) | 0;
  H[6] = (H[6]! + g) | 0;
  H[7] = (H[7]! + h) | 0;
}

// The padded message, kept per length: the search hashes inputs of one or two lengths millions of times.
const paddedByLength = new Map<number, Uint8Array>();

/** The SHA-256 digest of `message`, written into `out` (32 bytes; it may be `message` itself). */
export function sha256(message: Uint8Array, out: Uint8Array = new Uint8Array(32)): Uint8Array {
  let padded = paddedByLength.get(message.length);
  if (!padded) {
    padded = new Uint8Array(Math.ceil((message.length + 9) / 64) * 64);
    padded[message.length] = 0x80;
    const bits = message.length * 8;
    const view = new DataView(padded.buffer);
    view.setUint32(padded.length - 8, Math.floor(bits / 0x100000000));
    view.setUint32(padded.length - 4, bits >>> 0);
    if (paddedByLength.size < 8) paddedByLength.set(message.length, padded);
  }
  padded.set(message);
  H.set(INITIAL);
  for (let offset = 0; offset < padded.length; offset += 64) compress(padded, offset);
  for (let i = 0; i < 8; i++) {
    const word = H[i]!;
    out[i * 4] = word >>> 24;
    out[i * 4 + 1] = (word >>> 16) & 0xff;
    out[i * 4 + 2] = (word >>> 8) & 0xff;
    out[i * 4 + 3] = word & 0xff;
  }
  return out;
}

function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new Error('not a hex string');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** The only scheme this solver knows; the server issues no other. */
export const PROOF_ALGORITHM = 'SHA-256';

/**
 * Tries counters `from` up to (not including) `to` and returns the first whose key starts with the
 * challenge's prefix, or null. Called in slices by a solver that wants to stay responsive.
 */
export function searchCounters(
  parameters: ProofChallenge['parameters'],
  from: number,
  to: number,
): ProofSolution | null {
  if (parameters.algorithm !== PROOF_ALGORITHM) throw new Error(`cannot solve ${parameters.algorithm}`);
  const salt = fromHex(parameters.salt);
  const nonce = fromHex(parameters.nonce);
  const prefix = fromHex(parameters.keyPrefix);
  const keyLength = parameters.keyLength;
  const cost = Math.max(1, parameters.cost);
  const input = new Uint8Array(salt.length + nonce.length + 4);
  input.set(salt);
  input.set(nonce, salt.length);
  const counterView = new DataView(input.buffer, salt.length + nonce.length, 4);
  const key = new Uint8Array(32);
  for (let counter = from; counter < to; counter++) {
    counterView.setUint32(0, counter);
    sha256(input, key);
    for (let i = 1; i < cost; i++) sha256(key, key);
    let matches = true;
    for (let i = 0; i < prefix.length; i++) {
      if (key[i] !== prefix[i]) {
        matches = false;
        break;
      }
    }
    if (matches) return { counter, derivedKey: toHex(key.subarray(0, keyLength)) };
  }
  return null;
}
