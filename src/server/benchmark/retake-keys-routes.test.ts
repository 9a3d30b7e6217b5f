import { randomUUID } from 'node:crypto';
import type { SendMailOptions } from 'nodemailer';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StoredResults } from '../../shared/results-link';
import type { SavedAudit } from '../../shared/saved-audit';
import { eraseAddress } from '../leads/lead-records';
import { answersScoring, auditBody, postAudit } from '../../../test/support/audit-fixtures';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { postEmailRequest, postJson, validBody } from '../../../test/support/requests';
import { useTestDatabase } from '../../../test/support/suite-database';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';
import { until } from '../../../test/support/until';

const PUBLIC_URL = 'https://audit.example.org';
const RESULTS_LINK = /\/results\/([A-Za-z0-9_-]{43})/;
const CONTINUE_LINK = /\/audit-tool\/continue\/([A-Za-z0-9_-]{43})/;

/**
 * The key of a result's anonymous audit travels with the result and a saved retake (decision 0062):
 * the e-mail request keeps it, the results link gives it back for "Retake with these answers", a
 * saved retake keeps it for the audit continued from its link, and the retake's audit names it.
 */
describe.each(DATABASE_KINDS)('a retake names its audit through the links, on %s', (kind) => {
  const t = useTestDatabase(kind, { emptyBeforeEach: true });
  const sent: SendMailOptions[] = [];
  const server = useTestApp(
    () => ({
      config: testConfig({
        ...apiOnlyEnv(t.dataDir),
        PUBLIC_URL,
        RATE_LIMIT_PER_CLIENT: '1000',
        RATE_LIMIT_PER_RECIPIENT: '1000',
        RATE_LIMIT_AUDITS_PER_CLIENT: '1000',
      }),
      deps: {
        db: t.db,
        mailTransport: {
          description: 'memory',
          send: async (message) => void sent.push(message),
          close: () => undefined,
        },
        renderPdf: async () => new Uint8Array([37, 80, 68, 70]),
      },
    }),
    { ready: true },
  );
  beforeEach(() => {
    sent.length = 0;
  });

  /** The token of the first link `pattern` finds in a message to `address`, once it is sent. */
  async function linkSentTo(address: string, pattern: RegExp): Promise<string> {
    const find = () =>
      sent.filter((m) => m.to === address).flatMap((m) => pattern.exec(String(m.text))?.[1] ?? [])[0];
    await until(() => find() !== undefined);
    return find() ?? '';
  }

  /** An audit completed, sent to the benchmark and by e-mail with its key; the results link's token. */
  async function completeAndEmail(address: string, score: number, extra: Record<string, unknown> = {}) {
    const audit = auditBody({ responses: answersScoring(score) });
    expect((await postAudit(server.app, { ...audit, ...extra })).statusCode).toBe(202);
    const emailed = await postEmailRequest(
      server.app,
      validBody({ email: address, responses: audit.responses, auditKey: audit.idempotencyKey, ...extra }),
    );
    expect(emailed.statusCode).toBe(202);
    return { key: String(audit.idempotencyKey), token: await linkSentTo(address, RESULTS_LINK) };
  }

  const results = async (token: string) =>
    (await server.app.inject({ url: `/api/results/${token}` })).json<StoredResults>();
  const countedOveralls = async () =>
    (
      await t.db.query<{ overall: number }>(
        'SELECT overall_score::int AS overall FROM completed_audits WHERE replaced_by IS NULL ORDER BY 1',
      )
    ).rows.map((row) => row.overall);

  it('keeps the audit’s key with the result, gives it back on its link, and a retake from the link replaces that audit', async () => {
    const first = await completeAndEmail('first@example.org', 40);
    expect(await results(first.token)).toMatchObject({ auditKey: first.key });

    // "Retake with these answers" on that page: the retake's audit names the key the page gave.
    // (Another address, so its own link is told apart in the sent mail; a chain holds any address.)
    const retake = await completeAndEmail('second@example.org', 80, {
      retakes: first.key,
      retakeOf: first.token,
    });
    expect(await countedOveralls()).toEqual([80]);
    expect(await results(retake.token)).toMatchObject({ auditKey: retake.key });
    expect((await results(retake.token)).history.total).toBe(2);
  });

  it('gives no key for a result e-mailed without one, and refuses a malformed one with 400, storing nothing', async () => {
    expect((await postEmailRequest(server.app, validBody({ email: 'plain@example.org' }))).statusCode).toBe(
      202,
    );
    const token = await linkSentTo('plain@example.org', RESULTS_LINK);
    expect(await results(token)).not.toHaveProperty('auditKey');

    const malformed = await postEmailRequest(
      server.app,
      validBody({ email: 'bad.key@example.org', auditKey: 'not-a-key' }),
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ auditKey: 'auditKey must be an audit’s key, a UUID' });
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM email_requests WHERE email = 'bad.key@example.org'`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('forgets the result’s key when its address is erased: the audit it named is anonymous again', async () => {
    const first = await completeAndEmail('erase.me@example.org', 40);
    await completeAndEmail('keep.me@example.org', 60);
    await eraseAddress(t.db, 'erase.me@example.org', 'command line (test)');
    const { rows } = await t.db.query<{ key: string }>(
      'SELECT audit_key::text AS key FROM result_audit_keys ORDER BY 1',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.key).not.toBe(first.key);
    // The audit itself stays counted: it holds nothing of the address.
    expect(await countedOveralls()).toEqual([40, 60]);
  });

  it('keeps a saved retake’s key for the audit continued from its link, and empties it once completed', async () => {
    const first = await completeAndEmail('saver@example.org', 40);
    const save = {
      email: 'saver@example.org',
      responses: { operational: answersScoring(60).operational },
      section: 1,
      website: '',
      retakeOf: first.token,
      retakesAudit: first.key,
    };
    expect((await postJson(server.app, '/api/saved-audits', save)).statusCode).toBe(202);
    const continueToken = await linkSentTo('saver@example.org', CONTINUE_LINK);
    const opened = (
      await server.app.inject({ url: `/api/saved-audits/${continueToken}` })
    ).json<SavedAudit>();
    expect(opened.retakesAudit).toBe(first.key);

    // The continued audit, completed, names it as a retake from the results page would.
    expect(
      (await postAudit(server.app, { ...auditBody({ responses: answersScoring(72) }), retakes: first.key }))
        .statusCode,
    ).toBe(202);
    expect(await countedOveralls()).toEqual([72]);
    const completed = await server.app.inject({
      method: 'POST',
      url: `/api/saved-audits/${continueToken}/completed`,
      headers: { origin: PUBLIC_URL },
    });
    expect(completed.statusCode).toBeLessThan(300);
    const { rows } = await t.db.query<{ retakes_audit: string | null }>(
      'SELECT retakes_audit FROM saved_audits',
    );
    expect(rows).toEqual([{ retakes_audit: null }]);
  });

  it('refuses a saved audit whose retaken key is malformed with 400, storing nothing', async () => {
    const res = await postJson(server.app, '/api/saved-audits', {
      email: 'saver@example.org',
      responses: { operational: answersScoring(60).operational },
      section: 1,
      website: '',
      retakesAudit: `${randomUUID()}0`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      retakesAudit: 'retakesAudit must be an audit’s key, a UUID',
    });
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM saved_audits');
    expect(rows[0]?.n).toBe(0);
  });
});
