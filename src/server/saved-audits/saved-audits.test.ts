import { describe, expect, it } from 'vitest';
import { sanitizeResponses } from '../../core';
import { newSecret } from '../http/secrets';
import { savedAuditPurgeJob } from './saved-audit-purge-job';
import { completeSavedAudit, findSavedAudit, findSavedAuditOrigin, storeSavedAudit } from './saved-audits';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { storeLead } from '../../../test/support/lead-fixtures';
import { COMPLETE_RESPONSES } from '../../../test/support/requests';
import { backdateSavedAudit, ukTimeDaysAgo } from '../../../test/support/saved-audit-fixtures';
import { useTestDatabase } from '../../../test/support/suite-database';
import { savedAuditTerm } from './saved-audit-term';

describe.each(DATABASE_KINDS)('saved audits in the database, on %s', (kind) => {
  const t = useTestDatabase(kind);

  async function save(
    email: string,
    extra: { retakeOfRequest?: string } = {},
  ): Promise<{ token: string; id: string }> {
    const token = newSecret();
    const result = await storeSavedAudit(
      t.db,
      {
        email,
        responses: sanitizeResponses({ data: COMPLETE_RESPONSES.data }),
        section: 4,
        profile: {},
        consentWording: null,
        token,
        ...extra,
      },
      { max: 100, windowMs: 60_000 },
    );
    if (!result.stored) throw new Error('not stored');
    return { token, id: result.id };
  }

  // Today is the last day of a save made on the UK day 30 days ago; yesterday was one 31 days ago's.
  const onItsLastDay = ukTimeDaysAgo(30, 0, 0, 30);
  const pastItsLastDay = ukTimeDaysAgo(31, 23, 59, 30);

  it('stores the term the rule gives the first save: the end of the UK day 30 days on', async () => {
    const saved = await save('term@example.org');
    const { rows } = await t.db.query<{ created_at: Date; ends_at: Date }>(
      'SELECT created_at, ends_at FROM saved_audits WHERE id = $1',
      [saved.id],
    );
    const row = rows[0];
    expect(row).toBeDefined();
    if (!row) return;
    expect(new Date(row.ends_at).toISOString()).toBe(
      savedAuditTerm(new Date(row.created_at)).endsAt.toISOString(),
    );
    const found = await findSavedAudit(t.db, saved.token);
    expect(found?.status === 'open' && found.audit.expiresOn).toBe(
      savedAuditTerm(new Date(row.created_at)).lastDay,
    );
  });

  it('a link opens all of its last day (saved at 00:00:30 UK time) and not the day after (saved at 23:59:30)', async () => {
    const lastDay = await save('last-day@example.org');
    const dayAfter = await save('day-after@example.org');
    await backdateSavedAudit(t.db, lastDay.id, onItsLastDay);
    await backdateSavedAudit(t.db, dayAfter.id, pastItsLastDay);
    expect((await findSavedAudit(t.db, lastDay.token))?.status).toBe('open');
    expect(await findSavedAudit(t.db, dayAfter.token)).toBeUndefined();
  });

  it('the link check is the stored end, to the moment: a second before it opens, at it not', async () => {
    const open = await save('open@example.org');
    const ended = await save('ended@example.org');
    await t.db.query(`UPDATE saved_audits SET ends_at = now() + interval '1 second' WHERE id = $1`, [
      open.id,
    ]);
    await t.db.query('UPDATE saved_audits SET ends_at = now() WHERE id = $1', [ended.id]);
    expect((await findSavedAudit(t.db, open.token))?.status).toBe('open');
    expect(await findSavedAudit(t.db, ended.token)).toBeUndefined();
  });

  it('the purge job deletes only audits past their last day, open or completed, with their e-mails', async () => {
    const young = await save('young@example.org');
    const oldOpen = await save('old@example.org');
    const oldDone = await save('done@example.org');
    expect(await completeSavedAudit(t.db, oldDone.token)).toBe(true);
    await backdateSavedAudit(t.db, young.id, onItsLastDay);
    await backdateSavedAudit(t.db, oldOpen.id, pastItsLastDay);
    await backdateSavedAudit(t.db, oldDone.id, ukTimeDaysAgo(40, 12, 0, 0));

    const report = await savedAuditPurgeJob().run(t.db, new Date());
    expect(report).toMatchObject({ counts: { savedAudits: 2 }, idle: false });
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM saved_audits');
    expect(rows).toEqual([{ id: young.id }]);
    const messages = await t.db.query<{ saved_audit_id: string }>(
      'SELECT saved_audit_id FROM outbox_messages',
    );
    expect(messages.rows).toEqual([{ saved_audit_id: young.id }]);
    expect(await savedAuditPurgeJob().run(t.db, new Date())).toMatchObject({
      counts: { savedAudits: 0 },
      idle: true,
    });
  });

  it('a saved retake keeps its origin while the link lives, completed or not; an unknown origin is not linked', async () => {
    const origin = await storeLead(t.db, { email: 'earlier@example.org' });
    const retake = await save('manager@example.org', { retakeOfRequest: origin });
    const stray = await save('stray@example.org', {
      retakeOfRequest: '00000000-0000-4000-8000-000000000000',
    });
    const plain = await save('plain@example.org');
    expect(await findSavedAuditOrigin(t.db, retake.token)).toBe(origin);
    expect(await findSavedAuditOrigin(t.db, stray.token)).toBeUndefined();
    expect(await findSavedAuditOrigin(t.db, plain.token)).toBeUndefined();
    expect(await findSavedAuditOrigin(t.db, 'malformed')).toBeUndefined();
    expect(await findSavedAuditOrigin(t.db, newSecret())).toBeUndefined();

    // Completed: the result it leads to is still linked.
    expect(await completeSavedAudit(t.db, retake.token)).toBe(true);
    expect(await findSavedAuditOrigin(t.db, retake.token)).toBe(origin);
    // Expired, purged or not: no longer.
    await backdateSavedAudit(t.db, retake.id, pastItsLastDay);
    expect(await findSavedAuditOrigin(t.db, retake.token)).toBeUndefined();
  });

  it('an origin erased later leaves the saved retake, unlinked', async () => {
    const origin = await storeLead(t.db, { email: 'earlier@example.org' });
    const retake = await save('manager@example.org', { retakeOfRequest: origin });
    await t.db.query('DELETE FROM email_requests WHERE id = $1', [origin]);
    expect(await findSavedAuditOrigin(t.db, retake.token)).toBeUndefined();
    expect((await findSavedAudit(t.db, retake.token))?.status).toBe('open');
  });
});
