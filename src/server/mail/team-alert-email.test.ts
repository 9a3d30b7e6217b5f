import { describe, expect, it } from 'vitest';
import type { LeadGlance } from '../leads/lead-glance';
import type { WaitingLead } from '../leads/waiting-leads';
import {
  DIGEST_MAX_LISTED,
  DIGEST_WAITING_MAX_LISTED,
  type LeadAlertFacts,
  type LeadDigestFacts,
} from './team-alert-facts';
import { composeLeadAlertMail, composeLeadDigestMail, leadLink } from './team-alert-email';

// The team's lead alert and daily digest, composed from plain data: no database, no clock.
const SETTINGS = {
  mailFrom: 'Care Audit <audit@care-audit.example>',
  publicUrl: 'https://audit.care-audit.example',
};
const SENT = new Date('2026-11-25T08:00:30Z');
const MESSAGE = { id: '5f0f0c8e-3d52-4c4f-8a53-0c1f7f4b2a11', recipient: 'sam@care-audit.example' };

function glance(overrides: Partial<LeadGlance> = {}): LeadGlance {
  return {
    id: '0b5c8a62-6f0e-4c53-9a56-3d1f7f4b2a10',
    createdAt: new Date('2026-11-24T15:20:00Z'),
    overallScore: 66,
    scores: { operational: 70, compliance: 60, quality: 66, training: 64, data: 70 },
    previous: null,
    profile: { serviceType: 'home_care', size: '25_99' },
    source: 'newsletter',
    consent: true,
    ...overrides,
  };
}

describe('a team member’s alert of a new lead', () => {
  const facts: LeadAlertFacts = { message: MESSAGE, lead: glance() };
  const mail = composeLeadAlertMail(facts, SETTINGS, SENT);
  const link = 'https://audit.care-audit.example/team/leads/0b5c8a62-6f0e-4c53-9a56-3d1f7f4b2a10';

  it('goes to the member, with the outbox message’s stable Message-ID', () => {
    expect(mail).toMatchObject({
      from: SETTINGS.mailFrom,
      to: MESSAGE.recipient,
      date: SENT,
      messageId: `<${MESSAGE.id}@care-audit.example>`,
      subject: 'New lead on Care Audit: 66% (Good)',
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
    expect(mail.replyTo).toBeUndefined();
  });

  it('says what helps decide whether to open the lead, and links to it in the workspace', () => {
    expect(leadLink(SETTINGS.publicUrl, facts.lead.id)).toBe(link);
    expect(mail.text).toContain(
      [
        'Overall score: 66% (Good)',
        'Service: Home care, 25–99 people supported',
        'Source: newsletter',
        'Consent to contact: yes',
        'Received: 24 November 2026 at 15:20 GMT',
      ].join('\n'),
    );
    expect(mail.text).toContain(`(you will be asked to sign in):\n${link}\n`);
    expect(mail.text).toContain(
      'or no e-mails, choose on “Your alerts” in the team workspace:\nhttps://audit.care-audit.example/team/alerts\n',
    );
    expect(mail.html).toContain('href="https://audit.care-audit.example/team/alerts"');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('<html lang="en-GB">');
    expect(mail.html).toContain('Home care, 25–99 people supported');
  });

  it('says when the visitor gave no profile or came directly', () => {
    const bare = composeLeadAlertMail(
      { message: MESSAGE, lead: glance({ profile: {}, source: 'direct', overallScore: 38 }) },
      SETTINGS,
      SENT,
    );
    expect(bare.subject).toBe('New lead on Care Audit: 38% (Needs Improvement)');
    expect(bare.text).toMatch(/^A new lead has arrived\.\n/);
    expect(bare.text).toContain('Service: not given\n');
    expect(bare.text).toContain('Source: direct (no campaign, no referring site)\n');
  });
});

describe('a team member’s alert of a returning lead', () => {
  const previous = {
    createdAt: new Date('2026-11-10T10:00:00Z'),
    overallScore: 58,
    scores: { operational: 70, compliance: 64, quality: 56, training: 64, data: 36 },
  };
  const mail = composeLeadAlertMail({ message: MESSAGE, lead: glance({ previous }) }, SETTINGS, SENT);

  it('says "returning", never "new lead", with the score then and now', () => {
    expect(mail.subject).toBe('Returning lead on Care Audit: 66% (Good), was 58%');
    expect(mail.text).toMatch(/^A returning lead: someone the desk already has took the audit again/);
    expect(mail.text).toContain('Same lead, same owner and status.');
    expect(`${mail.subject} ${mail.text} ${String(mail.html)}`).not.toMatch(/new lead has arrived/i);
  });

  it('lists what changed since the last result: the overall and every area, unchanged ones too', () => {
    expect(mail.text).toContain('What changed since their last result (10 November 2026 at 10:00 GMT):');
    for (const line of [
      'Overall score: 58% → 66% (+8)',
      'Operational Efficiency: 70% → 70% (no change)',
      'Compliance & Regulations: 64% → 60% (−4)',
      'Service Quality: 56% → 66% (+10)',
      'Staff Training & Support: 64% → 64% (no change)',
      'Data Management: 36% → 70% (+34)',
    ]) {
      expect(mail.text).toContain(`- ${line}`);
      expect(String(mail.html)).toContain(`<li style="margin:0 0 4px">${line.replace('&', '&amp;')}</li>`);
    }
  });

  it('links to the lead (the person), as a first alert does', () => {
    expect(mail.text).toContain(
      'https://audit.care-audit.example/team/leads/0b5c8a62-6f0e-4c53-9a56-3d1f7f4b2a10',
    );
  });
});

describe('a team member’s alert of a results request without consent to contact', () => {
  const mail = composeLeadAlertMail(
    { message: MESSAGE, lead: glance({ consent: false, overallScore: 38 }) },
    SETTINGS,
    SENT,
  );

  it('says in its subject that it is a results request, without consent, not to follow up', () => {
    expect(mail.subject).toBe(
      'Results request on Care Audit, no consent to contact: do not follow up (38% (Needs Improvement))',
    );
    expect(mail.subject).not.toMatch(/lead/i);
  });

  it('says the same on its first line, in the text and the HTML, and never calls it a new lead', () => {
    const first =
      'A visitor asked for their results by e-mail but did not agree to be contacted: this is a results request, not a lead. Do not follow it up.';
    expect(String(mail.text).split('\n')[0]).toBe(first);
    expect(mail.text).toContain('Consent to contact: no (send the results only, nothing else)\n');
    expect(mail.text).toContain('Open the request in the team workspace');
    expect(mail.text).toContain('untick that choice on “Your alerts”');
    expect(mail.html).toContain(
      '<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#18212d">Results request: do not follow up</h1>',
    );
    expect(mail.html).toContain(first);
    for (const body of [mail.text, mail.html]) expect(body).not.toMatch(/new lead/i);
  });

  it('escapes in its HTML what the visitor’s browser sent as the source', () => {
    const odd = composeLeadAlertMail(
      { message: MESSAGE, lead: glance({ source: '<img src=x onerror=alert(1)>' }) },
      SETTINGS,
      SENT,
    );
    expect(odd.html).not.toContain('<img');
    expect(odd.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(odd.text).toContain('Source: <img src=x onerror=alert(1)>');
  });
});

describe('a team member’s daily digest', () => {
  // Tuesday 08:00 GMT to Wednesday 08:00 GMT.
  const period = { from: new Date('2026-11-24T08:00:00Z'), to: new Date('2026-11-25T08:00:00Z') };
  const leads = [
    glance({ id: '00000000-0000-4000-8000-000000000001', createdAt: new Date('2026-11-24T09:00:00Z') }),
    glance({
      id: '00000000-0000-4000-8000-000000000002',
      overallScore: 85,
      profile: {},
      source: 'direct',
      consent: false,
    }),
    glance({ id: '00000000-0000-4000-8000-000000000003', overallScore: 40, source: 'www.google.com' }),
  ];
  const facts: LeadDigestFacts = { message: MESSAGE, period, leads, total: 3 };

  it('counts the day’s leads in its subject, named by the day it is sent', () => {
    const mail = composeLeadDigestMail(facts, SETTINGS, SENT);
    expect(mail).toMatchObject({
      to: MESSAGE.recipient,
      date: SENT,
      messageId: `<${MESSAGE.id}@care-audit.example>`,
      subject: 'Care Audit daily digest for Wednesday 25 November: 3 new leads',
    });
    const one = composeLeadDigestMail({ ...facts, leads: leads.slice(0, 1), total: 1 }, SETTINGS, SENT);
    expect(one.subject).toBe('Care Audit daily digest for Wednesday 25 November: 1 new lead');
    expect(one.text).toMatch(/^1 new lead arrived from /);
  });

  it('lists each lead with its score, service, source and consent, and a link to it', () => {
    const { text, html } = composeLeadDigestMail(facts, SETTINGS, SENT);
    expect(text).toMatch(
      /^3 new leads arrived from Tuesday 24 November at 08:00 to Wednesday 25 November at 08:00 \(UK time\)\.\n/,
    );
    expect(text).toContain(
      [
        '1. 66% (Good) · Home care, 25–99 people supported · source: newsletter · consent: yes',
        '   https://audit.care-audit.example/team/leads/00000000-0000-4000-8000-000000000001',
        '2. 85% (Excellent) · not given · source: direct · consent: no',
        '   https://audit.care-audit.example/team/leads/00000000-0000-4000-8000-000000000002',
        '3. 40% (Fair) · Home care, 25–99 people supported · source: www.google.com · consent: yes',
        '   https://audit.care-audit.example/team/leads/00000000-0000-4000-8000-000000000003',
      ].join('\n'),
    );
    expect(text).not.toContain('more, listed');
    expect(text).toContain(
      'choose on “Your alerts” in the team workspace:\nhttps://audit.care-audit.example/team/alerts\n',
    );
    for (const lead of leads) expect(html).toContain(`href="${leadLink(SETTINGS.publicUrl, lead.id)}"`);
    expect(String(html).match(/<li /g)).toHaveLength(3);
  });

  it('names the ends of a period across a clock change in UK time', () => {
    // Sunday 29 March 2026: 08:00 GMT Saturday to 08:00 BST Sunday.
    const march = { from: new Date('2026-03-28T08:00:00Z'), to: new Date('2026-03-29T07:00:00Z') };
    const { subject, text } = composeLeadDigestMail({ ...facts, period: march }, SETTINGS, SENT);
    expect(subject).toBe('Care Audit daily digest for Sunday 29 March: 3 new leads');
    expect(text).toContain('from Saturday 28 March at 08:00 to Sunday 29 March at 08:00 (UK time)');
  });

  it(`lists ${DIGEST_MAX_LISTED} leads at most, and says how many more the workspace has`, () => {
    const many = Array.from({ length: DIGEST_MAX_LISTED }, (_, i) =>
      glance({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }),
    );
    const full = composeLeadDigestMail({ ...facts, leads: many, total: DIGEST_MAX_LISTED }, SETTINGS, SENT);
    expect(full.text).toContain(`\n${DIGEST_MAX_LISTED}. 66% (Good)`);
    expect(full.text).not.toContain('more, listed');
    expect(full.html).not.toContain('more, listed');

    const over = composeLeadDigestMail(
      { ...facts, leads: many, total: DIGEST_MAX_LISTED + 1 },
      SETTINGS,
      SENT,
    );
    expect(over.subject).toBe(
      `Care Audit daily digest for Wednesday 25 November: ${DIGEST_MAX_LISTED + 1} new leads`,
    );
    expect(over.text).toContain(
      '\n…and 1 more, listed in the team workspace: https://audit.care-audit.example/team\n',
    );
    expect(over.html).toContain('…and 1 more, listed in the team workspace:');
    // The workspace's list is /team itself; /team/leads alone is no page of it.
    expect(over.html).toContain('href="https://audit.care-audit.example/team"');
    expect(String(over.html).match(/<li /g)).toHaveLength(DIGEST_MAX_LISTED);
  });
});

describe('a daily digest with results requests without consent', () => {
  const period = { from: new Date('2026-11-24T08:00:00Z'), to: new Date('2026-11-25T08:00:00Z') };
  const lead = glance({ id: '00000000-0000-4000-8000-000000000001' });
  const request = glance({ id: '00000000-0000-4000-8000-000000000002', consent: false, overallScore: 85 });
  const facts: LeadDigestFacts = {
    message: MESSAGE,
    period,
    leads: [lead],
    total: 1,
    withoutConsent: { requests: [request], total: 1 },
  };

  it('lists them apart, under a heading saying not to follow them up, after the leads', () => {
    const { subject, text, html } = composeLeadDigestMail(facts, SETTINGS, SENT);
    expect(subject).toBe(
      'Care Audit daily digest for Wednesday 25 November: 1 new lead, 1 results request not to follow up',
    );
    expect(text).toContain(
      [
        '1. 66% (Good) · Home care, 25–99 people supported · source: newsletter · consent: yes',
        '   https://audit.care-audit.example/team/leads/00000000-0000-4000-8000-000000000001',
        '',
        'Results requests without consent: do not follow up',
        '',
        '1 results request arrived from Tuesday 24 November at 08:00 to Wednesday 25 November at 08:00 (UK time). These visitors asked for their results by e-mail but did not agree to be contacted. They are not leads: do not follow them up.',
        '',
        '1. 85% (Excellent) · Home care, 25–99 people supported · source: newsletter · consent: no',
        '   https://audit.care-audit.example/team/leads/00000000-0000-4000-8000-000000000002',
      ].join('\n'),
    );
    expect(html).toContain('>Results requests without consent: do not follow up</h2>');
    expect(String(html).match(/<ol /g)).toHaveLength(2);
  });

  it('says so when the day holds only those, and counts the unlisted of both parts as more', () => {
    const only = composeLeadDigestMail(
      { ...facts, leads: [], total: 0, withoutConsent: { requests: [request], total: 3 } },
      SETTINGS,
      SENT,
    );
    expect(only.subject).toBe(
      'Care Audit daily digest for Wednesday 25 November: 0 new leads, 3 results requests not to follow up',
    );
    expect(only.text).toMatch(/^0 new leads arrived /);
    expect(only.text).toContain('\n…and 2 more, listed in the team workspace:');
    expect(String(only.html).match(/<ol /g)).toHaveLength(1);
  });

  it('leaves the heading out when the member chose them but the day has none', () => {
    const none = composeLeadDigestMail(
      { ...facts, withoutConsent: { requests: [], total: 0 } },
      SETTINGS,
      SENT,
    );
    expect(none.subject).toBe('Care Audit daily digest for Wednesday 25 November: 1 new lead');
    expect(none.text).not.toContain('without consent');
  });
});

describe('a daily digest headed by the leads waiting for a first contact', () => {
  // Tuesday 27 October 2026's digest: from 08:00 GMT Monday to 08:00 GMT Tuesday, two days after the
  // clocks went back.
  const period = { from: new Date('2026-10-26T08:00:00Z'), to: new Date('2026-10-27T08:00:00Z') };
  const OWNER = 'sam@care-audit.example';
  const waitingLead = (n: number, overrides: Partial<WaitingLead> = {}): WaitingLead => ({
    id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
    waitingSince: new Date('2026-10-23T16:00:00Z'), // Friday 17:00 BST
    overallScore: 38,
    owner: null,
    ...overrides,
  });
  const friday = waitingLead(1);
  const saturday = waitingLead(2, {
    waitingSince: new Date('2026-10-24T10:00:00Z'),
    overallScore: 85,
    owner: OWNER,
  });
  const fresh = glance({
    id: '00000000-0000-4000-8000-000000000001',
    createdAt: new Date('2026-10-26T09:00:00Z'),
  });
  const facts: LeadDigestFacts = {
    message: MESSAGE,
    period,
    leads: [fresh],
    total: 1,
    waiting: { leads: [friday, saturday], total: 2 },
  };
  const linkOf = (id: string) => leadLink(SETTINGS.publicUrl, id);
  const WAITING_TEXT = [
    'Waiting for a first contact',
    '',
    '2 leads asked to be contacted and have had no first contact within one working day, as at Tuesday 27 October at 08:00 (UK time). The longest wait first:',
    '',
    '1. Waiting since Friday 23 October at 17:00 · 38% (Needs Improvement) · owner: nobody',
    `   ${linkOf(friday.id)}`,
    '2. Waiting since Saturday 24 October at 11:00 · 85% (Excellent) · owner: sam@care-audit.example',
    `   ${linkOf(saturday.id)}`,
    '',
    'New leads',
    '',
    '1 new lead arrived from Monday 26 October at 08:00 to Tuesday 27 October at 08:00 (UK time).',
    '',
    '1. 66% (Good) · Home care, 25–99 people supported · source: newsletter · consent: yes',
    `   ${linkOf(fresh.id)}`,
    '',
  ].join('\n');

  it('names the waiting count first in its subject, then the new leads', () => {
    const mail = composeLeadDigestMail(facts, SETTINGS, SENT);
    expect(mail.subject).toBe('Care Audit daily digest for Tuesday 27 October: 2 waiting, 1 new lead');
    const one = composeLeadDigestMail(
      { ...facts, waiting: { leads: [friday], total: 1 }, leads: [], total: 0 },
      SETTINGS,
      SENT,
    );
    expect(one.subject).toBe('Care Audit daily digest for Tuesday 27 October: 1 waiting, 0 new leads');
    expect(one.text).toContain(
      '1 lead asked to be contacted and has had no first contact within one working day, as at',
    );
  });

  it('lists the waiting leads above the new ones in its text: since when in UK time, score, owner, link', () => {
    const { text } = composeLeadDigestMail(facts, SETTINGS, SENT);
    expect(text).toMatch(new RegExp(`^${WAITING_TEXT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(text).not.toContain('more waiting');
    expect(text).toContain(
      'You get this digest every day at 08:00 when there are new or waiting leads. To get an e-mail',
    );
  });

  it('has the same parts in its HTML, in the same order, under headings', () => {
    const html = String(composeLeadDigestMail(facts, SETTINGS, SENT).html);
    expect(html).toContain(
      '<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#18212d">2 waiting, 1 new lead</h1>',
    );
    const order = [
      'Each link opens the lead in the team workspace (you will be asked to sign in).',
      '>Waiting for a first contact</h2>',
      'as at Tuesday 27 October at 08:00 (UK time). The longest wait first:',
      `<a href="${linkOf(friday.id)}" style="color:#0f4c5c;font-weight:bold">Waiting since Friday 23 October at 17:00</a><br>38% (Needs Improvement) · owner: nobody</li>`,
      `<a href="${linkOf(saturday.id)}" style="color:#0f4c5c;font-weight:bold">Waiting since Saturday 24 October at 11:00</a><br>85% (Excellent) · owner: sam@care-audit.example</li>`,
      '>New leads</h2>',
      '1 new lead arrived from Monday 26 October at 08:00',
      `<a href="${linkOf(fresh.id)}"`,
      'when there are new or waiting leads.',
    ];
    const places = order.map((part) => html.indexOf(part));
    expect(places.every((place) => place >= 0)).toBe(true);
    expect(places).toEqual([...places].sort((a, b) => a - b));
    expect(html.match(/<ol /g)).toHaveLength(2);
    expect(html.match(/<li /g)).toHaveLength(3);
  });

  it('with only waiting leads, says no new lead arrived and lists no new one', () => {
    const only = composeLeadDigestMail({ ...facts, leads: [], total: 0 }, SETTINGS, SENT);
    expect(only.text).toContain(
      '\nNew leads\n\n0 new leads arrived from Monday 26 October at 08:00 to Tuesday 27 October at 08:00 (UK time).\n\nEach link opens',
    );
    expect(String(only.html).match(/<ol /g)).toHaveLength(1);
    expect(only.html).toContain(
      '<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#18212d">2 waiting, 0 new leads</h1>',
    );
  });

  it('is as before when none waits: no heading, no count, no waiting link', () => {
    const none = composeLeadDigestMail({ ...facts, waiting: { leads: [], total: 0 } }, SETTINGS, SENT);
    expect(none.subject).toBe('Care Audit daily digest for Tuesday 27 October: 1 new lead');
    expect(none.text).toMatch(/^1 new lead arrived from Monday 26 October at 08:00/);
    for (const body of [none.text, String(none.html)]) {
      expect(body).not.toMatch(/waiting for a first contact|waiting since|waiting=true|New leads/i);
    }
  });

  it(`lists ${DIGEST_WAITING_MAX_LISTED} waiting leads at most, and links the rest to the list's waiting filter`, () => {
    const many = Array.from({ length: DIGEST_WAITING_MAX_LISTED }, (_, i) => waitingLead(i + 1));
    const full = composeLeadDigestMail(
      { ...facts, waiting: { leads: many, total: DIGEST_WAITING_MAX_LISTED } },
      SETTINGS,
      SENT,
    );
    expect(full.text).toContain(`\n${DIGEST_WAITING_MAX_LISTED}. Waiting since Friday 23 October at 17:00`);
    expect(`${full.text} ${String(full.html)}`).not.toContain('more waiting');

    const over = composeLeadDigestMail(
      { ...facts, waiting: { leads: many, total: DIGEST_WAITING_MAX_LISTED + 3 } },
      SETTINGS,
      SENT,
    );
    expect(over.subject).toBe(
      `Care Audit daily digest for Tuesday 27 October: ${DIGEST_WAITING_MAX_LISTED + 3} waiting, 1 new lead`,
    );
    expect(over.text).toContain(
      '\n\n…and 3 more waiting, listed in the team workspace: https://audit.care-audit.example/team?waiting=true\n\nNew leads\n',
    );
    expect(over.html).toContain(
      '…and 3 more waiting, listed in the team workspace: <a href="https://audit.care-audit.example/team?waiting=true"',
    );
    // The new leads' own "more" is apart, and still counts only them.
    expect(over.text).not.toContain('…and 3 more, listed');
    expect(String(over.html).match(/<li /g)).toHaveLength(DIGEST_WAITING_MAX_LISTED + 1);
  });

  it('names no one but the owning member: no address, name, phone or note of a lead, in either part', () => {
    const { text, html } = composeLeadDigestMail(facts, SETTINGS, SENT);
    for (const body of [String(text), String(html)]) {
      // The owner is the only address: what the digest is made of has no field for the lead's.
      expect(body.match(/[\w.+-]+@[\w.-]+/g)).toEqual([OWNER]);
    }
  });
});
