import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSharedPostgres } from './support/shared-postgres';

/**
 * Before any test file: the one PostgreSQL server the run's test files share, each in a database of
 * its own (test/support/shared-postgres.ts). After the last: stopped and deleted.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'care-audit-shared-pg-'));
  const { server, shared } = await startSharedPostgres(dataDir);
  project.provide('sharedPostgres', shared);
  return async () => {
    await server.destroy();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
