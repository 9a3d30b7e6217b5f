import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { useTestDatabase } from '../../../test/support/suite-database';
import { commandLineActor } from '../activity/team-activity';
import {
  activityLog,
  addWebhookMessage,
  daysAgo,
  messageRow,
  setMessageState,
  storeFailedSignIn,
  storeLead,
  TEAM_ADDRESS,
} from '../../../test/support/lead-fixtures';
import { sessionCookieName } from '../team-sign-in/team-auth';
import { createSession } from '../team-sign-in/team-sessions';
import { teamRequest } from '../../../test/support/team-sign-in';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';
import { failedMessages, notRetryableReason, retryFailedMessage } from './failed-messages';
import { claimDue } from './outbox-store';

const ACTOR = 'member@care-audit.example';

describe.each(DATABASE_KINDS)('failed messages on %s', (kind) => {
  const t = useTestDatabase(kind);

  describe('failedMessages and retryFailedMessage', () => {
    it('lists failed messages with their last error, and a retry queues one with a fresh set of attempts', async () => {
      const a = await storeLead(t.db, { email: 'a@example.org', team: true, createdAt: daysAgo(2) });
      const b = await storeLead(t.db, { email: 'b@example.org', createdAt: daysAgo(1) });
      const failedTeam = await setMessageState(t.db, a, 'team', {
        status: 'failed',
        attempts: 8,
        lastError: 'Error: connect ECONNREFUSED',
      });
      await setMessageState(t.db, a, 'visitor', { status: 'sent', attempts: 1, sentAt: new Date() });
      const failedVisitor = await setMessageState(t.db, b, 'visitor', {
        status: 'failed',
        attempts: 1,
        lastError: 'Error: 550 mailbox unavailable',
      });

      const failed = await failedMessages(t.db);
      expect(failed).toEqual([
        {
          id: failedTeam,
          requestId: a,
          kind: 'team',
          recipient: TEAM_ADDRESS,
          attempts: 8,
          lastError: 'Error: connect ECONNREFUSED',
          createdAt: expect.any(Date),
        },
        {
          id: failedVisitor,
          requestId: b,
          kind: 'visitor',
          recipient: 'b@example.org',
          attempts: 1,
          lastError: 'Error: 550 mailbox unavailable',
          createdAt: expect.any(Date),
        },
      ]);
      expect(failed[0]?.createdAt.getTime()).toBeLessThan(failed[1]?.createdAt.getTime() ?? 0);

      expect(await retryFailedMessage(t.db, failedTeam.toUpperCase(), ACTOR)).toEqual({
        outcome: 'queued',
        message: { id: failedTeam, kind: 'team', recipient: TEAM_ADDRESS },
      });
      const row = await messageRow(t.db, failedTeam);
      expect(row).toMatchObject({ status: 'queued', attempts: 0, last_error: 'Error: connect ECONNREFUSED' });
      expect(row?.next_attempt_at.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
      expect((await failedMessages(t.db)).map((m) => m.id)).toEqual([failedVisitor]);

      // What a server's worker does at its next poll: the message is due, on its first attempt again.
      const claimed = await claimDue(t.db, 'worker-b', { limit: 10, leaseMs: 60_000, maxAttempts: 8 });
      expect(claimed.map((m) => [m.id, m.attempts])).toEqual([[failedTeam, 1]]);
    });

    it('retries nothing that is not failed, and says why', async () => {
      const id = await storeLead(t.db, { email: 'c@example.org' });
      const sent = await setMessageState(t.db, id, 'visitor', {
        status: 'sent',
        attempts: 1,
        sentAt: new Date(),
      });
      expect(await retryFailedMessage(t.db, sent, ACTOR)).toEqual({ outcome: 'not_failed', status: 'sent' });
      expect(await messageRow(t.db, sent)).toMatchObject({ status: 'sent', attempts: 1 });
      expect(await retryFailedMessage(t.db, '00000000-0000-4000-8000-000000000000', ACTOR)).toEqual({
        outcome: 'not_found',
      });
      expect(await retryFailedMessage(t.db, 'not-a-uuid', ACTOR)).toEqual({ outcome: 'not_found' });
      // Only a retry that queued something is an action to record.
      expect(await activityLog(t.db)).toEqual([]);
    });

    it('records a retry with its actor, the message id and kind, and no address', async () => {
      const id = await storeLead(t.db, { email: 'd@example.org' });
      const failed = await setMessageState(t.db, id, 'visitor', {
        status: 'failed',
        attempts: 8,
        lastError: 'Error: 421 try later',
      });
      const cli = commandLineActor('alice');
      expect((await retryFailedMessage(t.db, failed, cli)).outcome).toBe('queued');
      expect(await activityLog(t.db)).toEqual([
        { actor: cli, action: 'retry', subject: failed, detail: 'visitor message' },
      ]);
    });

    it('does not retry a failed "continue later" e-mail, whose link was discarded, and says what to do', async () => {
      const { rows } = await t.db.query<{ id: string }>(
        `WITH saved AS (
           INSERT INTO saved_audits (token_hash, email, email_normalized, recipient_key, section, responses)
           VALUES (sha256('a continue token'::bytea), 'visitor@example.org', 'visitor@example.org',
                   'visitor@example.org', 2, '{}'::jsonb)
           RETURNING id)
         INSERT INTO outbox_messages (saved_audit_id, kind, recipient, status, attempts, last_error)
         SELECT id, 'continue', 'visitor@example.org', 'failed', 8, 'Error: 550 no mailbox' FROM saved
         RETURNING id`,
      );
      const continueMessage = rows[0]!.id;
      expect(await retryFailedMessage(t.db, continueMessage, ACTOR)).toEqual({
        outcome: 'not_retryable',
        kind: 'continue',
      });
      expect(await messageRow(t.db, continueMessage)).toMatchObject({ status: 'failed', attempts: 8 });
      expect(notRetryableReason('continue')).toMatch(/save the audit again/);
      expect(await activityLog(t.db)).toEqual([]);
    });

    it('lists every kind (webhook and sign-in link too) and retries a webhook, but not a sign-in link', async () => {
      const lead = await storeLead(t.db, { email: 'e@example.org', createdAt: daysAgo(1) });
      const webhook = await addWebhookMessage(t.db, lead, 'https://hooks.example.test/catch');
      await t.db.query(
        // An hour older than the sign-in link below: both would otherwise be stamped now(), and
        // PGlite's clock can give two statements the same instant, which leaves the order to the ids.
        `UPDATE outbox_messages SET status = 'failed', attempts = 3, last_error = 'HTTP 500',
                created_at = now() - interval '1 hour'
          WHERE id = $1`,
        [webhook],
      );
      const signIn = await storeFailedSignIn(t.db, 'member@care-audit.example');

      const failed = await failedMessages(t.db);
      expect(failed.map((m) => [m.id, m.kind, m.requestId, m.recipient])).toEqual([
        // WEBHOOK_URL's host alone: its path or query can hold the receiver's secret.
        [webhook, 'webhook', lead, 'hooks.example.test'],
        [signIn, 'sign_in', null, 'member@care-audit.example'],
      ]);

      expect(await retryFailedMessage(t.db, signIn, ACTOR)).toEqual({
        outcome: 'not_retryable',
        kind: 'sign_in',
      });
      expect(await messageRow(t.db, signIn)).toMatchObject({ status: 'failed', attempts: 8 });
      expect(await retryFailedMessage(t.db, webhook, ACTOR)).toEqual({
        outcome: 'queued',
        message: { id: webhook, kind: 'webhook', recipient: 'hooks.example.test' },
      });
      expect(await activityLog(t.db)).toEqual([
        { actor: ACTOR, action: 'retry', subject: webhook, detail: 'webhook message' },
      ]);
    });

    it("shows a webhook's host alone, whatever secret its URL carries, and keeps the whole URL to send to", async () => {
      const lead = await storeLead(t.db, { email: 'f@example.org' });
      const url =
        'https://zap:pass-w0rd@hooks.example.test:8443/hooks/catch/123/s3cr3t-T0ken/?key=k3y-S3cret#frag';
      const webhook = await addWebhookMessage(t.db, lead, url);
      await t.db.query(`UPDATE outbox_messages SET status = 'failed', attempts = 1 WHERE id = $1`, [webhook]);

      const [failed] = await failedMessages(t.db);
      expect(failed?.recipient).toBe('hooks.example.test:8443');
      expect(JSON.stringify(await failedMessages(t.db))).not.toMatch(/s3cr3t|k3y|pass-w0rd|zap/);
      const retried = await retryFailedMessage(t.db, webhook, ACTOR);
      expect(retried).toMatchObject({ outcome: 'queued', message: { recipient: 'hooks.example.test:8443' } });
      expect(JSON.stringify(retried)).not.toMatch(/s3cr3t|k3y|pass-w0rd/);
      // The outbox still posts to the whole URL.
      expect(await messageRow(t.db, webhook)).toMatchObject({ status: 'queued' });
      const { rows } = await t.db.query<{ recipient: string }>(
        'SELECT recipient FROM outbox_messages WHERE id = $1',
        [webhook],
      );
      expect(rows[0]?.recipient).toBe(url);
    });
  });

  describe('GET /api/team/failed', () => {
    const config = () => testConfig({ ...apiOnlyEnv(t.dataDir), TEAM_EMAILS: ACTOR });
    const server = useTestApp(() => ({ config: config(), deps: { db: t.db } }));

    it("shows the team a failed webhook's host, never its URL, and only with a session", async () => {
      const lead = await storeLead(t.db, { email: 'g@example.org' });
      const webhook = await addWebhookMessage(
        t.db,
        lead,
        'https://hooks.example.test/catch/9/T0p-S3cret?k=S3cret2',
      );
      await t.db.query(`UPDATE outbox_messages SET status = 'failed', attempts = 8 WHERE id = $1`, [webhook]);

      expect((await teamRequest(server.app, 'GET', '/api/team/failed')).statusCode).toBe(401);
      const { secret } = await createSession(t.db, ACTOR);
      const cookie = `${sessionCookieName(config().publicUrl)}=${secret}`;
      const res = await teamRequest(server.app, 'GET', '/api/team/failed', { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json().messages).toEqual([
        expect.objectContaining({ id: webhook, kind: 'webhook', recipient: 'hooks.example.test' }),
      ]);
      expect(res.body).not.toMatch(/S3cret|catch/);
    });
  });
});
