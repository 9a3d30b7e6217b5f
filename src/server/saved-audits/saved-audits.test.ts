import { describe, expect, it } from 'vitest';
import { sanitizeResponses } from '../../core';
import { newSecret } from '../http/secrets';
import { savedAuditPurgeJob } from './saved-audit-purge-job';
import {
  completeSavedAudit,
  expiresOnFor,
  findSavedAudit,
  findSavedAuditOrigin,
  storeSavedAudit,
} from './saved-audits';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { storeLead } from '../../../test/support/lead-fixtures';
import { COMPLETE_RESPONSES } from '../../../test/support/requests';
import { useTestDatabase } from '../../../test/support/suite-database';

describe('the last day a link opens', () => {
  it.each([
    ['a save at the start of a day', '2026-11-01T00:00:00.000Z', '2026-11-30'],
    ['a save at the end of a day', '2026-11-01T23:59:59.999Z', '2026-11-30'],
    ['a save across a year’s end', '2026-12-15T10:00:00.000Z', '2027-01-13'],
    ['a save in a leap year’s February', '2028-02-10T12:00:00.000Z', '2028-03-10'],
  ])('%s: the day before the 30 days end', (_, createdAt, expiresOn) => {
    expect(expiresOnFor(new Date(createdAt))).toBe(expiresOn);
  });
});

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

  const age = (id: string, interval: string) =>
    t.db.query(`UPDATE saved_audits SET created_at = now() - $2::interval WHERE id = $1`, [id, interval]);

  it('the purge job deletes only audits past 30 days, open or completed, with their e-mails', async () => {
    const young = await save('young@example.org');
    const oldOpen = await save('old@example.org');
    const oldDone = await save('done@example.org');
    expect(await completeSavedAudit(t.db, oldDone.token)).toBe(true);
    await age(young.id, '29 days 23 hours');
    await age(oldOpen.id, '30 days 1 second');
    await age(oldDone.id, '31 days');

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
    await age(retake.id, '30 days 1 second');
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
