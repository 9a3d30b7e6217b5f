import { describe, expect, it } from 'vitest';
import { AREA_IDS, buildReport } from '../../core';
import { CONSENT_WORDING } from '../../shared/email-request';
import { COMPLETE_ANSWERS } from '../../../test/support/requests';
import { teamEmail } from './team-email';

const input = {
  requestId: '6f1c2a9e-0000-4000-8000-000000000001',
  createdAt: new Date('2026-07-01T13:05:00Z'),
  email: 'manager@care-home.example',
  note: 'We have 40 staff.\r\nPlease call after 2pm.',
  consent: null,
  report: buildReport(COMPLETE_ANSWERS),
};
const consented = {
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
});
