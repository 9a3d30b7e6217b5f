import { describe, expect, it } from 'vitest';
import { CONSENT_WORDING } from '../../shared/email-request';
import { COMPLETE_ANSWERS, EXPECTED_SCORES, EXPECTED_AREA_SCORES } from '../../../test/support/requests';
import type { StoredEmailRequest } from '../leads/email-requests';
import { CONTENT_V1, statementContent } from '../../core/content';
import { rewordedContent, version2Text } from '../../../test/support/content-fixtures';
import { leadCreatedEvent } from './lead-created';

// The event from plain data: no database, no clock.
const REQUEST: StoredEmailRequest = {
  id: '0b5c8a62-6f0e-4c53-9a56-3d1f7f4b2a10',
  leadId: '0b5c8a62-6f0e-4c53-9a56-3d1f7f4b2a10',
  email: 'Care.Manager@example.org',
  note: 'Please call after 2pm.',
  responses: COMPLETE_ANSWERS,
  contentVersion: 1,
  consent: { wording: CONSENT_WORDING, givenAt: new Date('2026-11-26T09:00:00Z') },
  profile: { serviceType: 'home_care', size: '25_99' },
  contact: { name: 'Ann Smith', organisation: 'Sunrise Care', role: 'Manager', phone: '+44 1632 960001' },
  source: {
    utmSource: 'newsletter',
    utmMedium: 'email',
    utmCampaign: 'winter',
    referrerHost: 'mail.example.com',
  },
  createdAt: new Date('2026-11-26T09:00:00Z'),
};

describe('the lead.created event', () => {
  it('carries the lead, its contact, source and profile, with the scores of its answers', () => {
    const event = leadCreatedEvent(REQUEST, CONTENT_V1);
    expect(event).toEqual({
      type: 'lead.created',
      timestamp: '2026-11-26T09:00:00.000Z',
      data: {
        id: REQUEST.id,
        resultId: REQUEST.id,
        createdAt: '2026-11-26T09:00:00.000Z',
        email: REQUEST.email,
        note: REQUEST.note,
        consent: { wording: CONSENT_WORDING, givenAt: '2026-11-26T09:00:00.000Z' },
        contact: REQUEST.contact,
        source: REQUEST.source,
        profile: REQUEST.profile,
        overallScore: EXPECTED_SCORES.overall,
        scores: EXPECTED_AREA_SCORES,
        contentVersion: 1,
        answers: expect.any(Array),
      },
    });
    expect(event.data.answers).toHaveLength(25);
    expect(event.data.answers[5]).toEqual({
      areaId: 'compliance',
      areaTitle: 'Compliance & Regulations',
      statement: statementContent(CONTENT_V1, 'compliance', 0).text,
      rating: 5,
    });
  });

  it('lists the statements in the words of the version the result was answered with', () => {
    const event = leadCreatedEvent({ ...REQUEST, contentVersion: 2 }, rewordedContent());
    expect(event.data.contentVersion).toBe(2);
    expect(event.data.answers).toHaveLength(25);
    expect(event.data.answers[5]).toEqual({
      areaId: 'compliance',
      areaTitle: 'Compliance & Regulations',
      statement: version2Text('compliance', 0, statementContent(CONTENT_V1, 'compliance', 0).text),
      rating: 5,
    });
    // The ratings and scores are the answers', whatever the words.
    const older = leadCreatedEvent(REQUEST, CONTENT_V1);
    expect(event.data.answers.map((a) => a.rating)).toEqual(older.data.answers.map((a) => a.rating));
    expect(event.data.scores).toEqual(older.data.scores);
  });

  it('is lead.updated for a later result of the lead, with the lead’s id and the result’s own', () => {
    const later = leadCreatedEvent(
      { ...REQUEST, id: '7d1e2f30-0000-4000-8000-000000000001', createdAt: new Date('2026-12-02T10:00:00Z') },
      CONTENT_V1,
    );
    expect(later).toMatchObject({
      type: 'lead.updated',
      timestamp: '2026-12-02T10:00:00.000Z',
      data: { id: REQUEST.leadId, resultId: '7d1e2f30-0000-4000-8000-000000000001' },
    });
  });

  it('gives contact null, source and profile {} when the visitor gave none, and never a null part', () => {
    const { data } = leadCreatedEvent(
      { ...REQUEST, consent: null, contact: null, source: {}, profile: {} },
      CONTENT_V1,
    );
    expect(data).toMatchObject({ consent: null, contact: null, source: {}, profile: {} });
    const { data: some } = leadCreatedEvent(
      {
        ...REQUEST,
        contact: { phone: '01632 960001' },
        source: { referrerHost: 'search.example' },
        profile: { size: '100_plus' },
      },
      CONTENT_V1,
    );
    expect(JSON.parse(JSON.stringify(some))).toMatchObject({
      contact: { phone: '01632 960001' },
      source: { referrerHost: 'search.example' },
      profile: { size: '100_plus' },
    });
    expect(Object.keys(some.contact ?? {})).toEqual(['phone']);
    expect(Object.keys(some.source)).toEqual(['referrerHost']);
    expect(Object.keys(some.profile)).toEqual(['size']);
  });

  it('keeps no follow-up of the team’s: the body is the same on every retry', () => {
    const keys = Object.keys(leadCreatedEvent(REQUEST, CONTENT_V1).data);
    for (const teamOnly of ['followUpStatus', 'owner', 'followUpOn', 'notes', 'messages', 'timeline']) {
      expect(keys).not.toContain(teamOnly);
    }
    expect(JSON.stringify(leadCreatedEvent(REQUEST, CONTENT_V1))).toBe(
      JSON.stringify(leadCreatedEvent(REQUEST, CONTENT_V1)),
    );
  });
});
