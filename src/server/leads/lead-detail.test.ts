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
import { CONTENT_V1, statementContent } from '../../core/content';
import { publishWords, version2Text } from '../../../test/support/content-fixtures';
import { leadDetail } from './lead-detail';
import { addLeadNote, setFollowUpDay, setFollowUpStatus, setLeadOwner } from './lead-follow-up';
import { eraseAddress } from './lead-records';
import { retryFailedMessage } from '../outbox/failed-messages';

const SAM = 'sam@care-audit.example';

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
    // A webhook's URL can hold the receiver's secret: the team sees its host alone.
    expect(detail?.messages.find((m) => m.kind === 'webhook')).toMatchObject({
      id: webhook,
      recipient: 'hooks.example.test',
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

  it('gives the contact details, profile, source, owner and follow-up day; null and {} when none', async () => {
    const id = await storeLead(t.db, {
      email: 'lead@example.org',
      consent: true,
      contact: {
        name: 'Ann Smith',
        organisation: 'Sunrise Care',
        role: 'Registered Manager',
        phone: '+44 1632 960001',
      },
      profile: { serviceType: 'home_care', size: 'under_25' },
      source: {
        utmSource: 'newsletter',
        utmMedium: 'email',
        utmCampaign: 'winter',
        referrerHost: 'mail.example.com',
      },
    });
    await setLeadOwner(t.db, id, SAM, SAM);
    await setFollowUpDay(t.db, id, '2026-12-01', SAM);
    expect(await leadDetail(t.db, id)).toMatchObject({
      contact: {
        name: 'Ann Smith',
        organisation: 'Sunrise Care',
        role: 'Registered Manager',
        phone: '+44 1632 960001',
      },
      profile: { serviceType: 'home_care', size: 'under_25' },
      source: {
        utmSource: 'newsletter',
        utmMedium: 'email',
        utmCampaign: 'winter',
        referrerHost: 'mail.example.com',
      },
      owner: SAM,
      followUpOn: '2026-12-01',
    });

    const partial = await storeLead(t.db, {
      email: 'partial@example.org',
      consent: true,
      contact: { phone: '01632 960001' },
      source: { referrerHost: 'www.google.com' },
    });
    const some = await leadDetail(t.db, partial);
    // Parts not given are absent, not null.
    expect(some?.contact).toEqual({ phone: '01632 960001' });
    expect(some?.source).toEqual({ referrerHost: 'www.google.com' });

    const none = await leadDetail(t.db, await storeLead(t.db, { email: 'none@example.org' }));
    expect(none).toMatchObject({ contact: null, profile: {}, source: {}, owner: null, followUpOn: null });
  });

  it('gives the timeline oldest first: the request, deliveries, changes, notes, a retry and later requests', async () => {
    const id = await storeLead(t.db, {
      email: 'Lead@Example.org',
      team: true,
      createdAt: new Date('2026-11-20T09:00:00.000Z'),
    });
    await setMessageState(t.db, id, 'visitor', {
      status: 'sent',
      attempts: 1,
      sentAt: new Date('2026-11-20T09:00:05Z'),
    });
    const team = await setMessageState(t.db, id, 'team', { status: 'failed', attempts: 8, lastError: '550' });
    await t.db.query("UPDATE outbox_messages SET next_attempt_at = '2026-11-20T10:00:00Z' WHERE id = $1", [
      team,
    ]);
    // The team's changes, one millisecond apart so their order is their time's on PGlite too.
    const pause = () => new Promise((resolve) => setTimeout(resolve, 2));
    await setFollowUpStatus(t.db, id, 'contacted', SAM);
    await pause();
    await addLeadNote(t.db, id, 'Called; no answer.', SAM);
    await pause();
    await setLeadOwner(t.db, id, SAM, SAM);
    await pause();
    await setFollowUpDay(t.db, id, '2026-12-01', SAM);
    await pause();
    const summaries = async () => ((await leadDetail(t.db, id))?.timeline ?? []).map((e) => e.summary);
    expect(await summaries()).toContain('E-mail to the team (LEADS_TO) failed after 8 attempts');
    await retryFailedMessage(t.db, team, SAM);
    // A later request from the same mailbox, in another case and with a +tag, joins this lead; another
    // address's does not.
    await storeLead(t.db, { email: 'other@example.org', createdAt: new Date('2026-11-21T09:00:00.000Z') });
    await pause();
    const later = await storeLead(t.db, { email: 'LEAD+again@example.org' });
    expect(later).not.toBe(id);

    const timeline = (await leadDetail(t.db, id))?.timeline ?? [];
    expect(timeline.map((e) => [e.kind, e.actor, e.summary])).toEqual([
      ['request', null, 'Asked for the results by e-mail'],
      ['delivery', null, 'E-mail to the visitor queued'],
      ['delivery', null, 'E-mail to the team (LEADS_TO) queued'],
      ['delivery', null, 'E-mail to the visitor sent'],
      ['status_change', SAM, 'Status changed: new → contacted'],
      ['note', SAM, 'Note: “Called; no answer.”'],
      ['owner_change', SAM, `Owner changed: nobody → ${SAM}`],
      ['follow_up_date', SAM, 'Follow-up date set to 1 December 2026'],
      // Queued again, its own entry is the queueing: the retry keeps that it had failed.
      ['delivery', SAM, 'E-mail to the team (LEADS_TO) had failed; queued again'],
      ['returned', null, expect.stringMatching(/^Came back: a new result, \d+% overall \(no change\)$/)],
      ['delivery', null, 'E-mail to the visitor queued'],
    ]);
    const times = timeline.map((e) => e.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(timeline[0]?.at).toEqual(new Date('2026-11-20T09:00:00.000Z'));
  });

  it('keeps the timeline of one lead to that lead, and outlives another lead’s erasure', async () => {
    const id = await storeLead(t.db, { email: 'one@example.org' });
    const other = await storeLead(t.db, { email: 'two@example.org' });
    await setFollowUpStatus(t.db, other, 'closed', SAM);
    await addLeadNote(t.db, other, 'not this one', SAM);
    await eraseAddress(t.db, 'two@example.org', SAM);
    expect((await leadDetail(t.db, id))?.timeline.map((e) => e.kind)).toEqual(['request', 'delivery']);
    expect(await leadDetail(t.db, other)).toBeUndefined();
  });

  it('lists the statements in the words of the version its latest result was answered with', async () => {
    expect(await publishWords(t.db)).toBe(2);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const older = await storeLead(t.db, { email: 'older@example.org' });
    const lead = await storeLead(t.db, { email: 'jo@example.org', createdAt: daysAgo(2) });
    const retake = await storeLead(t.db, { email: 'jo@example.org' });
    await t.db.query('UPDATE email_requests SET content_version = 2 WHERE id = $1', [retake]);
    const first = statementContent(CONTENT_V1, 'operational', 0).text;

    const before = await leadDetail(t.db, older);
    expect(before?.answers[0]).toMatchObject({ areaId: 'operational', statement: first, rating: 4 });
    const after = await leadDetail(t.db, lead);
    expect(after?.results.map((r) => r.id)).toEqual([lead, retake]);
    expect(after?.answers).toHaveLength(25);
    expect(after?.answers[0]).toEqual({
      areaId: 'operational',
      areaTitle: 'Operational Efficiency',
      statement: version2Text('operational', 0, first),
      rating: 4,
    });
    expect(after?.answers.map((a) => a.rating)).toEqual(before?.answers.map((a) => a.rating));
  });

  it('finds nothing for an unknown id, a non-id or an erased lead', async () => {
    expect(await leadDetail(t.db, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect(await leadDetail(t.db, 'lead-1')).toBeUndefined();
    expect(await leadDetail(t.db, '')).toBeUndefined();
  });
});
