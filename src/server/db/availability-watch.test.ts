import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchAvailability } from './availability-watch';
import { openTestDatabase, type TestDatabase } from '../../../test/support/databases';

describe('a database watched for its availability', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it('reports calls that succeed and calls that meet an outage, and not errors of the query', async () => {
    const outcomes: string[] = [];
    const db = watchAvailability(t.db, {
      failed: (error) => outcomes.push(`failed: ${(error as Error).name}`),
      succeeded: () => outcomes.push('succeeded'),
    });
    expect(db.kind).toBe('pglite');
    await db.query('SELECT 1');
    await db.transaction((tx) => tx.query('SELECT 1'));
    await db.runScript('SELECT 1;');
    await expect(db.query('SELECT * FROM no_such_table')).rejects.toThrow(/no_such_table/);
    expect(outcomes).toEqual(['succeeded', 'succeeded', 'succeeded']);

    // Closed under it, as an outage looks to a caller.
    await t.db.close();
    await expect(db.query('SELECT 1')).rejects.toThrow();
    await expect(db.transaction((tx) => tx.query('SELECT 1'))).rejects.toThrow();
    expect(outcomes.slice(3)).toEqual([
      'failed: DatabaseUnavailableError',
      'failed: DatabaseUnavailableError',
    ]);
  });
});
