import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/databases';
import {
  addWebhookMessage,
  daysAgo,
  setMessageState,
  storeFailedSignIn,
  storeLead,
} from '../../../test/support/lead-fixtures';
import { useTestDatabase } from '../../../test/support/suite-database';
import { queueMessage } from './outbox-store';
import { OUTBOX_KINDS, waitingMessagesByKind } from './waiting-messages';

describe.each(DATABASE_KINDS)('waitingMessagesByKind on %s', (kind) => {
  const t = useTestDatabase(kind);

  it('counts by kind what is queued (due or scheduled) or being sent, never what is sent or failed', async () => {
    expect(await waitingMessagesByKind(t.db)).toEqual([]);
    const old = await storeLead(t.db, { email: 'old@example.org', team: true, createdAt: daysAgo(1) });
    const sent = await storeLead(t.db, { email: 'sent@example.org', team: true });
    await setMessageState(t.db, sent, 'visitor', { status: 'sent', attempts: 1, sentAt: new Date() });
    await setMessageState(t.db, sent, 'team', { status: 'failed', attempts: 8, lastError: 'refused' });
    await setMessageState(t.db, old, 'team', { status: 'sending', attempts: 1, claimedBy: 'w1' });
    // A retry scheduled for later still waits.
    const webhook = await addWebhookMessage(t.db, sent, 'https://hooks.example.org/x');
    await t.db.query(`UPDATE outbox_messages SET next_attempt_at = now() + interval '1 hour' WHERE id = $1`, [
      webhook,
    ]);
    await storeFailedSignIn(t.db, 'member@example.org');
    await queueMessage(t.db, { kind: 'lead_digest', recipient: 'member@example.org', requestId: null });

    const waiting = await waitingMessagesByKind(t.db);
    const byKind = Object.fromEntries(waiting.map((w) => [w.kind, w]));
    expect(Object.keys(byKind).sort()).toEqual(['lead_digest', 'team', 'visitor', 'webhook']);
    expect(byKind.visitor?.count).toBe(1);
    expect(byKind.team?.count).toBe(1);
    expect(byKind.webhook?.count).toBe(1);
    // The oldest of a kind since it was queued: old's messages were queued a day ago.
    expect(byKind.visitor?.oldestAgeSeconds).toBeGreaterThan(86_400 - 60);
    expect(byKind.visitor?.oldestAgeSeconds).toBeLessThan(86_400 + 600);
    expect(byKind.team?.oldestAgeSeconds).toBeGreaterThan(86_400 - 60);
    expect(byKind.webhook?.oldestAgeSeconds).toBeLessThan(600);
    for (const w of waiting) expect(OUTBOX_KINDS).toContain(w.kind);
  });

  it('reads the waiting rows through their own index, not the whole table', async () => {
    await storeLead(t.db, { email: 'a@example.org', team: true });
    // With so few rows the planner would scan the table anyway; forbidding that shows the index can serve the query.
    const plan = await t.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT kind, count(*)::int AS count, extract(epoch FROM now() - min(created_at))::float8
           FROM outbox_messages WHERE status IN ('queued', 'sending') GROUP BY kind`,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('outbox_messages_waiting');
    expect(plan).not.toContain('Seq Scan');
  });
});
