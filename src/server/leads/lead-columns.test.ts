import { describe, expect, it } from 'vitest';
import { LEAD_COLUMNS, leadColumnsFrom, leadColumnsSql } from './lead-columns';

// The one declaration of a result's columns: the SELECT list and the mapper come from it.
describe('LEAD_COLUMNS', () => {
  it('selects each field once, named as the record names it, from the request and its lead', () => {
    const sql = leadColumnsSql('req', 'ld');
    for (const name of Object.keys(LEAD_COLUMNS)) expect(sql).toContain(` AS "${name}"`);
    expect(sql).toContain('ld.follow_up_status AS "followUpStatus"');
    expect(sql).toContain('req.email AS "email"');
    expect(sql).not.toMatch(/\br\./);
  });

  it('reads a row into the record: absent parts left out, nothing given is null, unknown codes dropped', () => {
    const row = {
      id: 'a',
      leadId: 'b',
      createdAt: '2026-11-28T09:00:00.000Z',
      email: 'Ann@care.example',
      note: null,
      consent: null,
      scores: { operational: 10, compliance: 20, quality: 30, training: 40, data: 50 },
      overallScore: 30,
      contact: {},
      profile: { serviceType: 'nursing', size: 'enormous' },
      source: { utmSource: 'newsletter' },
      sourceLabel: 'newsletter',
      followUpStatus: 'not-a-status',
      owner: null,
      followUpOn: '2026-12-01',
    };
    expect(leadColumnsFrom(row)).toEqual({
      id: 'a',
      leadId: 'b',
      createdAt: new Date('2026-11-28T09:00:00.000Z'),
      email: 'Ann@care.example',
      note: null,
      consent: null,
      scores: { operational: 10, compliance: 20, quality: 30, training: 40, data: 50 },
      overallScore: 30,
      contact: null,
      profile: { serviceType: 'nursing' },
      source: { utmSource: 'newsletter' },
      sourceLabel: 'newsletter',
      followUpStatus: 'new',
      owner: null,
      followUpOn: '2026-12-01',
    });
    expect(
      leadColumnsFrom({ ...row, consent: { wording: 'Yes', givenAt: '2026-11-28T09:00:00.123456+00:00' } })
        .consent,
    ).toEqual({ wording: 'Yes', givenAt: new Date('2026-11-28T09:00:00.123Z') });
  });
});
