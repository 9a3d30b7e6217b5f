import { CONTENT_V1 } from '../../core/content';
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { reportFileName } from '../../core';
import { CONSENT_WORDING } from '../../shared/email-request';
import { COMPLETE_ANSWERS, EXPECTED_AREA_SCORES, EXPECTED_SCORES } from '../../../test/support/requests';
import type { StoredEmailRequest } from '../leads/email-requests';
import { composeWebhookRequest } from '../webhooks/webhook-delivery';
import {
  composeTeamMail,
  composeVisitorMail,
  visitorBookingPerson,
  visitorMailReport,
} from './compose-request-mail';
import { reportContact } from '../pdf/report-contact';
import { LINK_PLACEHOLDERS } from '../../shared/site-links';
import { bookingLinksInMail } from '../../../test/support/booking-links';
import type { TeamMailFacts, VisitorMailFacts } from './request-mail-facts';
import { composeSignInMail } from './sign-in-email';
import { testConfig } from '../../../test/support/test-config';
import type { Config } from '../config';

// Every message the outbox sends, composed from plain data: no database, no PDF thread, no clock.
const SETTINGS = {
  ...pick(testConfig({ PUBLIC_URL: 'https://audit.care-audit.example' })),
  mailFrom: 'Care Audit <audit@care-audit.example>',
};
function pick({ links, publicUrl }: Config) {
  return { links, publicUrl };
}
const SENT = new Date('2026-11-26T09:30:00Z');
const REQUEST: StoredEmailRequest = {
  id: '0b5c8a62-6f0e-4c53-9a56-3d1f7f4b2a10',
  leadId: '0b5c8a62-6f0e-4c53-9a56-3d1f7f4b2a10',
  email: 'Care.Manager@example.org',
  note: 'Please call after 2pm.',
  responses: COMPLETE_ANSWERS,
  contentVersion: 1,
  consent: { wording: CONSENT_WORDING, givenAt: new Date('2026-11-26T09:00:00Z') },
  profile: { serviceType: 'home_care' },
  contact: { name: 'Ann Smith', phone: '+44 20 7946 0958' },
  source: { utmSource: 'newsletter' },
  createdAt: new Date('2026-11-26T09:00:00Z'),
};
/** The request's own result, as its history holds it, and the one it was retaken from. */
const FIRST = { takenOn: '2026-11-26', scores: EXPECTED_AREA_SCORES, overall: EXPECTED_SCORES.overall };
const EARLIER = {
  takenOn: '2026-08-01',
  scores: { operational: 60, compliance: 96, quality: 53, training: 60, data: 40 },
  overall: 63,
};
const MESSAGE = { id: '5f0f0c8e-3d52-4c4f-8a53-0c1f7f4b2a11', recipient: REQUEST.email };
const TOKEN = 'A'.repeat(43);

describe('composing a request’s e-mails from gathered facts', () => {
  it('gives the team the note and the scores, with replies going to the visitor', () => {
    const facts: TeamMailFacts = {
      kind: 'team',
      message: { ...MESSAGE, recipient: 'team@care-audit.example' },
      request: REQUEST,
      content: CONTENT_V1,
    };
    const mail = composeTeamMail(facts, SETTINGS, SENT);
    expect(mail).toMatchObject({
      from: SETTINGS.mailFrom,
      to: 'team@care-audit.example',
      replyTo: REQUEST.email,
      date: SENT,
      messageId: `<${MESSAGE.id}@care-audit.example>`,
    });
    expect(mail.text).toContain('Please call after 2pm.');
    expect(mail.text).toContain(`${EXPECTED_AREA_SCORES.compliance}%`);
    expect(mail.attachments).toBeUndefined();
  });

  it('gives the visitor the report, the results link and the PDF as it was rendered, never the note', () => {
    const facts: VisitorMailFacts = {
      kind: 'visitor',
      message: MESSAGE,
      request: REQUEST,
      content: CONTENT_V1,
      benchmark: { status: 'too_few', minResponses: 10 },
      resultsToken: TOKEN,
      history: { entries: [FIRST], total: 1, laterResults: false },
    };
    const report = visitorMailReport(facts);
    expect(report.comparison).toMatchObject({ status: 'too_few' });
    expect(report.earlier).toBeUndefined();
    expect(report.progress).toBeUndefined();
    const pdf = new Uint8Array([37, 80, 68, 70]);
    const mail = composeVisitorMail(facts, report, pdf, SETTINGS, SENT);
    expect(mail).toMatchObject({
      to: REQUEST.email,
      date: SENT,
      messageId: `<${MESSAGE.id}@care-audit.example>`,
    });
    expect(mail.text).toContain(`https://audit.care-audit.example/results/${TOKEN}`);
    expect(mail.text).not.toContain('Please call after 2pm.');
    expect(mail.html).not.toContain('Please call after 2pm.');
    expect(mail.attachments).toEqual([
      {
        filename: reportFileName(report.generatedAt),
        content: Buffer.from(pdf),
        contentType: 'application/pdf',
      },
    ]);
  });

  it('gives a retake’s visitor the change since the earlier result, in the report the PDF is rendered from too', () => {
    const history = { entries: [EARLIER, FIRST], total: 2, laterResults: false };
    const facts: VisitorMailFacts = {
      kind: 'visitor',
      message: MESSAGE,
      request: REQUEST,
      content: CONTENT_V1,
      benchmark: { status: 'too_few', minResponses: 10 },
      resultsToken: TOKEN,
      history,
      earlier: EARLIER,
    };
    const report = visitorMailReport(facts);
    expect(report.earlier).toEqual({ takenOn: EARLIER.takenOn });
    expect(report.overall.change).toBe(EXPECTED_SCORES.overall - EARLIER.overall);
    expect(report.areas.map((area) => area.change)).toEqual([20, 0, -1, 8, -8]);
    expect(report.progress).toEqual(history);
    const mail = composeVisitorMail(facts, report, new Uint8Array([37, 80, 68, 70]), SETTINGS, SENT);
    expect(mail.text).toContain('What changed since your audit on 1 August 2026'.toUpperCase());
    expect(mail.text).toContain('Overall score: 63% → 66% (+3)');
    expect(mail.html).toContain('What changed since your audit on 1 August 2026');
  });

  it('gives a team member the sign-in link', () => {
    const mail = composeSignInMail(
      { id: MESSAGE.id, recipient: 'member@care-audit.example' },
      TOKEN,
      SETTINGS,
      SENT,
    );
    expect(mail).toMatchObject({ to: 'member@care-audit.example', date: SENT });
    expect(mail.text).toContain(`https://audit.care-audit.example/team/auth?token=${TOKEN}`);
  });

  it('signs the webhook’s lead.created body with the message id, as a receiver verifies it', () => {
    const secret = `whsec_${Buffer.from('a webhook secret of 24+ bytes!!').toString('base64')}`;
    const request = composeWebhookRequest(
      { id: MESSAGE.id, recipient: 'https://hooks.example/catch/1' },
      REQUEST,
      new Webhook(secret),
      // Standard Webhooks refuses a timestamp more than five minutes from its own clock.
      new Date(),
      CONTENT_V1,
    );
    expect(request.url).toBe('https://hooks.example/catch/1');
    expect(request.headers['webhook-id']).toBe(MESSAGE.id);
    expect(request.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
    const event = JSON.parse(request.body) as { type: string; data: { id: string; note: string } };
    expect(event).toMatchObject({ type: 'lead.created', data: { id: REQUEST.id, note: REQUEST.note } });
    const verified = new Webhook(secret).verify(request.body, { ...request.headers });
    expect(verified).toEqual(event);
  });
});

describe('the booking link in the visitor’s e-mail and its PDF', () => {
  const BOOKING_URL = 'https://book.example/care?utm_source=audit&x=a%20b#team';
  const settingsWith = (env: Record<string, string>) => ({
    ...pick(testConfig({ PUBLIC_URL: 'https://audit.care-audit.example', ...env })),
    mailFrom: 'Care Audit <audit@care-audit.example>',
  });
  const CONFIGURED = settingsWith({ BOOKING_URL });

  function visitorMail(request: StoredEmailRequest, settings = CONFIGURED) {
    const facts: VisitorMailFacts = {
      kind: 'visitor',
      message: MESSAGE,
      request,
      content: CONTENT_V1,
      benchmark: { status: 'too_few', minResponses: 10 },
      resultsToken: TOKEN,
      history: { entries: [FIRST], total: 1, laterResults: false },
    };
    const mail = composeVisitorMail(facts, visitorMailReport(facts), new Uint8Array([37]), settings, SENT);
    // The PDF attached to it is rendered with this contact (request-mail-delivery.ts).
    const pdfLink = reportContact(settings, visitorBookingPerson(request)).bookingUrl;
    return { mail, links: bookingLinksInMail(mail), pdfLink };
  }

  it.each([
    [
      'consent and a name: both, after the configured query, before its fragment',
      { contact: { name: 'Zoë O’Neill & Co', phone: '+44 20 7946 0958' } },
      `https://book.example/care?utm_source=audit&x=a%20b&name=Zo%C3%AB%20O%E2%80%99Neill%20%26%20Co&email=Care.Manager%40example.org#team`,
    ],
    [
      'consent without a name: the address alone',
      { contact: { phone: '+44 20 7946 0958' } },
      'https://book.example/care?utm_source=audit&x=a%20b&email=Care.Manager%40example.org#team',
    ],
    [
      'consent and no contact details at all: the address alone',
      { contact: null },
      'https://book.example/care?utm_source=audit&x=a%20b&email=Care.Manager%40example.org#team',
    ],
  ])('%s, in the HTML, the text and the PDF alike', (_case, change, expected) => {
    const { links, pdfLink } = visitorMail({ ...REQUEST, ...change });
    expect(links).toEqual({ html: expected, text: expected });
    expect(pdfLink).toBe(expected);
  });

  it('is the link as configured, with nothing of the visitor, without consent', () => {
    // The database keeps no contact details without consent; a name here must still not leak.
    const { mail, links, pdfLink } = visitorMail({
      ...REQUEST,
      consent: null,
      contact: { name: 'Ann Smith' },
    });
    expect(links).toEqual({ html: BOOKING_URL, text: BOOKING_URL });
    expect(pdfLink).toBe(BOOKING_URL);
    for (const part of [mail.html, mail.text]) {
      expect(part).not.toContain('Ann');
      expect(part).not.toContain('Care.Manager%40example.org');
    }
  });

  it('is the placeholder, never filled in, while BOOKING_URL is unset', () => {
    const { mail, links, pdfLink } = visitorMail(REQUEST, settingsWith({}));
    expect(links).toEqual({ html: LINK_PLACEHOLDERS.bookingUrl, text: LINK_PLACEHOLDERS.bookingUrl });
    expect(pdfLink).toBe(LINK_PLACEHOLDERS.bookingUrl);
    for (const part of [mail.html, mail.text]) {
      expect(part).not.toContain('Ann%20Smith');
      expect(part).not.toContain('Care.Manager%40example.org');
    }
  });

  it('escapes the filled-in link in the HTML’s href, as every attribute there is', () => {
    const { mail } = visitorMail({ ...REQUEST, contact: { name: `Jo "Q" <b>O'Neill</b>` } });
    expect(String(mail.html)).toContain(
      'href="https://book.example/care?utm_source=audit&amp;x=a%20b&amp;name=Jo%20%22Q%22%20%3Cb%3EO&#39;Neill%3C%2Fb%3E&amp;email=Care.Manager%40example.org#team"',
    );
  });
});
