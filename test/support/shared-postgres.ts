import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/open-database';
import { startPostgres, type PostgresServer } from './postgres';

/**
 * One PostgreSQL server for a whole Vitest run (test/global-setup.ts), and a database of its own
 * for each test file, copied from a migrated template. Starting a server of its own (initdb, start)
 * costs a file about 4 s of CPU; a copy of the template costs a tenth of that. A test that stops or
 * kills its server (an outage) still starts one of its own: `openTestDatabase(kind, { ownServer })`.
 */
export const TEMPLATE_DATABASE = 'care_audit_template';

/** What test files are handed (by Vitest's provide/inject): the shared server's superuser address. */
export interface SharedPostgres {
  adminUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    sharedPostgres: SharedPostgres;
  }
}

// Workers run side by side, each with its app's pool of 10 and servers of their own (three
// instances in the multi-instance test): PostgreSQL's default of 100 connections is too few.
const MAX_CONNECTIONS = 400;

function withDatabase(url: string, database: string): string {
  const address = new URL(url);
  address.pathname = `/${database}`;
  return address.toString();
}

async function asAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Starts the run's server and migrates its template database. */
export async function startSharedPostgres(
  dataDir: string,
): Promise<{ server: PostgresServer; shared: SharedPostgres }> {
  const server = await startPostgres({ maxConnections: MAX_CONNECTIONS });
  await asAdmin(server.url, (client) => client.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`));
  const template = await openDatabase({ databaseUrl: withDatabase(server.url, TEMPLATE_DATABASE), dataDir });
  // Closed, so that no session holds the template: PostgreSQL copies only a database nobody uses.
  await template.close();
  return { server, shared: { adminUrl: server.url } };
}

/** A new database on the shared server, a copy of the migrated template, and how to drop it. */
export async function createTestDatabase(
  shared: SharedPostgres,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `care_audit_test_${randomBytes(6).toString('hex')}`;
  await asAdmin(shared.adminUrl, (client) =>
    client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`),
  );
  return {
    url: withDatabase(shared.adminUrl, name),
    // FORCE: a server process the test killed may have left sessions that PostgreSQL has not ended yet.
    drop: async () => {
      await asAdmin(shared.adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}
