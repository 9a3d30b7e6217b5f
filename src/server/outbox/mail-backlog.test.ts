import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { addWebhookMessage, setMessageState, storeLead } from '../../../test/support/lead-fixtures';
import { useTestDatabase } from '../../../test/support/suite-database';
import { MailBacklog, readMailBacklog } from './mail-backlog';

const QUICK = { maxLagMs: 1_000, maxDue: 3, maxHoldMs: 5_000, readEveryMs: 20 };

describe.each(DATABASE_KINDS)('the e-mail backlog on %s', (kind) => {
  const t = useTestDatabase(kind);

  /** Makes the request's messages due since `seconds` ago. */
  const dueSince = (requestId: string, seconds: number) =>
    t.db.query(
      `UPDATE outbox_messages SET next_attempt_at = now() - make_interval(secs => $2) WHERE request_id = $1`,
      [requestId, seconds],
    );

  it('counts the due e-mails and how long the oldest has waited: not a webhook, nor one sent, sending or scheduled', async () => {
    expect(await readMailBacklog(t.db)).toEqual({ due: 0, lagMs: 0 });
    const waiting = await storeLead(t.db, { email: 'waiting@example.org', team: true });
    await dueSince(waiting, 3);
    const { due, lagMs } = await readMailBacklog(t.db);
    expect(due).toBe(2);
    expect(lagMs).toBeGreaterThanOrEqual(3_000);
    expect(lagMs).toBeLessThan(60_000);

    // Out of the lane or not waiting any more: none of these counts, however old.
    const other = await storeLead(t.db, { email: 'other@example.org', team: true });
    await addWebhookMessage(t.db, other, 'https://hooks.example.org/x');
    await dueSince(other, 600);
    await setMessageState(t.db, other, 'visitor', { status: 'sent', attempts: 1, sentAt: new Date() });
    await setMessageState(t.db, other, 'team', { status: 'sending', attempts: 1, claimedBy: 'w1' });
    await t.db.query(
      `UPDATE outbox_messages SET next_attempt_at = now() + interval '1 hour' WHERE request_id = $1`,
      [waiting],
    );
    expect(await readMailBacklog(t.db)).toEqual({ due: 0, lagMs: 0 });
  });

  it('holds a request while the e-mails are behind, and lets it go once they catch up', async () => {
    const behind = await storeLead(t.db, { email: 'behind@example.org', team: true });
    await dueSince(behind, 5);
    const backlog = new MailBacklog(t.db, () => true, QUICK);
    let admitted = false;
    const admitting = backlog.admit().then((held) => {
      admitted = true;
      return held;
    });
    // Several readings later it still holds: the e-mails have not moved.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(admitted).toBe(false);
    await t.db.query(`UPDATE outbox_messages SET status = 'sent', sent_at = now() WHERE request_id = $1`, [
      behind,
    ]);
    const held = await admitting;
    expect(held).toBeGreaterThanOrEqual(200);
    expect(held).toBeLessThan(QUICK.maxHoldMs);
  });

  it('holds a request while more e-mails are due than maxDue, however new they are', async () => {
    for (let i = 0; i < 2; i++) await storeLead(t.db, { email: `new-${i}@example.org`, team: true });
    const backlog = new MailBacklog(t.db, () => true, { ...QUICK, maxHoldMs: 300 });
    // Four e-mails due, none a second old: more than maxDue (3), so it holds for all of maxHoldMs.
    expect(await backlog.admit()).toBeGreaterThanOrEqual(300);
    await t.db.query(
      `UPDATE outbox_messages SET status = 'sent', sent_at = now() WHERE recipient = 'new-0@example.org'`,
    );
    // Within the limits at the first reading: no hold at all, so the route logs none.
    expect(await new MailBacklog(t.db, () => true, QUICK).admit()).toBe(0);
  });

  it('holds nothing while the outbox is not sending, and nobody longer than maxHoldMs', async () => {
    const stuck = await storeLead(t.db, { email: 'stuck@example.org' });
    await dueSince(stuck, 60);
    // Before the outbox starts, or while every attempt fails, holding would not help.
    expect(await new MailBacklog(t.db, () => false, QUICK).admit()).toBe(0);
    const held = await new MailBacklog(t.db, () => true, { ...QUICK, maxHoldMs: 300 }).admit();
    expect(held).toBeGreaterThanOrEqual(300);
  });
});
