import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Benchmark } from '../../core';
import { fetchBenchmark, isBenchmark } from './benchmark';

const FIGURES = { median: 50, lowerQuartile: 0, upperQuartile: 100 };
const AVAILABLE: Benchmark = {
  status: 'available',
  basis: 'all',
  profile: {},
  responses: 10,
  areas: { operational: FIGURES, compliance: FIGURES, quality: FIGURES, training: FIGURES, data: FIGURES },
};

afterEach(() => vi.unstubAllGlobals());

describe('isBenchmark', () => {
  it.each([
    ['available', AVAILABLE],
    ['too few', { status: 'too_few', minResponses: 10 }],
  ])('accepts %s', (_name, body) => expect(isBenchmark(body)).toBe(true));

  it.each([
    ['null', null],
    ['a string', 'available'],
    ['an unknown status', { status: 'maybe' }],
    ['too few without its threshold', { status: 'too_few' }],
    ['an unknown basis', { ...AVAILABLE, basis: 'region' }],
    ['no profile', { ...AVAILABLE, profile: null }],
    ['a count that is not whole', { ...AVAILABLE, responses: 10.5 }],
    ['an area missing', { ...AVAILABLE, areas: { ...AVAILABLE.areas, data: undefined } }],
    ['a median over 100', { ...AVAILABLE, areas: { ...AVAILABLE.areas, data: { ...FIGURES, median: 101 } } }],
    [
      'a quartile below 0',
      { ...AVAILABLE, areas: { ...AVAILABLE.areas, data: { ...FIGURES, lowerQuartile: -1 } } },
    ],
    ['a figure as text', { ...AVAILABLE, areas: { ...AVAILABLE.areas, data: { ...FIGURES, median: '50' } } }],
  ])('refuses %s', (_name, body) => expect(isBenchmark(body)).toBe(false));
});

describe('fetchBenchmark', () => {
  function stubFetch(answer: () => Response | Promise<Response>) {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      return answer();
    });
    return urls;
  }

  it('asks for the profile’s segment and resolves to the figures', async () => {
    const urls = stubFetch(() => Response.json(AVAILABLE));
    expect(await fetchBenchmark({ serviceType: 'supported_living', size: '100_plus' })).toEqual(AVAILABLE);
    expect(await fetchBenchmark({})).toEqual(AVAILABLE);
    expect(urls).toEqual([
      '/api/benchmark?segment=supported_living%3A100_plus',
      '/api/benchmark?segment=all',
    ]);
  });

  it.each([
    ['a 400', () => Response.json({ error: { code: 'invalid_request' } }, { status: 400 })],
    ['a 500', () => new Response('oops', { status: 500 })],
    ['a body that is not JSON', () => new Response('<html>', { status: 200 })],
    ['a body that is not a benchmark', () => Response.json({ status: 'available' })],
    [
      'no answer',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('resolves to nothing after %s', async (_name, answer) => {
    stubFetch(answer);
    await expect(fetchBenchmark({})).resolves.toBeUndefined();
  });
});
