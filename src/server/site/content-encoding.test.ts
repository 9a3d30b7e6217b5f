import { describe, expect, it } from 'vitest';
import { chooseEncoding, type CompressedEncoding } from './content-encoding';

const both = new Set<CompressedEncoding>(['br', 'gzip']);
const gzipOnly = new Set<CompressedEncoding>(['gzip']);
const none = new Set<CompressedEncoding>();

describe('chooseEncoding', () => {
  it.each([
    [undefined, both, 'identity'],
    ['', both, 'identity'],
    ['gzip, deflate, br', both, 'br'],
    ['gzip, deflate, br, zstd', both, 'br'],
    ['gzip', both, 'gzip'],
    ['GZIP', both, 'gzip'],
    ['x-gzip', both, 'gzip'],
    ['br', gzipOnly, 'identity'],
    ['br, gzip', gzipOnly, 'gzip'],
    ['br;q=0, gzip', both, 'gzip'],
    ['br;q=0.5, gzip;q=0.8', both, 'gzip'],
    ['br;q=1.0, gzip;q=1.0', both, 'br'],
    ['*', both, 'br'],
    ['*;q=0.1, br;q=0', both, 'gzip'],
    ['identity', both, 'identity'],
    ['gzip;q=0', both, 'identity'],
    ['deflate', both, 'identity'],
    ['gzip, br', none, 'identity'],
  ] as const)('%j with %j available gives %s', (header, available, expected) => {
    expect(chooseEncoding(header, available)).toBe(expected);
  });
});
