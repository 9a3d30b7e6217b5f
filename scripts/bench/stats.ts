/** The middle value (the mean of the two middle values for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The `p`th percentile by nearest rank (the 95th of 20 values is the 19th smallest); NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Rounds to `digits` decimal places, for figures that should not pretend to more precision. */
export function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * Runs `call` three times to warm up, then `runs` times timed one after another: the median and the
 * slowest, in milliseconds rounded to `digits` places.
 */
export async function timed(
  runs: number,
  call: () => Promise<unknown>,
  digits: number,
): Promise<{ medianMs: number; maxMs: number }> {
  for (let i = 0; i < 3; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  return { medianMs: round(median(times), digits), maxMs: round(Math.max(...times), digits) };
}
