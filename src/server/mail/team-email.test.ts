import { CONTENT_V1 } from '../../core/content';
import { describe, expect, it } from 'vitest';
import { AREA_IDS, buildReport, roadmapFor, type AreaScores } from '../../core';
import { CONSENT_WORDING } from '../../shared/email-request';
import { COMPLETE_ANSWERS } from '../../../test/support/requests';
import { sourceDescription, teamEmail, weakestAreasLine, type TeamEmailInput } from './team-email';

const input: TeamEmailInput = {
  requestId: '6f1c2a9e-0000-4000-8000-000000000001',
  createdAt: new Date('2026-07-01T13:05:00Z'),
  email: 'manager@care-home.example',
  note: 'We have 40 staff.\r\nPlease call after 2pm.',
  consent: null,
  contact: null,
  source: {},
  profile: {},
  report: buildReport(COMPLETE_ANSWERS),
};
const consented: TeamEmailInput = {
  ...input,
  consent: { wording: CONSENT_WORDING, givenAt: new Date('2026-07-01T13:05:00Z') },
};

describe('the team’s notice', () => {
  const { subject, text } = teamEmail(input);

  it('names the visitor, the overall score and whether they may be contacted in the subject', () => {
    expect(subject).toBe('Audit request from manager@care-home.example: 66% (Good), do not contact');
    expect(teamEmail(consented).subject).toBe(
      'Audit request from manager@care-home.example: 66% (Good), may contact',
    );
  });

  it('holds the address, every score, the note, the request id and the time (in UK time)', () => {
    expect(text).toContain('Visitor: manager@care-home.example');
    expect(text).toContain('Overall score: 66% (Good)');
    for (const area of input.report.areas)
      expect(text).toContain(`${area.title}: ${area.score}% (${area.rating})`);
    expect(text).toContain('We have 40 staff.\nPlease call after 2pm.');
    expect(text).toContain(input.requestId);
    expect(text).toContain('1 July 2026 at 14:05 BST');
    expect(text).toContain('2026-07-01T13:05:00.000Z');
  });

  it('names the visitor’s priorities with their ratings on one line', () => {
    // Labels are content that may be reworded; the order (lowest rating first) and form are the rule.
    const line = text.split('\n').find((l) => l.startsWith('Priorities: '));
    expect(line).toMatch(
      /^Priorities: [^()]+ \(1\), [^()]+ \(1\), [^()]+ \(2\), [^()]+ \(2\), [^()]+ \(2\)$/,
    );
    for (const priority of input.report.priorities)
      expect(line).toContain(`${priority.label} (${priority.rating})`);
    const allFives = buildReport(
      Object.fromEntries(AREA_IDS.map((id) => [id, { 0: 5, 1: 5, 2: 5, 3: 5, 4: 5 }])),
    );
    expect(teamEmail({ ...input, report: allFives }).text).toContain(
      '\nPriorities: none (no statement rated 1 or 2)\n',
    );
  });

  it('lists as weakest only the areas below 80%, weakest first, with their scores', () => {
    const line = text.split('\n').find((l) => l.startsWith('Weakest areas'));
    const below = input.report.areas.filter((a) => a.score < 80).sort((a, b) => a.score - b.score);
    expect(below.length).toBeGreaterThan(0);
    expect(below.length).toBeLessThan(input.report.areas.length);
    expect(line).toBe(
      `Weakest areas (below 80%), weakest first: ${below.map((a) => `${a.title} (${a.score}%)`).join(', ')}`,
    );
  });

  const scores = (overrides: Partial<AreaScores>, rest = 100): AreaScores => ({
    ...(Object.fromEntries(AREA_IDS.map((id) => [id, rest])) as AreaScores),
    ...overrides,
  });

  it('says that none are weak when every area is at 100%, or at 80% exactly', () => {
    const none = 'Weakest areas: none, every area is at 80% or more';
    expect(weakestAreasLine(roadmapFor(scores({}), CONTENT_V1))).toBe(none);
    expect(weakestAreasLine(roadmapFor(scores({}, 80), CONTENT_V1))).toBe(none);
    const allFives = buildReport(
      Object.fromEntries(AREA_IDS.map((id) => [id, { 0: 5, 1: 5, 2: 5, 3: 5, 4: 5 }])),
    );
    expect(teamEmail({ ...input, report: allFives }).text).toContain(`\n${none}\n`);
  });

  it('counts an area at 79% as weak and one at 80% as not', () => {
    const line = weakestAreasLine(roadmapFor(scores({ operational: 79, quality: 80 }), CONTENT_V1));
    expect(line).toBe('Weakest areas (below 80%), weakest first: Operational Efficiency (79%)');
  });

  it('lists every area, weakest first, when all are below 80%', () => {
    const line = weakestAreasLine(
      roadmapFor({ operational: 79, compliance: 20, quality: 60, training: 59, data: 0 }, CONTENT_V1),
    );
    expect(line).toBe(
      'Weakest areas (below 80%), weakest first: Data Management (0%), Compliance & Regulations (20%), ' +
        'Staff Training & Support (59%), Service Quality (60%), Operational Efficiency (79%)',
    );
  });

  it('says when there is no note', () => {
    expect(teamEmail({ ...input, note: null }).text).toContain('Note from the visitor:\n(none)');
  });

  it('says plainly, before anything else, not to contact a visitor who did not consent', () => {
    const firstParagraphs = text.split('\n\n').slice(0, 2).join('\n\n');
    expect(firstParagraphs).toContain('Consent to contact: NO.');
    expect(firstParagraphs).toContain('Do not contact them beyond the results they asked for');
    expect(text).not.toContain('about a free consultation');
  });

  it('quotes the consent wording and its time when the visitor ticked the box', () => {
    const { text: withConsent } = teamEmail(consented);
    expect(withConsent).toContain(
      `Consent to contact: YES. The visitor ticked "${CONSENT_WORDING}" on 1 July 2026 at 14:05 BST (2026-07-01T13:05:00.000Z).`,
    );
    expect(withConsent).toContain('Reply to this e-mail to write to the visitor about a free consultation.');
    expect(withConsent).not.toContain('Do not contact');
  });

  it('gives the contact details the visitor gave with consent, a line each under the address', () => {
    const { text: withContact } = teamEmail({
      ...consented,
      contact: {
        name: 'Ann Smith',
        organisation: 'Meadow View Care',
        role: 'Registered manager',
        phone: '+44 (0)20 7946 0958',
      },
    });
    expect(withContact).toContain(
      [
        'Visitor: manager@care-home.example',
        'Name: Ann Smith',
        'Organisation: Meadow View Care',
        'Role: Registered manager',
        'Phone: +44 (0)20 7946 0958',
        'Received: ',
      ].join('\n'),
    );
    // Only the parts given.
    const { text: phoneOnly } = teamEmail({ ...consented, contact: { phone: '01632 960001' } });
    expect(phoneOnly).toContain('Visitor: manager@care-home.example\nPhone: 01632 960001\nReceived: ');
    expect(phoneOnly).not.toContain('Name:');
    expect(teamEmail(consented).text).toContain(
      'Visitor: manager@care-home.example\nContact details: none given beyond the address\n',
    );
  });

  it('says nothing of contact details without consent', () => {
    expect(text).toContain('Visitor: manager@care-home.example\nReceived: ');
    expect(text).not.toContain('Contact details');
  });

  it('gives the service the visitor described, or says it was not given', () => {
    expect(text).toContain('\nService: not given\n');
    const { text: withProfile } = teamEmail({ ...input, profile: { serviceType: 'nursing', size: '25_99' } });
    expect(withProfile).toContain('\nService: Nursing care, 25–99 people supported\n');
    expect(teamEmail({ ...input, profile: { size: '100_plus' } }).text).toContain(
      '\nService: 100 or more people supported\n',
    );
    expect(teamEmail({ ...input, profile: { serviceType: 'home_care' } }).text).toContain(
      '\nService: Home care\n',
    );
  });

  it('says where the visit came from: the campaign as written, the referring host, or direct', () => {
    expect(text).toContain('\nSource: direct (no campaign, no referring site)\n');
    expect(
      sourceDescription({ utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'winter-2026' }),
    ).toBe('utm_source newsletter, utm_medium email, utm_campaign winter-2026');
    expect(sourceDescription({ referrerHost: 'www.google.com' })).toBe('referred by www.google.com');
    expect(sourceDescription({ utmCampaign: 'spring', referrerHost: 'news.example' })).toBe(
      'utm_campaign spring; referred by news.example',
    );
  });
});
