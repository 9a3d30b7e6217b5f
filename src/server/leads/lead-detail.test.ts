import { describe, expect, it } from 'vitest';
import { AREAS } from '../../core';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { useTestDatabase } from '../../../test/support/suite-database';
import {
  addWebhookMessage,
  setMessageState,
  storeLead,
  TEAM_ADDRESS,
} from '../../../test/support/lead-fixtures';
import { COMPLETE_ANSWERS, EXPECTED_AREA_SCORES, EXPECTED_SCORES } from '../../../test/support/requests';
import { leadDetail } from './lead-detail';
import { addLeadNote } from './lead-follow-up';

describe.each(DATABASE_KINDS)('leadDetail on %s', (kind) => {
  const t = useTestDatabase(kind);

  it('gives the request, all 25 answers in the audit’s order, every message of every kind and the notes', async () => {
    const createdAt = new Date('2026-11-20T09:00:00.000Z');
    const id = await storeLead(t.db, {
      email: 'Care.Manager@Example.COM',
      note: 'Please call after 2pm',
      team: true,
      consent: true,
      createdAt,
    });
    await setMessageState(t.db, id, 'visitor', {
      status: 'sent',
      attempts: 1,
      sentAt: new Date('2026-11-20T09:00:05Z'),
    });
    await setMessageState(t.db, id, 'team', {
      status: 'failed',
      attempts: 8,
      lastError: 'Error: 550 no mailbox',
    });
    const webhook = await addWebhookMessage(t.db, id, 'https://hooks.example.test/catch');
    const note = await addLeadNote(t.db, id, 'Left a voicemail', 'sam@care-audit.example');
    // Another lead's message and note are not this one's.
    const other = await storeLead(t.db, { email: 'other@example.org' });
    await addLeadNote(t.db, other, 'not this one', 'sam@care-audit.example');

    const detail = await leadDetail(t.db, id);
    expect(detail).toMatchObject({
      id,
      createdAt,
      email: 'Care.Manager@Example.COM',
      note: 'Please call after 2pm',
      consent: { wording: 'The team may contact me about a free consultation', givenAt: createdAt },
      overallScore: EXPECTED_SCORES.overall,
      scores: EXPECTED_AREA_SCORES,
      followUpStatus: 'new',
    });

    expect(detail?.answers).toHaveLength(25);
    expect(detail?.answers).toEqual(
      AREAS.flatMap((area) =>
        area.questions.map((statement, q) => ({
          areaId: area.id,
          areaTitle: area.title,
          statement,
          rating: COMPLETE_ANSWERS[area.id]?.[q] ?? null,
        })),
      ),
    );
    expect(detail?.answers[0]).toMatchObject({ areaId: 'operational', areaTitle: 'Operational Efficiency' });
    expect(detail?.answers[24]?.areaId).toBe('data');
    expect(detail?.answers.every((a) => a.rating !== null)).toBe(true);

    expect(detail?.messages.map((m) => m.kind).sort()).toEqual(['team', 'visitor', 'webhook']);
    expect(detail?.messages.find((m) => m.kind === 'team')).toEqual({
      id: expect.any(String),
      kind: 'team',
      recipient: TEAM_ADDRESS,
      status: 'failed',
      attempts: 8,
      lastError: 'Error: 550 no mailbox',
      sentAt: null,
      createdAt,
    });
    expect(detail?.messages.find((m) => m.kind === 'visitor')).toMatchObject({
      status: 'sent',
      sentAt: new Date('2026-11-20T09:00:05Z'),
    });
    expect(detail?.messages.find((m) => m.kind === 'webhook')).toMatchObject({
      id: webhook,
      status: 'queued',
    });
    expect(detail?.notes).toEqual([note.outcome === 'added' ? note.note : undefined]);
  });

  it('gives null for a statement left unrated, and no consent when the box was not ticked', async () => {
    const id = await storeLead(t.db, { email: 'partial@example.org' });
    await t.db.query(`UPDATE email_requests SET responses = '{"operational": {"0": 4}}' WHERE id = $1`, [id]);
    const detail = await leadDetail(t.db, id);
    expect(detail?.consent).toBeNull();
    expect(detail?.answers).toHaveLength(25);
    expect(detail?.answers.filter((a) => a.rating !== null)).toEqual([
      {
        areaId: 'operational',
        areaTitle: 'Operational Efficiency',
        statement: AREAS[0]?.questions[0],
        rating: 4,
      },
    ]);
  });

  it('finds nothing for an unknown id, a non-id or an erased lead', async () => {
    expect(await leadDetail(t.db, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect(await leadDetail(t.db, 'lead-1')).toBeUndefined();
    expect(await leadDetail(t.db, '')).toBeUndefined();
  });
});
