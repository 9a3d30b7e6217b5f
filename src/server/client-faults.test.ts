import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { openTestDatabase, type TestDatabase } from '../../test/support/databases';
import { openRawConnection, statusOf } from '../../test/support/raw-http';
import { validBody } from '../../test/support/requests';
import { apiOnlyEnv, testConfig } from '../../test/support/test-config';

/**
 * A request the client breaks or abandons is the client's doing, not a fault of ours: logged at
 * info, never at warn or error (issue 22 found each logged as "request failed" at error level).
 * A real listening server, over bare sockets, since fetch sends neither.
 */

interface LogLine {
  level: number;
  msg: string;
}
const WARN = 40;

const LIMITED_ROUTE = '/api/email-results';
const head = (extra: string) =>
  `POST ${LIMITED_ROUTE} HTTP/1.1\r\nHost: care-audit.test\r\nContent-Type: application/json\r\n${extra}\r\n`;

describe('requests the client breaks or abandons', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let port: number;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    t = await openTestDatabase('pglite');
    app = await buildApp(testConfig({ ...apiOnlyEnv(t.dataDir), LOG_LEVEL: 'info' }), {
      db: t.db,
      logStream: { write: (line) => lines.push(JSON.parse(line) as LogLine) },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await t?.destroy();
  });
  beforeEach(() => {
    lines.length = 0;
  });

  /**
   * The lines logged about one request once the server has dealt with it: a request nobody waits
   * for has no 'request completed' line, so this waits for any line after 'incoming request', and a
   * little longer for whatever follows it.
   */
  async function linesOfOneRequest(): Promise<LogLine[]> {
    const deadline = Date.now() + 5_000;
    while (!lines.some((line) => line.msg !== 'incoming request') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    await new Promise((r) => setTimeout(r, 300));
    return [...lines];
  }

  it('an invalid chunked body is answered 400 and logged at info', async () => {
    const connection = await openRawConnection(port);
    await connection.send(head('Transfer-Encoding: chunked\r\n'));
    await connection.send('5\r\n{"ema\r\nnot-a-chunk-size\r\n');
    const { response } = await connection.closed;
    expect(statusOf(response)).toBe(400);
    const logged = await linesOfOneRequest();
    expect(logged.filter((line) => line.level >= WARN)).toEqual([]);
    expect(logged.map((line) => line.msg)).toContain('request ended by the client');
  });

  it('a client that sends half a body and hangs up is logged at info', async () => {
    const connection = await openRawConnection(port);
    const body = JSON.stringify(validBody());
    await connection.send(head(`Content-Length: ${body.length}\r\n`));
    await connection.send(body.slice(0, body.length / 2));
    // Let the server start reading the body, so the hang-up comes mid-request.
    await new Promise((r) => setTimeout(r, 200));
    connection.hangUp();
    await connection.closed;
    const logged = await linesOfOneRequest();
    expect(logged.filter((line) => line.level >= WARN)).toEqual([]);
    expect(logged.map((line) => line.msg)).toContain('request ended by the client');
  });

  it('a client that hangs up mid-chunk is logged at info too', async () => {
    const connection = await openRawConnection(port);
    await connection.send(head('Transfer-Encoding: chunked\r\n'));
    await connection.send('40\r\n{"email":"someone@');
    await new Promise((r) => setTimeout(r, 200));
    connection.hangUp();
    await connection.closed;
    const logged = await linesOfOneRequest();
    expect(logged.filter((line) => line.level >= WARN)).toEqual([]);
    expect(logged.map((line) => line.msg)).toContain('request ended by the client');
  });

  it('a whole request from the same kind of socket is still served (the test sees real answers)', async () => {
    const connection = await openRawConnection(port);
    const body = JSON.stringify(validBody({ email: 'raw@example.org' }));
    await connection.send(`${head(`Content-Length: ${body.length}\r\nConnection: close\r\n`)}${body}`);
    const { response } = await connection.closed;
    expect(statusOf(response)).toBe(202);
    expect(lines.filter((line) => line.level >= WARN)).toEqual([]);
  });
});
