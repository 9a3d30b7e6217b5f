import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { storeLead } from '../../../test/support/lead-fixtures';
import { useTestDatabase } from '../../../test/support/suite-database';
import { setFollowUpStatus, setLeadOwner } from './lead-follow-up';
import { eraseAddress } from './lead-records';
import { countWaitingLeads } from './speed-to-lead';
import { waitingLeadsAt } from './waiting-leads';

const MEMBER = 'sam@care-audit.example';
const at = (iso: string) => new Date(iso);
// Thursday 19 November 2026, 09:00 GMT: a lead of Tuesday 09:00 or before has had its working day.
const NOW = at('2026-11-19T09:00:00Z');

describe.each(DATABASE_KINDS)('the leads waiting for a first contact, on %s', (kind) => {
  const t = useTestDatabase(kind);
  const lead = (email: string, createdAt: string, consent = true) =>
    storeLead(t.db, { email, consent, createdAt: at(createdAt) });

  it('lists them the longest wait first, with the latest score and the owning member, and counts them all', async () => {
    const monday = await lead('monday@example.org', '2026-11-16T10:00:00Z');
    const earlier = await lead('back@example.org', '2026-11-09T10:00:00Z');
    // Back with a new result on Tuesday: the wait still began at the first request with consent.
    const again = await lead('back@example.org', '2026-11-17T08:00:00Z');
    await t.db.query('UPDATE email_requests SET overall_score = 41 WHERE id = $1', [again]);
    const tuesday = await lead('tuesday@example.org', '2026-11-17T09:00:00Z');
    await setLeadOwner(t.db, tuesday, MEMBER, MEMBER);
    // Not waiting: within its working day, contacted, without consent.
    await lead('wednesday@example.org', '2026-11-18T09:00:01Z');
    await setFollowUpStatus(
      t.db,
      await lead('called@example.org', '2026-11-16T09:00:00Z'),
      'contacted',
      MEMBER,
    );
    await lead('results@example.org', '2026-11-16T09:00:00Z', false);

    expect(await waitingLeadsAt(t.db, NOW, 10)).toEqual({
      leads: [
        { id: earlier, waitingSince: at('2026-11-09T10:00:00Z'), overallScore: 41, owner: null },
        { id: monday, waitingSince: at('2026-11-16T10:00:00Z'), overallScore: 66, owner: null },
        { id: tuesday, waitingSince: at('2026-11-17T09:00:00Z'), overallScore: 66, owner: MEMBER },
      ],
      total: 3,
    });
    expect(await countWaitingLeads(t.db, NOW)).toBe(3);
    const firstTwo = await waitingLeadsAt(t.db, NOW, 2);
    expect(firstTwo.leads.map((l) => l.id)).toEqual([earlier, monday]);
    expect(firstTwo.total).toBe(3);
    // A millisecond before Tuesday's lead has had its working day, it does not wait yet.
    expect(await countWaitingLeads(t.db, at('2026-11-18T09:00:00Z'))).toBe(2);
    expect(await countWaitingLeads(t.db, at('2026-11-18T09:00:00.001Z'))).toBe(3);
  });

  it('leaves an erased lead out', async () => {
    await lead('erased@example.org', '2026-11-16T10:00:00Z');
    expect(await countWaitingLeads(t.db, NOW)).toBe(1);
    await eraseAddress(t.db, 'erased@example.org', 'test');
    expect(await waitingLeadsAt(t.db, NOW, 10)).toEqual({ leads: [], total: 0 });
  });
});
