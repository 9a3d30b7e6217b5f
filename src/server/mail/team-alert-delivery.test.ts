import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AlertChoice } from '../../shared/team-api';
import { chooseAlert, chooseAlerts } from '../alerts/alert-preferences';
import { dueDigest, queueDueDigests } from '../alerts/digest-job';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { setFollowUpStatus, setLeadOwner } from '../leads/lead-follow-up';
import { eraseAddress, purgeExpiredRequests } from '../leads/lead-records';
import type { ClaimedMessage } from '../outbox/outbox-store';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { storeLead } from '../../../test/support/lead-fixtures';
import { postEmailRequest, validBody } from '../../../test/support/requests';
import { startSmtpServer, type SmtpTestServer } from '../../../test/support/smtp';
import { useTestDatabase } from '../../../test/support/suite-database';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';
import { digestPayload, gatherLeadDigest } from './team-alert-facts';
import { until } from '../../../test/support/until';

const EACH = 'each@care-audit.example';
const DIGEST = 'digest@care-audit.example';
const NONE = 'none@care-audit.example';
// A member who reads the digest and chose to hear of requests without consent too.
const DIGEST_ALL = 'digest-all@care-audit.example';
// A member whose mailbox the relay refuses for good (550), for the failures.
const BOUNCE = 'nobody@care-audit.example';
const PUBLIC_URL = 'https://audit.care-audit.example';
const at = (iso: string) => new Date(iso);

interface OutboxRow {
  id: string;
  kind: string;
  recipient: string;
  request_id: string | null;
  status: string;
  attempts: number;
  last_error: string | null;
  payload: unknown;
}

async function teamMessages(db: Database): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(
    `SELECT id, kind, recipient, request_id, status, attempts, last_error, payload FROM outbox_messages
      WHERE kind IN ('lead_alert', 'lead_digest') ORDER BY kind, recipient`,
  );
  return rows;
}

function to(mail: ParsedMail): string {
  const value = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return (value?.value[0]?.address ?? '').toLowerCase();
}

/**
 * That a team e-mail names nobody: not the visitor's `addresses`, nor the note, name, organisation
 * or phone the visitors of these tests send (validBody's, and the waiting lead's).
 */
function expectNoPersonalData(mail: ParsedMail, addresses: string[]): void {
  for (const part of [mail.text, mail.html, mail.subject]) {
    for (const personal of [...addresses, 'rota', 'Ann Smith', 'Meadow View', '7946']) {
      expect(part).not.toContain(personal);
    }
  }
}

describe.each(DATABASE_KINDS)('lead alerts and digests through a real SMTP listener, on %s', (kind) => {
  const t = useTestDatabase(kind);
  let smtp: SmtpTestServer;
  let config: Config;
  beforeAll(async () => {
    smtp = await startSmtpServer({ rejectRecipient: (address) => address.startsWith('nobody@') });
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const server = useTestApp(
    () => {
      config = testConfig({
        ...apiOnlyEnv(t.dataDir),
        SMTP_URL: smtp.url,
        PUBLIC_URL,
        TEAM_EMAILS: [EACH, DIGEST, NONE, BOUNCE, DIGEST_ALL].join(','),
        MAIL_FROM: 'Care Audit <audit@care-audit.example>',
        MAIL_RETRY_BASE_MS: '100',
        MAIL_MAX_ATTEMPTS: '3',
        RATE_LIMIT_PER_CLIENT: '1000',
        RATE_LIMIT_PER_RECIPIENT: '1000',
      });
      // The visitor's PDF is not what these tests are about. The tests queue each digest at the
      // moment they choose (queueDueDigests); the app's own digest job, on the real clock, would
      // add today's for any lead still waiting, after 08:00 UK time only.
      return {
        config,
        deps: { db: t.db, renderPdf: async () => new Uint8Array([37, 80, 68, 70]), runJobs: false },
      };
    },
    { ready: true },
  );
  beforeEach(async () => {
    smtp.messages.length = 0;
    await chooseAlert(t.db, DIGEST, 'daily_digest');
    await chooseAlert(t.db, NONE, 'none');
    await chooseAlert(t.db, BOUNCE, 'none');
    // Hears of nothing until a test chooses for it.
    await chooseAlert(t.db, DIGEST_ALL, 'none');
  });

  it('alerts only the member who chose each lead, once, with no personal data and a link to the lead', async () => {
    const res = await postEmailRequest(
      server.app,
      validBody({
        email: 'Manager@Care-Home.example',
        message: 'Please ring me about the rota.',
        consent: true,
        contact: { name: 'Ann Smith', organisation: 'Meadow View', phone: '+44 20 7946 0958' },
        profile: { serviceType: 'residential', size: 'under_25' },
        source: { utmSource: 'newsletter', utmCampaign: 'winter' },
      }),
    );
    expect(res.statusCode).toBe(202);
    const leadId = (res.json() as { id: string }).id;

    const alerts = await teamMessages(t.db);
    expect(alerts).toEqual([
      expect.objectContaining({ kind: 'lead_alert', recipient: EACH, request_id: leadId }),
    ]);
    // The visitor's e-mail and the one alert.
    await until(async () => (await teamMessages(t.db)).every((m) => m.status === 'sent'));
    const messages = await smtp.waitForMessages(2);
    await new Promise((r) => setTimeout(r, 300)); // long enough for anything else to arrive
    expect(messages.map(to).sort()).toEqual([EACH, 'manager@care-home.example']);

    const alert = messages.find((m) => to(m) === EACH);
    if (!alert) throw new Error('no alert arrived');
    const link = `${PUBLIC_URL}/team/leads/${leadId}`;
    expect(alert.subject).toBe('New lead on Care Audit: 66% (Good)');
    expect(alert.messageId).toBe(`<${alerts[0]?.id}@care-audit.example>`);
    expect(alert.text).toContain(link);
    expect(alert.html).toContain(`href="${link}"`);
    expect(alert.text).toContain('Service: Residential care, Under 25 people supported');
    expect(alert.text).toContain('Source: newsletter');
    expect(alert.text).toContain('Consent to contact: yes');
    expectNoPersonalData(alert, ['manager@care-home.example', 'Manager@Care-Home.example']);
  });

  it('sends a digest of the day’s leads, with a link to each, once, and not a lead erased before it went', async () => {
    const kept = [
      await storeLead(t.db, {
        consent: true,
        email: 'first@example.org',
        createdAt: at('2026-01-14T08:00:00Z'),
      }),
      await storeLead(t.db, {
        consent: true,
        email: 'second@example.org',
        createdAt: at('2026-01-15T07:59:59Z'),
      }),
    ];
    const erased = await storeLead(t.db, {
      consent: true,
      email: 'erased@example.org',
      createdAt: at('2026-01-14T12:00:00Z'),
    });
    const outside = await storeLead(t.db, {
      consent: true,
      email: 'late@example.org',
      createdAt: at('2026-01-15T08:00:00Z'),
    });
    await eraseAddress(t.db, 'erased@example.org', 'test');

    const ticks = await Promise.all([
      queueDueDigests(t.db, config.teamEmails, at('2026-01-15T08:00:00Z')),
      queueDueDigests(t.db, config.teamEmails, at('2026-01-15T08:00:00Z')),
    ]);
    expect(ticks.flatMap((tick) => tick.queued)).toEqual([DIGEST]);
    await until(async () => (await teamMessages(t.db)).every((m) => m.status === 'sent'));
    // The leads' own e-mails to their visitors go too; of the team, the digest member alone hears.
    await until(async () => smtp.messages.some((m) => to(m) === DIGEST));
    await new Promise((r) => setTimeout(r, 300)); // long enough for anything else to arrive
    const team = smtp.messages.filter((m) => to(m).endsWith('@care-audit.example'));
    expect(team.map(to)).toEqual([DIGEST]);
    const [digest] = team;
    if (!digest) throw new Error('no digest arrived');
    expect(digest.subject).toBe('Care Audit daily digest for Thursday 15 January: 2 new leads');
    expect(digest.text).toContain(
      'from Wednesday 14 January at 08:00 to Thursday 15 January at 08:00 (UK time)',
    );
    for (const id of kept) expect(digest.text).toContain(`${PUBLIC_URL}/team/leads/${id}`);
    for (const id of [erased, outside]) expect(digest.text).not.toContain(id);
    expect(digest.text).not.toContain('@example.org');
  });

  it('heads the digest with the leads waiting at 08:00, naming their owner and never the lead', async () => {
    // Friday 23 October 2026, 17:00 BST: its working day ends Monday 17:00 GMT, after the clocks went back.
    const friday = at('2026-10-23T16:00:00Z');
    const waiting = await storeLead(t.db, {
      consent: true,
      email: 'Waiting.Manager@Care-Home.example',
      note: 'Please ring me about the rota.',
      contact: { name: 'Ann Smith', organisation: 'Meadow View', phone: '+44 20 7946 0958' },
      createdAt: friday,
    });
    await setLeadOwner(t.db, waiting, EACH, EACH);
    const called = await storeLead(t.db, { consent: true, email: 'called@example.org', createdAt: friday });
    await setFollowUpStatus(t.db, called, 'contacted', EACH, at('2026-10-26T10:00:00Z'));
    const fresh = await storeLead(t.db, {
      consent: true,
      email: 'fresh@example.org',
      createdAt: at('2026-10-26T12:00:00Z'),
    });

    expect(await queueDueDigests(t.db, config.teamEmails, at('2026-10-27T08:00:00Z'))).toMatchObject({
      queued: [DIGEST],
    });
    await until(async () => smtp.messages.some((m) => to(m) === DIGEST));
    const digest = smtp.messages.find((m) => to(m) === DIGEST);
    if (!digest) throw new Error('no digest arrived');
    expect(digest.subject).toBe('Care Audit daily digest for Tuesday 27 October: 1 waiting, 1 new lead');
    const link = `${PUBLIC_URL}/team/leads/${waiting}`;
    expect(digest.text).toContain(
      [
        'Waiting for a first contact',
        '',
        '1 lead asked to be contacted and has had no first contact within one working day, as at Tuesday 27 October at 08:00 (UK time). The longest wait first:',
        '',
        `1. Waiting since Friday 23 October at 17:00 · 66% (Good) · owner: ${EACH}`,
        `   ${link}`,
        '',
        'New leads',
        '',
        '1 new lead arrived from Monday 26 October at 08:00 to Tuesday 27 October at 08:00 (UK time).',
      ].join('\n'),
    );
    expect(digest.text).toContain(`${PUBLIC_URL}/team/leads/${fresh}`);
    expect(digest.text).not.toContain(called);
    expect(digest.html).toContain(`<a href="${link}"`);
    expect(digest.html).toContain(
      `Waiting since Friday 23 October at 17:00</a><br>66% (Good) · owner: ${EACH}`,
    );
    expectNoPersonalData(digest, ['care-home.example', 'Care-Home.example']);
  });

  it.each<[string, AlertChoice]>([
    ['an alert', 'each_lead'],
    ['a digest', 'daily_digest'],
  ])(
    'gives up on %s the relay refuses for good, as on any e-mail, and keeps a digest’s period to retry it',
    async (_what, choice) => {
      await chooseAlert(t.db, BOUNCE, choice);
      await chooseAlert(t.db, EACH, 'none');
      await chooseAlert(t.db, DIGEST, 'none');
      if (choice === 'each_lead') {
        expect((await postEmailRequest(server.app, validBody({ consent: true }))).statusCode).toBe(202);
      } else {
        await storeLead(t.db, {
          consent: true,
          email: 'lead@example.org',
          createdAt: at('2026-01-14T12:00:00Z'),
        });
        await queueDueDigests(t.db, config.teamEmails, at('2026-01-15T08:00:00Z'));
      }
      await until(async () => (await teamMessages(t.db)).some((m) => m.status === 'failed'));
      const [failed, ...others] = await teamMessages(t.db);
      expect(others).toEqual([]);
      expect(failed).toMatchObject({
        recipient: BOUNCE,
        status: 'failed',
        attempts: 1,
        last_error: expect.stringMatching(/550/),
        payload:
          choice === 'daily_digest'
            ? { from: '2026-01-14T08:00:00.000Z', to: '2026-01-15T08:00:00.000Z' }
            : null,
      });
    },
  );

  it('erases a lead’s alerts with the lead, and retention deletes them with it', async () => {
    await chooseAlert(t.db, DIGEST, 'each_lead');
    const erased = (
      await postEmailRequest(server.app, validBody({ email: 'erase-me@example.org', consent: true }))
    ).json() as {
      id: string;
    };
    const expired = (
      await postEmailRequest(server.app, validBody({ email: 'old@example.org', consent: true }))
    ).json() as {
      id: string;
    };
    const alertsOf = async (id: string) =>
      (await teamMessages(t.db)).filter((m) => m.kind === 'lead_alert' && m.request_id === id).length;
    expect(await alertsOf(erased.id)).toBe(2);
    expect(await alertsOf(expired.id)).toBe(2);
    await eraseAddress(t.db, 'Erase-Me@example.org', 'test');
    expect(await alertsOf(erased.id)).toBe(0);
    await t.db.query(`UPDATE email_requests SET created_at = now() - interval '400 days' WHERE id = $1`, [
      expired.id,
    ]);
    await purgeExpiredRequests(t.db, 365);
    expect(await alertsOf(expired.id)).toBe(0);
  });

  it('leaves out of a digest a lead erased before it is sent, and sends nothing when none is left', async () => {
    const lead = await storeLead(t.db, {
      consent: true,
      email: 'only@example.org',
      createdAt: at('2026-01-14T12:00:00Z'),
    });
    // A digest as the job queues it, gathered as its sender does, without the outbox racing us.
    const message: ClaimedMessage = {
      id: '00000000-0000-4000-8000-000000000001',
      requestId: null,
      kind: 'lead_digest',
      recipient: DIGEST,
      attempts: 1,
      payload: digestPayload(dueDigest(at('2026-01-15T08:00:00Z'))),
    };
    expect((await gatherLeadDigest(t.db, message))?.leads.map((l) => l.id)).toEqual([lead]);
    await eraseAddress(t.db, 'only@example.org', 'test');
    expect(await gatherLeadDigest(t.db, message)).toBeUndefined();
    await expect(gatherLeadDigest(t.db, { ...message, payload: null })).rejects.toThrow('carries no period');
  });

  it('alerts no one of a request without consent by default, and the member who chose it as not to follow up', async () => {
    const quiet = await postEmailRequest(server.app, validBody({ email: 'quiet@example.org' }));
    expect(quiet.statusCode).toBe(202);
    const quietId = (quiet.json() as { id: string }).id;
    expect(await teamMessages(t.db)).toEqual([]);
    // Only the visitor's own e-mail goes; of the team, nobody hears of it.
    await until(async () => smtp.messages.some((m) => to(m) === 'quiet@example.org'));
    await new Promise((r) => setTimeout(r, 300)); // long enough for anything else to arrive
    const team = smtp.messages.filter((m) => to(m).endsWith('@care-audit.example'));
    expect(team.filter((m) => String(m.text).includes(quietId))).toEqual([]);

    smtp.messages.length = 0;
    await chooseAlerts(t.db, EACH, { requestsWithoutConsent: true });
    const heard = await postEmailRequest(server.app, validBody({ email: 'heard@example.org' }));
    const id = (heard.json() as { id: string }).id;
    expect(await teamMessages(t.db)).toEqual([
      expect.objectContaining({ kind: 'lead_alert', recipient: EACH, request_id: id }),
    ]);
    await until(async () => smtp.messages.some((m) => to(m) === EACH));
    const alert = smtp.messages.find((m) => to(m) === EACH);
    expect(alert?.subject).toBe(
      'Results request on Care Audit, no consent to contact: do not follow up (66% (Good))',
    );
    expect(alert?.text?.split('\n')[0]).toBe(
      'A visitor asked for their results by e-mail but did not agree to be contacted: this is a results request, not a lead. Do not follow it up.',
    );
    expect(alert?.text).not.toMatch(/new lead/i);
    expect(alert?.text).toContain(`${PUBLIC_URL}/team/leads/${id}`);
  });

  it('leaves requests without consent out of the digest, unless the member chose them: then apart', async () => {
    await chooseAlerts(t.db, DIGEST_ALL, { alert: 'daily_digest', requestsWithoutConsent: true });
    const lead = await storeLead(t.db, {
      consent: true,
      email: 'lead@example.org',
      createdAt: at('2026-01-14T09:00:00Z'),
    });
    const request = await storeLead(t.db, {
      email: 'results@example.org',
      createdAt: at('2026-01-14T10:00:00Z'),
    });
    await queueDueDigests(t.db, config.teamEmails, at('2026-01-15T08:00:00Z'));
    const digestTo = (member: string) =>
      smtp.messages.find((m) => to(m) === member && m.subject?.startsWith('Care Audit daily digest'));
    await until(async () => digestTo(DIGEST) !== undefined && digestTo(DIGEST_ALL) !== undefined);

    const plain = digestTo(DIGEST);
    expect(plain?.subject).toBe('Care Audit daily digest for Thursday 15 January: 1 new lead');
    expect(plain?.text).toContain(lead);
    expect(plain?.text).not.toContain(request);
    expect(plain?.text).not.toContain('without consent');

    const all = digestTo(DIGEST_ALL);
    expect(all?.subject).toBe(
      'Care Audit daily digest for Thursday 15 January: 1 new lead, 1 results request not to follow up',
    );
    const [leads, requests] = String(all?.text).split('Results requests without consent: do not follow up');
    expect(leads).toContain(lead);
    expect(leads).not.toContain(request);
    expect(requests).toContain(request);
    expect(requests).toContain('They are not leads: do not follow them up.');
  });

  it('sends a digest of a day with only requests without consent to the member who chose them alone', async () => {
    await chooseAlerts(t.db, DIGEST_ALL, { alert: 'daily_digest', requestsWithoutConsent: true });
    const request = await storeLead(t.db, {
      email: 'results@example.org',
      createdAt: at('2026-01-14T10:00:00Z'),
    });
    const tick = await queueDueDigests(t.db, config.teamEmails, at('2026-01-15T08:00:00Z'));
    expect(tick).toMatchObject({ queued: [DIGEST_ALL], empty: [DIGEST] });
    const digests = () => smtp.messages.filter((m) => m.subject?.startsWith('Care Audit daily digest'));
    await until(async () => digests().length > 0);
    await new Promise((r) => setTimeout(r, 300)); // long enough for anything else to arrive
    expect(digests().map(to)).toEqual([DIGEST_ALL]);
    const [digest] = digests();
    expect(digest?.subject).toBe(
      'Care Audit daily digest for Thursday 15 January: 0 new leads, 1 results request not to follow up',
    );
    expect(digest?.text).toContain(request);
  });
});
