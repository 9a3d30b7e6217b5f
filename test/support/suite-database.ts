import { afterAll, beforeAll, beforeEach } from 'vitest';
import { openTestDatabase, type DatabaseKind, type TestDatabase } from './databases';

/**
 * The database of a describe block: opened once before its tests, emptied before each of them (a
 * test file's own beforeEach hooks run after this one, on the empty database) and closed after the
 * last. The object stands for the open database from beforeAll on; using it earlier throws.
 *
 * `{ emptyBeforeEach: false }` keeps the rows from test to test, for a block whose tests build on
 * one another or empty only the tables they use.
 *
 * PGlite is held in memory: the block uses its database through `db`, in this process, and the
 * app it builds is given that `db` (`dataDir` is still a folder of its own, for DATA_DIR).
 */
export function useTestDatabase(
  kind: DatabaseKind,
  { emptyBeforeEach = true }: { emptyBeforeEach?: boolean } = {},
): TestDatabase {
  let opened: TestDatabase | undefined;
  const current = (): TestDatabase => {
    if (opened === undefined)
      throw new Error('The test database opens in beforeAll: use it in a test or hook');
    return opened;
  };
  beforeAll(async () => {
    opened = await openTestDatabase(kind);
  });
  if (emptyBeforeEach) {
    beforeEach(async () => {
      await current().reset();
    });
  }
  afterAll(async () => {
    await opened?.destroy();
  });
  return {
    kind,
    get db() {
      return current().db;
    },
    get dataDir() {
      return current().dataDir;
    },
    get server() {
      return current().server;
    },
    get url() {
      return current().url;
    },
    reset: () => current().reset(),
    destroy: () => current().destroy(),
  };
}
