import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reportFileName } from '../../core';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { flatten, readPdfStructure } from '../../../test/support/pdf/pdf-structure';
import { pdfText } from '../../../test/support/pdf/pdf-text';
import { postEmailRequest, validBody } from '../../../test/support/requests';
import { startSmtpServer, type SmtpTestServer } from '../../../test/support/smtp';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';
import { until } from '../../../test/support/until';
import { bookingLinkInPdf, bookingLinksInMail } from '../../../test/support/booking-links';

const LEADS_TO = 'leads@care-audit.example';
const NOTE = 'Please call me on Tuesday about the rota system.';
/** A booking page with a query and a fragment of its own: the visitor's details go between them. */
const BOOKING_URL = 'https://book.example/care?utm_source=audit&x=a%20b#team';

function addressesOf(mail: ParsedMail, field: 'to' | 'from' | 'replyTo'): string[] {
  const value = mail[field];
  const list = Array.isArray(value) ? value : value ? [value] : [];
  // Compared without case: the domain part may come back lower-cased.
  return list.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
}

async function outbox(db: TestDatabase['db']) {
  const { rows } = await db.query<{
    kind: string;
    status: string;
    attempts: number;
    last_error: string | null;
  }>('SELECT kind, status, attempts, last_error FROM outbox_messages ORDER BY created_at, kind');
  return rows;
}

describe.each(DATABASE_KINDS)('e-mail delivery through a real SMTP listener, on %s', (kind) => {
  let t: TestDatabase;
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    [t, smtp] = await Promise.all([
      openTestDatabase(kind),
      startSmtpServer({ rejectRecipient: (address) => address.startsWith('nobody@') }),
    ]);
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
        LEADS_TO,
        MAIL_FROM: 'Care Audit <audit@care-audit.example>',
        BOOKING_URL,
        MAIL_RETRY_BASE_MS: '100',
        MAIL_MAX_ATTEMPTS: '5',
        RATE_LIMIT_PER_CLIENT: '1000',
        RATE_LIMIT_PER_RECIPIENT: '1000',
      }),
      deps: { db: t.db },
    }),
    { ready: true },
  );
  beforeEach(async () => {
    await t.reset();
    smtp.messages.length = 0;
  });
  afterEach(() => smtp.open().catch(() => undefined));

  it('sends the visitor the report with its PDF, and the team the note', async () => {
    const res = await postEmailRequest(
      server.app,
      validBody({ email: 'Manager@Care-Home.example', message: NOTE, consent: true }),
    );
    expect(res.statusCode).toBe(202);
    const messages = await smtp.waitForMessages(2);
    const visitor = messages.find((m) => addressesOf(m, 'to').includes('manager@care-home.example'));
    const team = messages.find((m) => addressesOf(m, 'to').includes(LEADS_TO));
    if (!visitor || !team)
      throw new Error(`expected a visitor and a team message, got ${messages.map((m) => m.subject)}`);

    expect(visitor.subject).toBe('Your AI care management audit: 66% (Good)');
    expect(addressesOf(visitor, 'from')).toEqual(['audit@care-audit.example']);
    expect(visitor.text).toContain('Overall score: 66% (Good)');
    expect(visitor.text).toContain('Data Management: 32% (Needs Improvement)');
    expect(visitor.html).toContain('Compliance &amp; Regulations');
    // Consent, and no name given: the booking link carries the address the request went to.
    const booking = `https://book.example/care?utm_source=audit&x=a%20b&email=Manager%40Care-Home.example#team`;
    expect(bookingLinksInMail(visitor)).toEqual({ html: booking, text: booking });
    expect(visitor.headers.get('auto-submitted')).toBe('auto-generated');

    const [attachment, ...others] = visitor.attachments;
    expect(others).toEqual([]);
    const { rows } = await t.db.query<{ created_at: Date }>('SELECT created_at FROM email_requests');
    expect(attachment?.filename).toBe(reportFileName(new Date(rows[0]?.created_at ?? 0)));
    expect(attachment?.contentType).toBe('application/pdf');
    const attached = new Uint8Array(attachment?.content ?? []);
    const text = await pdfText(attached);
    expect(text).toContain('AI Care Management Audit Report');
    expect(text).toContain('Overall Score: 66%');
    expect(await bookingLinkInPdf(attached)).toEqual({
      text: booking,
      url: booking,
      contents: `Book your free consultation: ${booking}`,
    });

    // The note reaches the team only: anyone could type any text to any address otherwise.
    for (const part of [visitor.text, visitor.html, visitor.subject])
      expect(part).not.toContain('rota system');
    expect(team.text).toContain(NOTE);
    // The ticked consent box reaches the team, with its wording, and the visitor's footer says so.
    expect(team.text).toContain('Consent to contact: YES. The visitor ticked "The team may contact me');
    expect(visitor.text).toContain('as you agreed on the form, for our team to contact you');
    expect(team.text).toContain('Manager@Care-Home.example');
    expect(team.text).toContain(res.json().id);
    expect(addressesOf(team, 'replyTo')).toEqual(['manager@care-home.example']);

    await until(async () => (await outbox(t.db)).every((m) => m.status === 'sent'));
  });

  it('fills the booking link in with the name given with consent, in the HTML, the text and the PDF', async () => {
    const email = 'jo+x@home.example';
    const body = validBody({ email, consent: true, contact: { name: "Zoë O'Neill & Co" } });
    expect((await postEmailRequest(server.app, body)).statusCode).toBe(202);
    const messages = await smtp.waitForMessages(2);
    const visitor = messages.find((m) => addressesOf(m, 'to').includes(email));
    const booking =
      "https://book.example/care?utm_source=audit&x=a%20b&name=Zo%C3%AB%20O'Neill%20%26%20Co&email=jo%2Bx%40home.example#team";
    expect(bookingLinksInMail(visitor ?? {})).toEqual({ html: booking, text: booking });
    const pdf = await bookingLinkInPdf(new Uint8Array(visitor?.attachments[0]?.content ?? []));
    // Printed as it is; the annotation as a viewer resolves it, which writes the apostrophe %27.
    expect(pdf).toEqual({
      text: booking,
      url: new URL(booking).href,
      contents: `Book your free consultation: ${booking}`,
    });
    expect(new URL(pdf.url ?? '').searchParams.get('name')).toBe("Zoë O'Neill & Co");
    await until(async () => (await outbox(t.db)).every((m) => m.status === 'sent'));
  });

  it('attaches the same document "Download Full Report" gives for the same answers and day', async () => {
    const responses = validBody().responses;
    expect((await postEmailRequest(server.app, validBody())).statusCode).toBe(202);
    const messages = await smtp.waitForMessages(2);
    const pdf = messages.flatMap((m) => m.attachments).find((a) => a.contentType === 'application/pdf');
    const attached = new Uint8Array(pdf?.content ?? []);
    // No consent: the visitor's own booking link is the configured one, as the download's is.
    const visitor = messages.find((m) => m.attachments.length > 0);
    expect(bookingLinksInMail(visitor ?? {})).toEqual({ html: BOOKING_URL, text: BOOKING_URL });
    expect((await bookingLinkInPdf(attached)).text).toBe(BOOKING_URL);
    const { rows } = await t.db.query<{ created_at: Date }>('SELECT created_at FROM email_requests');
    const day = new Date(rows[0]?.created_at ?? 0).toISOString().slice(0, 10);

    const download = await server.app.inject({
      method: 'POST',
      url: '/api/report',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ date: day, responses }),
    });
    expect(download.statusCode).toBe(200);
    const downloaded = new Uint8Array(download.rawPayload);

    // The same renderer and report model: the same pages, words and structure, element by element.
    // (Only the creation time inside differs: the e-mail's is the request's, the download's midday.)
    const [a, b] = await Promise.all([readPdfStructure(attached), readPdfStructure(downloaded)]);
    expect(b.pages).toBe(a.pages);
    expect(flatten(b.tree)).toEqual(flatten(a.tree));
    expect(flatten(a.tree).length).toBeGreaterThan(100);
    expect(await pdfText(downloaded)).toBe(await pdfText(attached));
    await until(async () => (await outbox(t.db)).every((m) => m.status === 'sent'));
  });

  it('delivers each message exactly once when the relay is down and comes back', async () => {
    await smtp.close();
    for (let i = 0; i < 3; i++)
      expect(
        (await postEmailRequest(server.app, validBody({ email: `visitor${i}@example.org` }))).statusCode,
      ).toBe(202);
    // Every message has failed at least once against the closed port (and has attempts left).
    await until(async () => (await outbox(t.db)).every((m) => m.attempts >= 1 && m.last_error !== null));
    expect((await outbox(t.db)).map((m) => m.status)).not.toContain('sent');
    expect((await outbox(t.db))[0]?.last_error).toMatch(/ECONNREFUSED|connect/i);
    await smtp.open();
    await smtp.waitForMessages(6);
    await until(async () => (await outbox(t.db)).every((m) => m.status === 'sent'));
    await new Promise((r) => setTimeout(r, 400)); // long enough for any duplicate to arrive
    const ids = smtp.messages.map((m) => m.messageId);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
  });

  it('marks a message failed after MAIL_MAX_ATTEMPTS and keeps it', async () => {
    await smtp.close();
    const { id } = (await postEmailRequest(server.app, validBody())).json();
    await until(async () => (await outbox(t.db)).every((m) => m.status === 'failed'));
    expect(await outbox(t.db)).toEqual([
      expect.objectContaining({
        kind: 'team',
        status: 'failed',
        attempts: 5,
        last_error: expect.any(String),
      }),
      expect.objectContaining({
        kind: 'visitor',
        status: 'failed',
        attempts: 5,
        last_error: expect.any(String),
      }),
    ]);
    const { rows } = await t.db.query('SELECT id FROM email_requests WHERE id = $1', [id]);
    expect(rows).toHaveLength(1);
  });

  it('gives up at once on an address the relay refuses for good', async () => {
    await postEmailRequest(server.app, validBody({ email: 'nobody@example.org' }));
    await until(async () => (await outbox(t.db)).some((m) => m.kind === 'visitor' && m.status === 'failed'));
    expect((await outbox(t.db)).find((m) => m.kind === 'visitor')).toMatchObject({
      attempts: 1,
      last_error: expect.stringMatching(/550/),
    });
  });
});

describe('without an SMTP relay', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await t?.destroy();
  });
  const server = useTestApp(() => ({
    config: testConfig(apiOnlyEnv(t.dataDir)),
    deps: { db: t.db },
  }));

  it('writes each message as an .eml file under DATA_DIR/mail', async () => {
    expect((await postEmailRequest(server.app, validBody())).statusCode).toBe(202);
    const dir = path.join(t.dataDir, 'mail');
    let files: string[] = [];
    await until(async () => {
      files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
      return files.length === 1;
    });
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM outbox_messages');
    expect(files[0]).toMatch(new RegExp(`-${rows[0]?.id}\\.eml$`));
    const mail = await simpleParser(await fs.readFile(path.join(dir, files[0] ?? '')));
    expect(mail.subject).toBe('Your AI care management audit: 66% (Good)');
    expect(mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
  });
});
