import type { AppMetrics } from './app-metrics';

/**
 * `render` (the PDF thread's), reporting how long each call took and whether it succeeded: both the
 * download and the e-mail attachment go through it.
 */
export function timedRenders<Args extends unknown[], Result>(
  render: (...args: Args) => Promise<Result>,
  metrics: AppMetrics,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    const startedAt = performance.now();
    try {
      const result = await render(...args);
      metrics.recordPdfRender('ok', (performance.now() - startedAt) / 1000);
      return result;
    } catch (error) {
      metrics.recordPdfRender('error', (performance.now() - startedAt) / 1000);
      throw error;
    }
  };
}
