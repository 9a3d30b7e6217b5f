import { useEffect, useState } from 'react';
import { segmentOf, type Benchmark, type ServiceProfile } from '../../../core';
import { fetchBenchmark } from '../../api/benchmark';

/**
 * Where the comparison for a profile stands: still on its way, failed (no answer, an error, a body
 * that is not a benchmark), or the benchmark itself. "Compare" says which, so it is never silent.
 */
export type BenchmarkLookup = { status: 'loading' } | { status: 'failed' } | Benchmark;

/**
 * The benchmark lookup for a profile's segment, fetched once the page has answers to compare;
 * undefined while disabled, so the results render at once and never wait for it.
 */
export function useBenchmarkLookup(profile: ServiceProfile, enabled: boolean): BenchmarkLookup | undefined {
  const segment = segmentOf(profile);
  const [result, setResult] = useState<{ segment: string; benchmark: Benchmark | undefined }>();
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    // The segment names the whole profile, so fetching by it alone loses nothing.
    void fetchBenchmark(profile, controller.signal).then((benchmark) => {
      if (!controller.signal.aborted) setResult({ segment, benchmark });
    });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the segment stands for the profile
  }, [segment, enabled]);
  if (!enabled) return undefined;
  // A figure fetched for another segment is not this profile's.
  if (result?.segment !== segment) return { status: 'loading' };
  return result.benchmark ?? { status: 'failed' };
}

/** The benchmark alone: undefined until it arrives and for good if it fails. */
export function useBenchmark(profile: ServiceProfile, enabled: boolean): Benchmark | undefined {
  return benchmarkOf(useBenchmarkLookup(profile, enabled));
}

/** The benchmark a lookup holds, if it holds one. */
export function benchmarkOf(lookup: BenchmarkLookup | undefined): Benchmark | undefined {
  return lookup?.status === 'available' || lookup?.status === 'too_few' ? lookup : undefined;
}
