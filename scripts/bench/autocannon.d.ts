// autocannon 9 ships no types; this declares the part of its API the benchmark uses.
declare module 'autocannon' {
  interface Request {
    method?: 'GET' | 'POST';
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Builds each request in turn; `context` is the connection's, fresh for each request. */
    setupRequest?(request: Request, context: Record<string, unknown>): Request;
    /** Told of each answer to this request, with the context `setupRequest` was given. */
    onResponse?(status: number, body: string, context: Record<string, unknown>): void;
  }

  interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    pipelining?: number;
    /** Seconds before a request without an answer counts as a timeout (10 by default). */
    timeout?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    /** Replaces each `[<id>]` in the body with a fresh random id, per request. */
    idReplacement?: boolean;
    requests?: Request[];
  }

  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    total: number;
  }

  interface Result {
    duration: number;
    /** Milliseconds. */
    latency: Histogram;
    /** Per second. */
    requests: Histogram & { sent: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
  export type { Options, Result };
}
