import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { comparisonPending, medianText } from '../../core';
import { RESULTS_TOKEN_PATTERN } from '../../shared/results-link';
import { retryFailedMessage } from '../outbox/failed-messages';
import { answersScoring, auditBody, postAudit } from '../../../test/support/audit-fixtures';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { postEmailRequest, validBody } from '../../../test/support/requests';
import { FIXTURE_PAGES, FIXTURE_PRIVATE_PAGE, writeSiteFixture } from '../../../test/support/site-fixture';
import { startSmtpServer, type SmtpTestServer } from '../../../test/support/smtp';
import { useTestApp } from '../../../test/support/test-app';
import { testConfig } from '../../../test/support/test-config';
import { VIEW_ONLINE } from './visitor-email';
import { until } from '../../../test/support/until';

const PUBLIC_URL = 'https://audit.example.org';
const LEADS_TO = 'leads@care-audit.example';
const MIN_RESPONSES = 3;
const PROFILE = { serviceType: 'home_care', size: 'under_25' } as const;
const LINK = /https:\/\/audit\.example\.org\/results\/([A-Za-z0-9_-]+)/;

const to = (mail: ParsedMail): string =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [])
    .flatMap((a) => a.value.map((v) => v.address ?? ''))
    .join(',');

describe.each(DATABASE_KINDS)(
  'the results link in the visitor’s e-mail, through a real SMTP listener, on %s',
  (kind) => {
    let t: TestDatabase;
    let smtp: SmtpTestServer;
    // Recipients the relay refuses for good (550) while a test says so.
    const refused = new Set<string>();

    beforeAll(async () => {
      [t, smtp] = await Promise.all([
        openTestDatabase(kind),
        startSmtpServer({ rejectRecipient: (address) => refused.has(address) }),
      ]);
    });
    afterAll(async () => {
      await smtp?.close();
      await t?.destroy();
    });
    const server = useTestApp(
      async () => {
        const siteDir = await writeSiteFixture(path.join(t.dataDir, 'site'), {
          ...FIXTURE_PAGES,
          results: FIXTURE_PRIVATE_PAGE,
        });
        return {
          config: testConfig({
            DATA_DIR: t.dataDir,
            SITE_DIR: siteDir,
            SMTP_URL: smtp.url,
            LEADS_TO,
            PUBLIC_URL,
            BENCHMARK_MIN_RESPONSES: String(MIN_RESPONSES),
            MAIL_RETRY_BASE_MS: '100',
            RATE_LIMIT_PER_CLIENT: '1000',
            RATE_LIMIT_PER_RECIPIENT: '1000',
          }),
          deps: { db: t.db, renderPdf: async () => new Uint8Array([37, 80, 68, 70]) },
        };
      },
      { ready: true },
    );
    beforeEach(async () => {
      await t.reset();
      smtp.messages.length = 0;
      refused.clear();
    });

    async function visitorMail(email: string): Promise<ParsedMail> {
      await until(async () => smtp.messages.some((m) => to(m) === email));
      const mail = smtp.messages.find((m) => to(m) === email);
      if (!mail) throw new Error(`no e-mail to ${email}`);
      return mail;
    }

    function linkIn(mail: ParsedMail): { token: string; inText: string; inHtml: string } {
      const inText = LINK.exec(mail.text ?? '')?.[0] ?? '';
      const inHtml = new RegExp(`href="(${LINK.source})"`).exec(String(mail.html))?.[1] ?? '';
      return { token: LINK.exec(inText)?.[1] ?? '', inText, inHtml };
    }

    it('carries "View your results online" to PUBLIC_URL/results/<token> in HTML and text, and the link opens the results', async () => {
      const email = 'manager@care-home.example';
      expect((await postEmailRequest(server.app, validBody({ email, profile: PROFILE }))).statusCode).toBe(
        202,
      );
      const mail = await visitorMail(email);
      const { token, inText, inHtml } = linkIn(mail);
      expect(token).toMatch(RESULTS_TOKEN_PATTERN);
      expect(inHtml).toBe(`${PUBLIC_URL}/results/${token}`);
      expect(inText).toBe(inHtml);
      expect(mail.text).toContain(VIEW_ONLINE);
      expect(mail.html).toContain(VIEW_ONLINE);

      const page = await server.app.inject({ url: `/results/${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      const api = await server.app.inject({ url: `/api/results/${token}` });
      expect(api.json()).toMatchObject({ profile: PROFILE });

      // The team's notice needs no link: the workspace shows the lead.
      await until(async () => smtp.messages.some((m) => to(m) === LEADS_TO));
      const team = smtp.messages.find((m) => to(m) === LEADS_TO);
      expect(team?.text).not.toMatch(LINK);
      expect(team?.text).not.toContain(token);
    });

    it(`compares the visitor with providers like them from ${MIN_RESPONSES} audits of their segment, and says below that how many it needs`, async () => {
      for (let i = 0; i < MIN_RESPONSES - 1; i++) {
        expect(
          (await postAudit(server.app, auditBody({ responses: answersScoring(60), profile: PROFILE })))
            .statusCode,
        ).toBe(202);
      }
      await postEmailRequest(server.app, validBody({ email: 'early@example.org', profile: PROFILE }));
      const early = await visitorMail('early@example.org');
      expect(early.text).toContain(comparisonPending(MIN_RESPONSES));
      expect(early.text).not.toContain(medianText(60));

      expect(
        (await postAudit(server.app, auditBody({ responses: answersScoring(60), profile: PROFILE })))
          .statusCode,
      ).toBe(202);
      await postEmailRequest(server.app, validBody({ email: 'later@example.org', profile: PROFILE }));
      const later = await visitorMail('later@example.org');
      expect(later.text).toContain(medianText(60));
      expect(later.html).toContain(medianText(60));
      expect(later.text).not.toContain(comparisonPending(MIN_RESPONSES));
    });

    it('gives a failed message the team retries a new link, whose hash replaces that of the undelivered one', async () => {
      const email = 'full.mailbox@example.org';
      refused.add(email);
      await postEmailRequest(server.app, validBody({ email }));
      const failed = async () =>
        (
          await t.db.query<{ id: string; payload: unknown }>(
            `SELECT id, payload FROM outbox_messages WHERE kind = 'visitor' AND status = 'failed'`,
          )
        ).rows[0];
      await until(async () => (await failed()) !== undefined);
      // Given up on: the token went with the payload, and the stored hash is the only trace of it.
      const message = await failed();
      expect(message?.payload).toBeNull();
      const hashOf = async () =>
        (
          await t.db.query<{ hash: string }>(
            `SELECT encode(results_token_hash, 'hex') AS hash FROM email_requests`,
          )
        ).rows[0]?.hash;
      const before = await hashOf();
      expect(before).toMatch(/^[0-9a-f]{64}$/);

      refused.clear();
      expect(await retryFailedMessage(t.db, message?.id ?? '', 'team@care-audit.example')).toMatchObject({
        outcome: 'queued',
      });
      const { token } = linkIn(await visitorMail(email));
      expect(token).toMatch(RESULTS_TOKEN_PATTERN);
      expect(await hashOf()).not.toBe(before);
      expect((await server.app.inject({ url: `/api/results/${token}` })).statusCode).toBe(200);
    });
  },
);
