import { useEffect, useState } from 'react';
import { segmentOf, type Benchmark, type ServiceProfile } from '../../../core';
import { fetchBenchmark } from '../../api/benchmark';

/**
 * The benchmark for a profile's segment, fetched once the page has answers to compare: undefined
 * until it arrives and for good if it fails, so the results render at once and never wait for it.
 */
export function useBenchmark(profile: ServiceProfile, enabled: boolean): Benchmark | undefined {
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
  // A figure fetched for another segment is not this profile's.
  return enabled && result?.segment === segment ? result.benchmark : undefined;
}
