import type { SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { claimDue } from '../outbox/outbox-store';
import { PermanentDeliveryError } from '../outbox/outbox-worker';
import { requestSignInLink } from '../team-sign-in/sign-in-tokens';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import type { MailTransport } from './mail-transport';
import { SIGN_IN_SUBJECT, signInDelivery, signInEmail, signInLink } from './sign-in-email';

const MEMBER = 'member@care-audit.example';
const PUBLIC_URL = 'https://audit.example.com';

describe('the sign-in e-mail', () => {
  const token = 'AbC-_0123456789abcdefghijklmnopqrstuvwxyzAB';

  it('links to PUBLIC_URL/team/auth with the token', () => {
    expect(signInLink(PUBLIC_URL, token)).toBe(`${PUBLIC_URL}/team/auth?token=${token}`);
  });

  it('says what the link is for, that it works once for 15 minutes, and to ignore it if unasked', () => {
    const link = signInLink(PUBLIC_URL, token);
    const { subject, text, html } = signInEmail(link);
    expect(subject).toBe(SIGN_IN_SUBJECT);
    for (const body of [text, html]) {
      expect(body).toContain(link);
      expect(body).toContain('once, for 15 minutes');
      expect(body).toContain('If you did not ask to sign in, you can ignore this e-mail');
    }
    expect(html).toContain(`<a href="${link}"`);
    expect(html).toContain('lang="en-GB"');
  });

  it('escapes the link in the HTML', () => {
    const { html, text } = signInEmail('https://x.example/team/auth?token=a"><script>&b');
    expect(html).not.toContain('<script>');
    expect(html).toContain('a&quot;&gt;&lt;script&gt;&amp;b');
    expect(text).toContain('a"><script>&b');
  });
});

describe.each(DATABASE_KINDS)('sending the sign-in e-mail on %s', (kind) => {
  let t: TestDatabase;
  const sent: SendMailOptions[] = [];
  const transport: MailTransport = {
    description: 'memory',
    send: async (message) => {
      sent.push(message);
    },
    close: () => undefined,
  };

  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(() => t?.destroy());
  beforeEach(async () => {
    sent.length = 0;
    await t.db.query('TRUNCATE team_sign_in_tokens, outbox_messages');
  });

  async function claimed() {
    expect(await requestSignInLink(t.db, MEMBER, [MEMBER])).toBe('queued');
    const [message] = await claimDue(t.db, 'test', { limit: 10, leaseMs: 60_000, maxAttempts: 3 });
    return message!;
  }

  const deliver = () =>
    signInDelivery(t.db, transport, {
      mailFrom: 'Care Audit <audit@care-audit.example>',
      publicUrl: PUBLIC_URL,
    });

  it('sends the link to the member, from MAIL_FROM, with a Message-ID from the outbox id', async () => {
    const message = await claimed();
    const token = (message.payload as { token: string }).token;
    await deliver()(message);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: MEMBER,
      from: 'Care Audit <audit@care-audit.example>',
      subject: SIGN_IN_SUBJECT,
      messageId: `<${message.id}@care-audit.example>`,
    });
    expect(sent[0]!.text).toContain(`${PUBLIC_URL}/team/auth?token=${token}`);
  });

  it('gives up at once on a link that expired or was used before it could be sent', async () => {
    const message = await claimed();
    await t.db.query("UPDATE team_sign_in_tokens SET expires_at = now() - interval '1 second'");
    await expect(deliver()(message)).rejects.toBeInstanceOf(PermanentDeliveryError);
    await t.db.query(
      "UPDATE team_sign_in_tokens SET expires_at = now() + interval '1 minute', used_at = now()",
    );
    await expect(deliver()(message)).rejects.toBeInstanceOf(PermanentDeliveryError);
    expect(sent).toEqual([]);
  });

  it('gives up at once on a message without a token (its payload already cleared)', async () => {
    const message = await claimed();
    await expect(deliver()({ ...message, payload: null })).rejects.toBeInstanceOf(PermanentDeliveryError);
    expect(sent).toEqual([]);
  });
});
