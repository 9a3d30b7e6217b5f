import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from './app';
import { openTestDatabase, type TestDatabase } from '../../test/support/databases';
import { openRawConnection, statusOf } from '../../test/support/raw-http';
import { apiOnlyEnv, testConfig } from '../../test/support/test-config';

/**
 * A client that sends a request a byte at a time holds a connection for as long as the server lets
 * it. These talk to a real listening server over bare sockets, at the pace such a client keeps.
 * They run at once (about 32 s in all, the request limit's own length).
 */

// Node looks for overdue requests once a second, and the machine may be busy: a cut may come a
// little late, never early.
const LATE_MARGIN_MS = 3_500;
const EARLY_MARGIN_MS = 500;
const BYTE_EVERY_MS = 1_000;

const HEAD = 'POST /api/events HTTP/1.1\r\nHost: care-audit.test\r\nContent-Type: application/json\r\n';
const EVENT = JSON.stringify({ event: 'started' });

describe.concurrent('slow clients', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    t = await openTestDatabase('pglite', { onDisk: true });
    app = await buildApp(testConfig(apiOnlyEnv(t.dataDir)), { db: t.db });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await t?.destroy();
  });

  it(
    'are cut when their headers take longer than the headers limit',
    async () => {
      const connection = await openRawConnection(port);
      // Never a complete header block: a header line longer than the limit lasts, at a byte a second.
      void connection.trickle(`${HEAD}X-Slow: ${'a'.repeat(60)}`, BYTE_EVERY_MS);
      const { response, afterMs } = await connection.closed;
      expect(statusOf(response)).toBe(408);
      expect(afterMs).toBeGreaterThan(HEADERS_TIMEOUT_MS - EARLY_MARGIN_MS);
      expect(afterMs).toBeLessThan(HEADERS_TIMEOUT_MS + LATE_MARGIN_MS);
    },
    HEADERS_TIMEOUT_MS + 10_000,
  );

  it(
    'are cut when the whole request takes longer than the request limit, though the headers came at once',
    async () => {
      const connection = await openRawConnection(port);
      await connection.send(`${HEAD}Content-Length: 100\r\n\r\n`);
      void connection.trickle(`{"event":"started","padding":"${'p'.repeat(100)}`, BYTE_EVERY_MS);
      const { response, afterMs } = await connection.closed;
      expect(statusOf(response)).toBe(408);
      expect(afterMs).toBeGreaterThan(REQUEST_TIMEOUT_MS - EARLY_MARGIN_MS);
      expect(afterMs).toBeLessThan(REQUEST_TIMEOUT_MS + LATE_MARGIN_MS);
    },
    REQUEST_TIMEOUT_MS + 10_000,
  );

  it('are served when slow but within the limits (headers and body over about 2 s)', async () => {
    const connection = await openRawConnection(port);
    const started = performance.now();
    const request = `${HEAD}Content-Length: ${EVENT.length}\r\nConnection: close\r\n\r\n${EVENT}`;
    await connection.trickle(request, 2_000 / request.length);
    const { response } = await connection.closed;
    expect(performance.now() - started).toBeGreaterThan(1_900);
    expect(statusOf(response)).toBe(204);
  });

  it(
    'are cut when they open a connection and send nothing',
    async () => {
      const connection = await openRawConnection(port);
      const { afterMs } = await connection.closed;
      expect(afterMs).toBeLessThan(HEADERS_TIMEOUT_MS + LATE_MARGIN_MS);
    },
    HEADERS_TIMEOUT_MS + 10_000,
  );
});
