import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/support/suite-database';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';
import { parsePrometheusText, sampleValue } from '../../../test/support/prometheus-text';
import { createAppMetrics } from './app-metrics';

// The metrics have their own listener (main.ts, METRICS_PORT); the public app has no /metrics route
// whether they are kept or not. metrics-process.test.ts checks the same of a running server.
describe('the public port', () => {
  const t = useTestDatabase('pglite');

  describe.each([
    ['without metrics (METRICS_PORT unset)', false],
    ['with metrics kept (METRICS_PORT set)', true],
  ])('%s', (_name, withMetrics) => {
    const metrics = withMetrics ? createAppMetrics({ processMetrics: false }) : undefined;
    const server = useTestApp(() => ({
      config: testConfig(apiOnlyEnv(t.dataDir)),
      deps: { db: t.db, metrics },
    }));

    it('answers 404 to /metrics, however asked', async () => {
      for (const url of ['/metrics', '/metrics/', '/metrics?format=prometheus', '/api/metrics']) {
        for (const method of ['GET', 'HEAD'] as const) {
          const res = await server.app.inject({ method, url });
          expect(res.statusCode, `${method} ${url}`).toBe(404);
          expect(res.body).not.toContain('care_audit_');
        }
      }
      if (metrics) {
        // They were counted, as one not-found series.
        const samples = parsePrometheusText(await metrics.registry.metrics());
        const notFound = { method: 'GET', route: 'not_found', status_code: '404' };
        expect(sampleValue(samples, 'care_audit_http_request_duration_seconds_count', notFound)).toBe(4);
      }
    });
  });
});
