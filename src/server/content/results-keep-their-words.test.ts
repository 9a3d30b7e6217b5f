import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTENT_V1, type AuditContent } from '../../core/content';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { pdfText } from '../../../test/support/pdf/pdf-text';
import { COMPLETE_RESPONSES, postEmailRequest, postJson, validBody } from '../../../test/support/requests';
import { FIXTURE_PAGES, FIXTURE_PRIVATE_PAGE, writeSiteFixture } from '../../../test/support/site-fixture';
import { startSmtpServer, type SmtpTestServer } from '../../../test/support/smtp';
import { useTestApp } from '../../../test/support/test-app';
import { testConfig } from '../../../test/support/test-config';
import { until } from '../../../test/support/until';
import { publishDraft, saveDraft } from './content-store';

/**
 * Issue 34's promise to a care manager: a result keeps the words it was answered with. Version 2
 * rewords the first statement and the operational advice for every band; a result answered before
 * the publish keeps version 1's in its page (the results API names its version), its e-mail and its
 * PDF, and one answered after shows version 2's. The audit's own page follows the live version.
 */
const PUBLIC_URL = 'https://audit.example.org';
const LINK = /https:\/\/audit\.example\.org\/results\/([A-Za-z0-9_-]{43})/;
const NEW_STATEMENT =
  'Every care plan, rota and daily note lives in one digital care record that all staff use.';
const NEW_ADVICE = 'Move the riskiest paper records first: version two advice for operational efficiency.';
const OLD_STATEMENT = CONTENT_V1.areas[0]!.statements[0]!.text;
const OLD_ADVICE = CONTENT_V1.areas[0]!.advice.foundations;

function version2(): AuditContent {
  const words = structuredClone(CONTENT_V1);
  const operational = words.areas[0]!;
  operational.statements[0]!.text = NEW_STATEMENT;
  operational.advice = { foundations: NEW_ADVICE, next_steps: NEW_ADVICE, sustain: NEW_ADVICE };
  return words;
}

/** Every operational statement rated 1 (foundations: the advice shows), the other areas as given. */
const ANSWERS = {
  ...COMPLETE_RESPONSES,
  operational: { 0: 1, 1: 1, 2: 1, 3: 1, 4: 1 },
};

const to = (mail: ParsedMail): string =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [])
    .flatMap((a) => a.value.map((v) => v.address ?? ''))
    .join(',');

describe.each(DATABASE_KINDS)('every result keeps the words it was answered with, on %s', (kind) => {
  let t: TestDatabase;
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    [t, smtp] = await Promise.all([openTestDatabase(kind), startSmtpServer()]);
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
          PUBLIC_URL,
          RATE_LIMIT_PER_CLIENT: '1000',
          RATE_LIMIT_PER_RECIPIENT: '1000',
        }),
        // The live version read afresh on every request: the test publishes between requests.
        deps: { db: t.db, contentCache: { liveTtlMs: 0 } },
      };
    },
    { per: 'test', ready: true },
  );
  beforeEach(async () => {
    await t.reset();
    smtp.messages.length = 0;
  });

  async function publishVersion2(): Promise<void> {
    const saved = await saveDraft(t.db, {
      revision: 0,
      content: version2(),
      savedBy: 'ed@care-audit.example',
    });
    if (!saved.ok) throw new Error('the draft was not saved');
    const published = await publishDraft(t.db, {
      revision: saved.revision,
      note: 'Reworded the first statement',
      publishedBy: 'ed@care-audit.example',
    });
    if (!published.ok) throw new Error('version 2 was not published');
  }

  async function resultOf(email: string): Promise<{ mail: ParsedMail; token: string }> {
    await until(async () => smtp.messages.some((m) => to(m) === email));
    const mail = smtp.messages.find((m) => to(m) === email)!;
    const token = LINK.exec(mail.text ?? '')?.[1];
    if (!token) throw new Error(`no results link in the e-mail to ${email}`);
    return { mail, token };
  }

  async function storedPdfText(token: string): Promise<string> {
    const res = await postJson(server.app, `/api/results/${token}/report`, {});
    expect(res.statusCode, res.body).toBe(200);
    return pdfText(res.rawPayload);
  }

  it('keeps an older result in version 1’s words and shows a newer one in version 2’s', async () => {
    const before = 'before@care-home.example';
    expect(
      (await postEmailRequest(server.app, validBody({ email: before, responses: ANSWERS }))).statusCode,
    ).toBe(202);
    const older = await resultOf(before);

    await publishVersion2();
    const after = 'after@care-home.example';
    const sent = await postEmailRequest(
      server.app,
      validBody({ email: after, responses: ANSWERS, contentVersion: 2 }),
    );
    expect(sent.statusCode, sent.body).toBe(202);
    const newer = await resultOf(after);

    // The e-mails.
    expect(older.mail.text).toContain(OLD_ADVICE);
    expect(older.mail.text).not.toContain(NEW_ADVICE);
    expect(newer.mail.text).toContain(NEW_ADVICE);
    expect(newer.mail.text).not.toContain(OLD_ADVICE);

    // The results API names the version its page is shown in.
    const olderApi = await server.app.inject({ url: `/api/results/${older.token}` });
    const newerApi = await server.app.inject({ url: `/api/results/${newer.token}` });
    expect(olderApi.json()).toMatchObject({ contentVersion: 1 });
    expect(newerApi.json()).toMatchObject({ contentVersion: 2 });

    // The stored results' PDFs: the answers appendix and the advice.
    const olderPdf = await storedPdfText(older.token);
    const newerPdf = await storedPdfText(newer.token);
    expect(olderPdf).toContain(OLD_STATEMENT.slice(0, 40));
    expect(olderPdf).not.toContain(NEW_STATEMENT.slice(0, 40));
    expect(newerPdf).toContain(NEW_STATEMENT.slice(0, 40));
    expect(newerPdf).not.toContain(OLD_STATEMENT.slice(0, 40));
  });

  it('finishes 20 audits begun in version 1 in version 1’s words while version 2 is published among them', async () => {
    const addresses = Array.from({ length: 20 }, (_, i) => `audit-${i}@care-home.example`);
    const finished = addresses.map((email) =>
      postEmailRequest(server.app, validBody({ email, responses: ANSWERS, contentVersion: 1 })),
    );
    // Published while they are on their way: each names the version it was begun in.
    await publishVersion2();
    for (const res of await Promise.all(finished)) expect(res.statusCode, res.body).toBe(202);
    const { rows } = await t.db.query<{ content_version: number; n: number }>(
      'SELECT content_version, count(*)::int AS n FROM email_requests GROUP BY content_version',
    );
    expect(rows).toEqual([{ content_version: 1, n: 20 }]);
    await until(
      async () => addresses.every((address) => smtp.messages.some((m) => to(m) === address)),
      60_000,
    );
    for (const address of addresses) {
      const mail = smtp.messages.find((m) => to(m) === address)!;
      expect(mail.text).toContain(OLD_ADVICE);
      expect(mail.text).not.toContain(NEW_ADVICE);
    }
    // And an audit begun after the publish, in version 2.
    const after = await postEmailRequest(
      server.app,
      validBody({ email: 'new@care-home.example', contentVersion: 2 }),
    );
    expect(after.statusCode).toBe(202);
  });

  it('makes "Download Full Report" in the version the answers name, version 1 when they name none', async () => {
    await publishVersion2();
    const body = { date: '2026-11-28', responses: ANSWERS };
    const inVersion2 = await postJson(server.app, '/api/report', { ...body, contentVersion: 2 });
    expect(inVersion2.statusCode, inVersion2.body).toBe(200);
    expect(await pdfText(inVersion2.rawPayload)).toContain(NEW_STATEMENT.slice(0, 40));
    const unnamed = await postJson(server.app, '/api/report', body);
    expect(unnamed.statusCode, unnamed.body).toBe(200);
    expect(await pdfText(unnamed.rawPayload)).toContain(OLD_STATEMENT.slice(0, 40));
  });

  it('refuses a version the server does not have, and stores and sends nothing', async () => {
    for (const contentVersion of [3, 0, 1.5, '2']) {
      const res = await postEmailRequest(
        server.app,
        validBody({ email: 'typo@care-home.example', contentVersion }),
      );
      expect(res.statusCode, String(contentVersion)).toBe(400);
      expect(res.json().error.fields).toHaveProperty('contentVersion');
      const report = await postJson(server.app, '/api/report', {
        date: '2026-11-28',
        responses: ANSWERS,
        contentVersion,
      });
      expect(report.statusCode, String(contentVersion)).toBe(400);
    }
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM email_requests');
    expect(rows[0]?.n).toBe(0);
  });

  it('serves the audit’s page as built while version 1 is live, and in the live version’s words after a publish', async () => {
    const built = await server.app.inject({ url: '/audit-tool' });
    expect(built.statusCode).toBe(200);
    expect(built.body).not.toContain('id="audit-content"');

    await publishVersion2();
    const live = await server.app.inject({ url: '/audit-tool' });
    expect(live.statusCode).toBe(200);
    // The first section, rendered by the site's own renderer in version 2's words.
    expect(live.body).toContain(NEW_STATEMENT);
    expect(live.body).not.toContain(OLD_STATEMENT);
    const block = /<script type="application\/json" id="audit-content">([^<]*)<\/script>/.exec(live.body);
    expect(JSON.parse(block?.[1] ?? '{}')).toMatchObject({ version: 2 });
    // Not cached under the built page's ETag.
    expect(live.headers.etag).not.toBe(built.headers.etag);
    expect(live.headers['cache-control']).toBe('no-cache');
  });
});
