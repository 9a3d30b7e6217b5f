import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Report } from '../../core';
import { answersScoring } from '../../../test/support/audit-fixtures';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { postEmailRequest, validBody } from '../../../test/support/requests';
import { startSmtpServer, type SmtpTestServer } from '../../../test/support/smtp';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';
import { until } from '../../../test/support/until';

const PUBLIC_URL = 'https://audit.example.org';
const LINK = /https:\/\/audit\.example\.org\/results\/([A-Za-z0-9_-]{43})/;

/** Every area at 100 (every answer 5), and every area at 0 but Operational Efficiency's one answer of 1 (20). */
const ALL_HIGHEST = answersScoring(100);
const NEARLY_NOTHING = { operational: { '0': 1 } };

const to = (mail: ParsedMail): string =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [])
    .flatMap((a) => a.value.map((v) => v.address ?? ''))
    .join(',');

/** The HTML part as it reads: tags gone, the entities the e-mail uses decoded, spaces folded. */
function htmlText(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<title>[\s\S]*?<\/title>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&middot;/g, '·')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe.each(DATABASE_KINDS)('the e-mail after a retake, through a real SMTP listener, on %s', (kind) => {
  let t: TestDatabase;
  let smtp: SmtpTestServer;
  /** The reports the PDF attachments were rendered from, newest last. */
  const rendered: Report[] = [];

  beforeAll(async () => {
    [t, smtp] = await Promise.all([openTestDatabase(kind), startSmtpServer()]);
  });
  afterAll(async () => {
    await smtp?.close();
    await t?.destroy();
  });
  const server = useTestApp(
    () => ({
      config: testConfig({
        ...apiOnlyEnv(t.dataDir),
        SMTP_URL: smtp.url,
        PUBLIC_URL,
        RATE_LIMIT_PER_CLIENT: '1000',
        RATE_LIMIT_PER_RECIPIENT: '1000',
      }),
      deps: {
        db: t.db,
        renderPdf: async (report) => {
          rendered.push(report);
          return new Uint8Array([37, 80, 68, 70]);
        },
      },
    }),
    { ready: true },
  );
  beforeEach(async () => {
    await t.reset();
    smtp.messages.length = 0;
    rendered.length = 0;
  });

  /** Posts a request, waits for its e-mail, and gives the e-mail with its results link's token. */
  async function emailResults(
    email: string,
    body: Record<string, unknown>,
  ): Promise<{ mail: ParsedMail; token: string; text: string; html: string }> {
    expect((await postEmailRequest(server.app, validBody({ email, ...body }))).statusCode).toBe(202);
    await until(() => smtp.messages.some((m) => to(m) === email));
    const mail = smtp.messages.find((m) => to(m) === email);
    if (!mail) throw new Error(`no e-mail to ${email}`);
    const token = LINK.exec(mail.text ?? '')?.[1];
    if (!token) throw new Error('the e-mail has no results link');
    return { mail, token, text: (mail.text ?? '').replace(/\s+/g, ' '), html: htmlText(String(mail.html)) };
  }

  /** A first audit with `before`, then its retake with `after`, each e-mailed; gives the retake's e-mail. */
  async function retake(before: unknown, after: unknown) {
    const first = await emailResults('first@example.org', { responses: before });
    return emailResults('retake@example.org', { responses: after, retakeOf: first.token });
  }

  it('says what changed since the first audit, up, down and unchanged, in both parts and in the PDF’s report', async () => {
    const { text, html, mail } = await retake(
      answersScoring({ operational: 60, compliance: 96, quality: 56, training: 60, data: 40 }),
      answersScoring({ operational: 80, compliance: 96, quality: 52, training: 68, data: 32 }),
    );
    const day = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date());
    const lines = [
      'Overall score: 62% → 66% (+4)',
      'Operational Efficiency: 60% → 80% (+20)',
      'Compliance & Regulations: 96% → 96% (no change)',
      'Service Quality: 56% → 52% (−4)',
      'Staff Training & Support: 60% → 68% (+8)',
      'Data Management: 40% → 32% (−8)',
    ];
    expect(text).toContain(
      `WHAT CHANGED SINCE YOUR AUDIT ON ${day.toUpperCase()} ${lines.map((l) => `- ${l}`).join(' ')}`,
    );
    expect(html).toContain(`What changed since your audit on ${day} ${lines.join(' ')}`);
    // The overall line under the score says it too, as the change has always been worded.
    expect(text).toContain(`Overall score: 66% (Good) +4 points since your audit on ${day}`);
    expect(mail.subject).toBe('Your AI care management audit: 66% (Good)');

    // The attachment is rendered from the same report: the change, and the chain's progress.
    const report = rendered.at(-1);
    expect(report?.earlier).toEqual({ takenOn: new Date().toISOString().slice(0, 10) });
    expect(report?.overall.change).toBe(4);
    expect(report?.progress?.entries.map((entry) => entry.overall)).toEqual([62, 66]);
  });

  it.each([
    [
      'from every area at 0 but one, to every area at 100',
      NEARLY_NOTHING,
      ALL_HIGHEST,
      [
        'Overall score: 4% → 100% (+96)',
        'Operational Efficiency: 20% → 100% (+80)',
        'Compliance & Regulations: 0% → 100% (+100)',
        'Data Management: 0% → 100% (+100)',
      ],
    ],
    [
      'from every area at 100, to every area at 0 but one',
      ALL_HIGHEST,
      NEARLY_NOTHING,
      [
        'Overall score: 100% → 4% (−96)',
        'Operational Efficiency: 100% → 20% (−80)',
        'Compliance & Regulations: 100% → 0% (−100)',
        'Data Management: 100% → 0% (−100)',
      ],
    ],
    [
      'every area at 100 both times',
      ALL_HIGHEST,
      ALL_HIGHEST,
      ['Overall score: 100% → 100% (no change)', 'Service Quality: 100% → 100% (no change)'],
    ],
    [
      'every area at 0 but one both times',
      NEARLY_NOTHING,
      NEARLY_NOTHING,
      ['Overall score: 4% → 4% (no change)', 'Staff Training & Support: 0% → 0% (no change)'],
    ],
  ])('%s', async (_, before, after, expected) => {
    const { text, html } = await retake(before, after);
    for (const line of expected) {
      expect(text).toContain(`- ${line}`);
      expect(html).toContain(line);
    }
    // Six lines, whatever the scores: the overall and every area.
    expect(text.match(/% → \d+% \(/g)).toHaveLength(6);
    expect(html.match(/% → \d+% \(/g)).toHaveLength(6);
  });

  it('has no such section without a retake, nor for a retake of a link that opens nothing', async () => {
    const first = await emailResults('first@example.org', { responses: ALL_HIGHEST });
    const unlinked = await emailResults('unlinked@example.org', {
      responses: ALL_HIGHEST,
      retakeOf: 'A'.repeat(43),
    });
    for (const { text, html } of [first, unlinked]) {
      expect(text).not.toMatch(/what changed|→|no change|since your audit/i);
      expect(html).not.toMatch(/what changed|→|no change|since your audit/i);
    }
    expect(rendered.map((report) => [report.earlier, report.progress])).toEqual([
      [undefined, undefined],
      [undefined, undefined],
    ]);
  });
});
