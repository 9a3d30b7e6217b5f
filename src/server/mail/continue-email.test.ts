import type { SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sanitizeResponses, type Responses } from '../../core';
import { newSecret } from '../http/secrets';
import { claimDue, type ClaimedMessage } from '../outbox/outbox-store';
import { PermanentDeliveryError } from '../outbox/outbox-worker';
import { completeSavedAudit, eraseSavedAudits, storeSavedAudit } from '../saved-audits/saved-audits';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { COMPLETE_RESPONSES } from '../../../test/support/requests';
import type { MailTransport } from './mail-transport';
import { answeredStatements, CONTINUE_SUBJECT, continueDelivery, continueEmail } from './continue-email';

const PUBLIC_URL = 'https://audit.example.com';
const LINK = `${PUBLIC_URL}/audit-tool/continue/AbC-_0123456789abcdefghijklmnopqrstuvwxyzAB`;
const ALL = sanitizeResponses(COMPLETE_RESPONSES);

/** The e-mail's text and its HTML's text, to check that both say each thing. */
function bothParts(facts: Parameters<typeof continueEmail>[0]): string[] {
  const { text, html } = continueEmail(facts);
  return [text, html.replace(/<[^>]+>/g, ' ').replace(/&rsquo;/g, '’')];
}

describe('the continue e-mail', () => {
  it('gives the link, where it stopped, how much is answered, the last day, and the privacy lines', () => {
    const facts = {
      link: LINK,
      section: 2,
      responses: sanitizeResponses({ operational: COMPLETE_RESPONSES.operational, compliance: { '0': 3 } }),
      expiresOn: '2026-12-25',
    };
    const { subject, html } = continueEmail(facts);
    expect(subject).toBe(CONTINUE_SUBJECT);
    expect(subject).toBe('Continue your AI care management audit');
    expect(html).toContain(`<a href="${LINK}"`);
    expect(html).toContain('lang="en-GB"');
    for (const part of bothParts(facts)) {
      expect(part).toContain(LINK);
      expect(part).toContain(
        'You stopped at section 3 of 5, Service Quality, with 6 of 25 statements answered.',
      );
      expect(part).toContain('on any device, until the end of 25 December 2026 (UK time).');
      expect(part).toContain(
        'Your saved answers are deleted after 25 December 2026, or as soon as you complete the audit.',
      );
      expect(part).toContain(
        'Anyone with this link can open your saved answers, so please do not forward this e-mail',
      );
    }
  });

  it.each([
    [0, {}, 'section 1 of 5, Operational Efficiency, with 0 of 25'],
    [4, ALL, 'section 5 of 5, Data Management, with 25 of 25'],
  ] as const)('names section %i and counts the answers at either end', (section, responses, words) => {
    for (const part of bothParts({
      link: LINK,
      section,
      responses: responses as Responses,
      expiresOn: '2027-01-01',
    })) {
      expect(part).toContain(words);
    }
  });

  it('counts only well-formed answers', () => {
    expect(answeredStatements({})).toBe(0);
    expect(answeredStatements(ALL)).toBe(25);
  });

  it('escapes the link in the HTML', () => {
    const { html, text } = continueEmail({
      link: 'https://x.example/audit-tool/continue/a"><script>&b',
      section: 0,
      responses: {},
      expiresOn: '2026-12-25',
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('a&quot;&gt;&lt;script&gt;&amp;b');
    expect(text).toContain('a"><script>&b');
  });
});

describe.each(DATABASE_KINDS)('sending the continue e-mail on %s', (kind) => {
  let t: TestDatabase;
  const sent: SendMailOptions[] = [];
  const transport: MailTransport = {
    description: 'memory',
    send: async (message) => {
      sent.push(message);
    },
    close: () => undefined,
  };
  const deliver = () =>
    continueDelivery(t.db, transport, {
      mailFrom: 'Care Audit <audit@care-audit.example>',
      publicUrl: PUBLIC_URL,
    });

  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(() => t?.destroy());
  beforeEach(async () => {
    sent.length = 0;
    await t.reset();
  });

  /** A saved audit, and its e-mail as a worker claims it. */
  async function claimed(): Promise<{ token: string; message: ClaimedMessage }> {
    const token = newSecret();
    const stored = await storeSavedAudit(
      t.db,
      {
        email: 'manager@care-home.example',
        responses: ALL,
        section: 4,
        profile: {},
        consentWording: null,
        token,
      },
      { max: 10, windowMs: 60_000 },
    );
    expect(stored.stored).toBe(true);
    const [message] = await claimDue(t.db, 'test', { limit: 10, leaseMs: 60_000, maxAttempts: 3 });
    if (!message) throw new Error('nothing to claim');
    return { token, message };
  }

  it('sends the link to the address, from MAIL_FROM, with a Message-ID from the outbox id', async () => {
    const { token, message } = await claimed();
    expect(message).toMatchObject({ kind: 'continue', requestId: null, payload: { continueToken: token } });
    await deliver()(message);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: 'manager@care-home.example',
      from: 'Care Audit <audit@care-audit.example>',
      messageId: `<${message.id}@care-audit.example>`,
      subject: CONTINUE_SUBJECT,
    });
    expect(sent[0]?.text).toContain(`${PUBLIC_URL}/audit-tool/continue/${token}`);
    expect(sent[0]?.attachments).toBeUndefined();
  });

  it('drops the message when its audit is completed or erased after it was claimed', async () => {
    const first = await claimed();
    expect(await completeSavedAudit(t.db, first.token)).toBe(true);
    await deliver()(first.message);
    await t.reset();
    const second = await claimed();
    await t.db.transaction((tx) =>
      eraseSavedAudits(tx, 'manager@care-home.example', 'manager@care-home.example'),
    );
    await deliver()(second.message);
    expect(sent).toEqual([]);
  });

  it('drops the message of an expired audit', async () => {
    const { message } = await claimed();
    await t.db.query(`UPDATE saved_audits SET ends_at = now() - interval '1 second'`);
    await deliver()(message);
    expect(sent).toEqual([]);
  });

  it('fails for good a message that carries no link (a failed one retried)', async () => {
    const { message } = await claimed();
    await expect(deliver()({ ...message, payload: null })).rejects.toBeInstanceOf(PermanentDeliveryError);
    expect(sent).toEqual([]);
  });
});
