import { describe, expect, it } from 'vitest';
import { parsePrometheusText, sampleValue, type Sample } from '../../../test/support/prometheus-text';
import { postEmailRequest, validBody } from '../../../test/support/requests';
import { useTestDatabase } from '../../../test/support/suite-database';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';
import type { MailTransport } from '../mail/mail-transport';
import { createAppMetrics } from './app-metrics';

const LEADS_TO = 'leads@care-audit.example';

// The outbox worker of a real app reports each attempt: a relay that refuses the team's notice
// makes it a retry, then (at MAIL_MAX_ATTEMPTS) a failure, while the visitor's e-mail is sent.
describe('deliveries counted by the app’s outbox', () => {
  const t = useTestDatabase('pglite');
  const metrics = createAppMetrics({ processMetrics: false });
  const sentTo: string[] = [];
  const relay: MailTransport = {
    description: 'a relay that refuses the team',
    async send(message) {
      if (String(message.to).includes(LEADS_TO)) throw new Error('451 try again later');
      sentTo.push(String(message.to));
    },
    close() {},
  };
  const server = useTestApp(
    () => ({
      config: testConfig({
        ...apiOnlyEnv(t.dataDir),
        LEADS_TO,
        MAIL_RETRY_BASE_MS: '50',
        MAIL_MAX_ATTEMPTS: '2',
      }),
      deps: { db: t.db, mailTransport: relay, metrics },
    }),
    { ready: true },
  );

  it('as sent, retry and failed by kind, with the e-mail attachment’s render timed', async () => {
    expect((await postEmailRequest(server.app, validBody())).statusCode).toBe(202);
    const deliveries = (samples: Sample[], kind: string, outcome: string) =>
      sampleValue(samples, 'care_audit_outbox_deliveries_total', { kind, outcome }) ?? 0;
    let samples: Sample[] = [];
    const deadline = Date.now() + 30_000;
    // The team's notice fails fast; the visitor's waits for its PDF.
    const settled = () =>
      deliveries(samples, 'team', 'failed') > 0 && deliveries(samples, 'visitor', 'sent') > 0;
    while (!settled() && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      samples = parsePrometheusText(await metrics.registry.metrics());
    }
    expect({
      visitorSent: deliveries(samples, 'visitor', 'sent'),
      teamSent: deliveries(samples, 'team', 'sent'),
      teamRetry: deliveries(samples, 'team', 'retry'),
      teamFailed: deliveries(samples, 'team', 'failed'),
    }).toEqual({ visitorSent: 1, teamSent: 0, teamRetry: 1, teamFailed: 1 });
    expect(sentTo).toEqual(['manager@care-home.example']);
    expect(sampleValue(samples, 'care_audit_outbox_delivery_duration_seconds_count', { kind: 'team' })).toBe(
      2,
    );
    expect(sampleValue(samples, 'care_audit_pdf_render_duration_seconds_count', { outcome: 'ok' })).toBe(1);
    // Given up on, the team's notice no longer waits.
    expect(sampleValue(samples, 'care_audit_outbox_waiting_messages', { kind: 'team' })).toBe(0);
  });
});
