import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { sessionCookieName } from './team-sign-in/team-auth';
import { createSession } from './team-sign-in/team-sessions';
import { openTestDatabase, type TestDatabase } from '../../test/support/databases';
import { sendThenRead, statusOf } from '../../test/support/raw-http';
import { apiOnlyEnv, testConfig } from '../../test/support/test-config';

/**
 * A body far over the limit, sent to every route that takes one, over a real socket by a client
 * that sends its whole request before reading (issue 36: a 5 MB body to the e-mail form, a lead's
 * owner and follow-up day was answered by a reset). The client must read 413 and the JSON error,
 * and the server log it once, at info.
 */

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  code?: string;
}
const INFO = 30;
const BODY = Buffer.alloc(5 * 1024 * 1024, 'x');
const MEMBER = 'sam@care-audit.example';
const ORIGIN = 'http://localhost:3000';
const TOKEN = 'A'.repeat(43);
const LEAD = '00000000-0000-4000-8000-000000000000';

/** A route's address with its parameters filled in with values of the right shape. */
function addressOf(url: string): string {
  return url
    .replace(/:token/g, TOKEN)
    .replace(/:id/g, LEAD)
    .replace(/:\w+/g, 'x');
}

describe('a body refused at the door: 5 MB, or not UTF-8', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let port: number;
  let cookie: string;
  const routes: { method: string; url: string }[] = [];
  const lines: LogLine[] = [];

  beforeAll(async () => {
    t = await openTestDatabase('pglite');
    const config = testConfig({
      ...apiOnlyEnv(t.dataDir),
      LOG_LEVEL: 'info',
      PUBLIC_URL: ORIGIN,
      TEAM_EMAILS: MEMBER,
      RATE_LIMIT_PER_CLIENT: '1000',
    });
    app = await buildApp(config, {
      db: t.db,
      logStream: { write: (line) => lines.push(JSON.parse(line) as LogLine) },
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          if (['POST', 'PUT', 'PATCH'].includes(method)) routes.push({ method, url: route.url });
        }
      },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
    const { secret } = await createSession(t.db, MEMBER);
    cookie = `${sessionCookieName(config.publicUrl)}=${secret}`;
  });
  afterAll(async () => {
    await app?.close();
    await t?.destroy();
  });
  beforeEach(() => {
    lines.length = 0;
  });

  const send = (method: string, url: string, contentType = 'application/json', connection = 'keep-alive') =>
    sendThenRead(
      port,
      Buffer.concat([
        Buffer.from(
          `${method} ${url} HTTP/1.1\r\nHost: localhost:3000\r\nOrigin: ${ORIGIN}\r\nCookie: ${cookie}\r\n` +
            `Connection: ${connection}\r\nContent-Type: ${contentType}\r\nContent-Length: ${BODY.length}\r\n\r\n`,
        ),
        BODY,
      ]),
    );

  it('is read to its end and answered 413 with the JSON error on every route that takes a body', async () => {
    const named = routes.map((r) => `${r.method} ${r.url}`);
    for (const route of [
      '/api/email-results',
      '/api/team/leads/:id/owner',
      '/api/team/leads/:id/follow-up',
    ]) {
      expect(named).toContain(`POST ${route}`);
    }
    for (const { method, url } of routes) {
      const { response, error } = await send(method, addressOf(url));
      const where = `${method} ${url}`;
      expect(error, where).toBeUndefined();
      expect(statusOf(response), where).toBe(413);
      expect(response, where).toMatch(/\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
      expect(JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)), where).toEqual({
        error: { code: 'payload_too_large', message: 'The request is too large.' },
      });
    }
  });

  // A body is read as UTF-8 whatever it declares: the results report answered 200 to UTF-16.
  it('declaring charset=utf-16 is answered 415 on every route that takes a body', async () => {
    for (const { method, url } of routes) {
      const where = `${method} ${url}`;
      const res = await app.inject({
        method: method as 'POST',
        url: addressOf(url),
        headers: { origin: ORIGIN, cookie, 'content-type': 'application/json; charset=utf-16' },
        payload: '{}',
      });
      expect(res.statusCode, where).toBe(415);
      expect(res.json().error.code, where).toBe('unsupported_media_type');
    }
  });

  it('is logged once, at info, as a rejected request', async () => {
    await send('POST', '/api/email-results');
    const about = lines.filter((line) => line.msg !== 'incoming request' && line.reqId !== undefined);
    expect(about.filter((line) => line.level > INFO)).toEqual([]);
    expect(about.filter((line) => line.msg !== 'request completed')).toEqual([
      expect.objectContaining({ level: INFO, msg: 'request rejected', code: 'FST_ERR_CTP_BODY_TOO_LARGE' }),
    ]);
  });

  // Asking to close the connection after the answer made the server close it at once, unread.
  it.each(['keep-alive', 'close'])(
    'with Connection: %s, of another type or without a session, is read to its end too: 415 and 401',
    async (connection) => {
      const wrongType = await send('POST', '/api/email-results', 'text/plain', connection);
      expect(wrongType.error).toBeUndefined();
      expect(statusOf(wrongType.response)).toBe(415);
      const tooLarge = await send('POST', '/api/email-results', 'application/json', connection);
      expect(tooLarge.error).toBeUndefined();
      expect(statusOf(tooLarge.response)).toBe(413);
      const signedIn = cookie;
      cookie = 'none=1';
      const noSession = await send('POST', `/api/team/leads/${LEAD}/owner`, 'application/json', connection);
      cookie = signedIn;
      expect(noSession.error).toBeUndefined();
      expect(statusOf(noSession.response)).toBe(401);
    },
  );
});
