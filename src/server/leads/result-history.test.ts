import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_HISTORY, buildReport, isoDate, sanitizeResponses, type AreaId } from '../../core';
import { storeEmailRequest } from './email-requests';
import { eraseAddress, purgeExpiredRequests } from './lead-records';
import { MAX_CHAIN_STEPS, readResultHistory } from './result-history';
import { answersScoring } from '../../../test/support/audit-fixtures';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';

// The default retention period, so the boundary tested is the one a real deployment has.
const RETENTION_DAYS = 365;

describe.each(DATABASE_KINDS)('the chain of a result’s retakes on %s', (kind) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });
  beforeEach(() => t.reset());

  /**
   * Stores a request as the e-mail route does, every area scoring `score` (a multiple of 4 from 20
   * to 100) or as given, retaken from `previous`; then moves it `daysAgo` days back. Resolves with its id.
   */
  async function store(
    options: {
      score?: number | Partial<Record<AreaId, number>>;
      previous?: string;
      daysAgo?: number;
      email?: string;
    } = {},
  ): Promise<string> {
    const responses = sanitizeResponses(answersScoring(options.score ?? 60));
    const email = options.email ?? 'manager@care-home.example';
    const result = await storeEmailRequest(
      t.db,
      {
        email,
        note: null,
        responses,
        report: buildReport(responses),
        previousRequestId: options.previous,
      },
      { visitor: email, team: undefined },
      { max: 100_000, windowMs: 60_000 },
    );
    if (!result.stored) throw new Error('the request was rate-limited');
    if (options.daysAgo !== undefined) await age(result.id, `${options.daysAgo} days`);
    return result.id;
  }

  const age = (id: string, interval: string) =>
    t.db.query(`UPDATE email_requests SET created_at = now() - $2::interval WHERE id = $1`, [id, interval]);

  /** A chain of `length` requests, the first `length` days ago and one a day since; resolves with their ids. */
  async function chain(length: number, score = (i: number) => 20 + 4 * (i % 21)): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < length; i++) {
      ids.push(await store({ score: score(i), previous: ids.at(-1), daysAgo: length - i }));
    }
    return ids;
  }

  const dayAgo = (days: number) => isoDate(new Date(Date.now() - days * 86_400_000));
  const history = (id: string) => readResultHistory(t.db, id, RETENTION_DAYS);

  it('gives a result alone as itself: its day, its stored scores and overall, nothing later', async () => {
    const id = await store({
      score: { operational: 100, compliance: 20, quality: 52, training: 68, data: 32 },
    });
    expect(await history(id)).toEqual({
      entries: [
        {
          takenOn: isoDate(new Date()),
          scores: { operational: 100, compliance: 20, quality: 52, training: 68, data: 32 },
          overall: 54,
        },
      ],
      total: 1,
      laterResults: false,
    });
  });

  it('follows a retake back to its first result, oldest first, and says on the earlier ones that a later one exists', async () => {
    const [first, second, third] = await chain(3, (i) => [20, 100, 60][i] ?? 0);
    const expected = [
      { takenOn: dayAgo(3), scores: answersScores(20), overall: 20 },
      { takenOn: dayAgo(2), scores: answersScores(100), overall: 100 },
      { takenOn: dayAgo(1), scores: answersScores(60), overall: 60 },
    ];
    expect(await history(third!)).toEqual({ entries: expected, total: 3, laterResults: false });
    // An earlier link shows the chain up to itself, and that it was retaken since.
    expect(await history(second!)).toEqual({ entries: expected.slice(0, 2), total: 2, laterResults: true });
    expect(await history(first!)).toEqual({ entries: expected.slice(0, 1), total: 1, laterResults: true });
  });

  it(`keeps the latest ${MAX_HISTORY} of a chain of 14, and counts all 14`, async () => {
    const ids = await chain(14);
    const found = await history(ids.at(-1)!);
    expect(found.total).toBe(14);
    expect(found.entries).toHaveLength(MAX_HISTORY);
    // The two oldest are the ones left out: 14 and 13 days ago.
    expect(found.entries.map((e) => e.takenOn)).toEqual(
      Array.from({ length: MAX_HISTORY }, (_, i) => dayAgo(MAX_HISTORY - i)),
    );
    expect(found.entries.map((e) => e.overall)).toEqual(
      Array.from({ length: MAX_HISTORY }, (_, i) => 20 + 4 * ((i + 2) % 21)),
    );
    // Twelve exactly: all of them, nothing left out.
    const twelve = await history(ids[11]!);
    expect(twelve).toMatchObject({ total: 12, laterResults: true });
    expect(twelve.entries).toHaveLength(12);
  });

  it(`stops after ${MAX_CHAIN_STEPS} steps back, however long the chain`, async () => {
    // Built in one statement (storing 1,005 requests one by one would take minutes on PGlite).
    const { rows } = await t.db.query<{ id: string }>(
      `WITH ids AS (SELECT gen_random_uuid() AS id, g FROM generate_series(1, $1::int) g)
       INSERT INTO email_requests (id, email, email_normalized, responses, operational_score,
              compliance_score, quality_score, training_score, data_score, overall_score, created_at,
              previous_request_id)
       SELECT id, 'long@example.org', 'long@example.org', '{}', 40, 40, 40, 40, 40, 40,
              now() - ($1::int - g) * interval '1 minute', lag(id) OVER (ORDER BY g)
         FROM ids ORDER BY g
       RETURNING id`,
      [MAX_CHAIN_STEPS + 5],
    );
    const found = await history(rows.at(-1)!.id);
    expect(found.total).toBe(MAX_CHAIN_STEPS);
    expect(found.entries).toHaveLength(MAX_HISTORY);
  });

  it('ends a chain that comes round again (edited by hand): each result once', async () => {
    const [first, second] = await chain(2);
    await t.db.query('UPDATE email_requests SET previous_request_id = $2 WHERE id = $1', [first, second]);
    const found = await history(second!);
    expect(found.total).toBe(2);
    expect(found.entries.map((e) => e.takenOn)).toEqual([dayAgo(2), dayAgo(1)]);
  });

  describe(`across the retention boundary (${RETENTION_DAYS} days)`, () => {
    it('keeps an earlier result a second inside it, and drops one a second past it, before the purge and after', async () => {
      const first = await store({ score: 20 });
      const second = await store({ score: 100, previous: first });
      await age(first, `${RETENTION_DAYS} days -1 second`);
      expect(await history(second)).toMatchObject({ total: 2 });

      await age(first, `${RETENTION_DAYS} days 1 second`);
      // Still stored, not yet purged: not shown all the same.
      expect((await t.db.query('SELECT 1 FROM email_requests WHERE id = $1', [first])).rowCount).toBe(1);
      expect(await history(second)).toEqual({
        entries: [{ takenOn: isoDate(new Date()), scores: answersScores(100), overall: 100 }],
        total: 1,
        laterResults: false,
      });
      // The expired one has no chain of its own either, and does not count the later one as its own.
      expect(await history(first)).toEqual({ entries: [], total: 0, laterResults: false });

      expect(await purgeExpiredRequests(t.db, RETENTION_DAYS)).toMatchObject({ requests: 1 });
      const { rows } = await t.db.query<{ previous_request_id: string | null }>(
        'SELECT previous_request_id FROM email_requests WHERE id = $1',
        [second],
      );
      expect(rows).toEqual([{ previous_request_id: null }]);
      expect(await history(second)).toMatchObject({ total: 1, laterResults: false });
    });

    it('stops at the first result past it, whatever it points at', async () => {
      const ids = await chain(4);
      // Only the second is past it (by hand: the one before it is older in life): the walk stops
      // there rather than skip over it to the first.
      await age(ids[1]!, `${RETENTION_DAYS} days 1 second`);
      expect(await history(ids[3]!)).toMatchObject({ total: 2 });
    });
  });

  it('starts a chain after a result whose address was erased, and has none for the erased one', async () => {
    const first = await store({ email: 'first@example.org', score: 20, daysAgo: 2 });
    const middle = await store({ email: 'erase.me@example.org', score: 60, previous: first, daysAgo: 1 });
    const last = await store({ email: 'first@example.org', score: 100, previous: middle });
    expect(await history(last)).toMatchObject({ total: 3 });
    await eraseAddress(t.db, 'erase.me@example.org', 'command line (test)');
    expect(await history(last)).toEqual({
      entries: [{ takenOn: isoDate(new Date()), scores: answersScores(100), overall: 100 }],
      total: 1,
      laterResults: false,
    });
    expect(await history(middle)).toEqual({ entries: [], total: 0, laterResults: false });
    // The first result no longer has a later one: the link between them went with the erased one.
    expect(await history(first)).toMatchObject({ total: 1, laterResults: false });
  });

  it('has no chain for an id it does not know', async () => {
    await store();
    expect(await history('00000000-0000-4000-8000-000000000000')).toEqual({
      entries: [],
      total: 0,
      laterResults: false,
    });
  });

  describe('storing a retake', () => {
    it('keeps the earlier result it was given', async () => {
      const first = await store();
      const second = await store({ previous: first });
      const { rows } = await t.db.query<{ previous_request_id: string | null }>(
        'SELECT previous_request_id FROM email_requests WHERE id = $1',
        [second],
      );
      expect(rows).toEqual([{ previous_request_id: first }]);
    });

    it('stores the request unlinked when the earlier result has gone meanwhile, rather than refuse it', async () => {
      const first = await store({ email: 'gone@example.org' });
      await eraseAddress(t.db, 'gone@example.org', 'command line (test)');
      const second = await store({ previous: first });
      const { rows } = await t.db.query<{ previous_request_id: string | null }>(
        'SELECT previous_request_id FROM email_requests WHERE id = $1',
        [second],
      );
      expect(rows).toEqual([{ previous_request_id: null }]);
    });

    it('cannot point a request at itself (the table’s CHECK)', async () => {
      const id = await store();
      await expect(
        t.db.query('UPDATE email_requests SET previous_request_id = id WHERE id = $1', [id]),
      ).rejects.toThrow(/check constraint/);
    });
  });
});

/** Every area at `score`, as the history gives a result whose answers all score it. */
function answersScores(score: number): Record<AreaId, number> {
  return { operational: score, compliance: score, quality: score, training: score, data: score };
}
