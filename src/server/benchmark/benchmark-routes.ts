import type { FastifyInstance } from 'fastify';
import { parseSegment, type Benchmark } from '../../core';
import { readBenchmark } from './read-benchmark';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { HttpError } from '../http/http-errors';

export interface BenchmarkOptions {
  db: Database;
  config: Pick<Config, 'benchmarkMinResponses'>;
}

/** How long a browser or proxy may reuse an answer: the figures move slowly, and it is the same for everyone. */
export const BENCHMARK_MAX_AGE_SECONDS = 300;

const INVALID_SEGMENT_MESSAGE =
  'The segment must be "all" or "<service type>:<size>", each part a known value or "any".';

/**
 * `GET /api/benchmark?segment=<type>:<size>` (no segment: "all"): the median and quartiles per
 * area of the completed audits in that segment, or of all of them when the segment has too few,
 * or word that there are too few. A segment that is not one is 400 invalid_request.
 */
export async function benchmarkRoutes(app: FastifyInstance, options: BenchmarkOptions): Promise<void> {
  app.get('/api/benchmark', async (request, reply): Promise<Benchmark> => {
    const { segment = 'all' } = request.query as { segment?: unknown };
    // A repeated parameter arrives as an array: not a segment either.
    const profile = typeof segment === 'string' ? parseSegment(segment) : undefined;
    if (!profile) throw new HttpError(400, 'invalid_request', INVALID_SEGMENT_MESSAGE);
    const benchmark = await readBenchmark(options.db, profile, options.config.benchmarkMinResponses);
    reply.header('Cache-Control', `public, max-age=${BENCHMARK_MAX_AGE_SECONDS}`);
    return benchmark;
  });
}
