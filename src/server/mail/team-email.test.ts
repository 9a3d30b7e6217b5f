import { describe, expect, it } from 'vitest';
import { buildReport } from '../../core';
import { COMPLETE_ANSWERS } from '../testing/requests';
import { teamEmail } from './team-email';

const input = {
  requestId: '6f1c2a9e-0000-4000-8000-000000000001',
  createdAt: new Date('2026-07-01T13:05:00Z'),
  email: 'manager@care-home.example',
  note: 'We have 40 staff.\r\nPlease call after 2pm.',
  report: buildReport(COMPLETE_ANSWERS),
};

describe('the team’s notice', () => {
  const { subject, text } = teamEmail(input);

  it('names the visitor and the overall score in the subject', () => {
    expect(subject).toBe('Audit request from manager@care-home.example: 66% (Good)');
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

  it('says when there is no note', () => {
    expect(teamEmail({ ...input, note: null }).text).toContain('Note from the visitor:\n(none)');
  });
});
