import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, type TestDatabase } from '../../../test/support/databases';
import { useTestDatabase } from '../../../test/support/suite-database';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';
import { utcDay } from './usage-counters';

function postEvent(app: FastifyInstance, payload: string, options: Partial<InjectOptions> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    payload,
    ...options,
  });
}

async function counters(t: TestDatabase): Promise<Record<string, number>> {
  const { rows } = await t.db.query<{ day: string; event: string; count: number }>(
    "SELECT to_char(day, 'YYYY-MM-DD') AS day, event, count::int AS count FROM usage_counters ORDER BY event",
  );
  return Object.fromEntries(rows.map((r) => [`${r.day} ${r.event}`, r.count]));
}

describe.each(DATABASE_KINDS)('POST /api/events on %s', (kind) => {
  const t = useTestDatabase(kind, { emptyBeforeEach: false });
  const server = useTestApp(() => ({
    config: testConfig(apiOnlyEnv(t.dataDir)),
    deps: { db: t.db },
  }));
  beforeEach(async () => {
    await t.db.query('TRUNCATE usage_counters');
  });

  it('adds one to today’s counter of each event, as text/plain (sendBeacon’s string) or JSON, and answers 204 without a cookie', async () => {
    const today = utcDay(new Date());
    const sent = [
      postEvent(server.app, '{"event":"started"}'),
      postEvent(server.app, '{"event":"section_reached","section":1}'),
      postEvent(server.app, '{"event":"section_reached","section":5}'),
      postEvent(server.app, '{"event":"section_reached","section":5}', {
        headers: { 'content-type': 'application/json', cookie: 'anything=1' },
      }),
      postEvent(server.app, '{"event":"completed"}'),
      postEvent(server.app, '{"event":"pdf_downloaded"}'),
      postEvent(server.app, '{"event":"email_requested"}'),
      postEvent(server.app, '{"event":"email_requested"}'),
      postEvent(server.app, '{"event":"email_requested"}'),
    ];
    for (const res of await Promise.all(sent)) {
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await counters(t)).toEqual({
      [`${today} completed`]: 1,
      [`${today} email_requested`]: 3,
      [`${today} pdf_downloaded`]: 1,
      [`${today} section_1_reached`]: 1,
      [`${today} section_5_reached`]: 2,
      [`${today} started`]: 1,
    });
  });

  it.each([
    ['an unknown event', '{"event":"visited"}'],
    ['an event name of another type', '{"event":1}'],
    ['no event', '{}'],
    ['section 0', '{"event":"section_reached","section":0}'],
    ['section 6', '{"event":"section_reached","section":6}'],
    ['a section that is not a whole number', '{"event":"section_reached","section":2.5}'],
    ['a section as a string', '{"event":"section_reached","section":"2"}'],
    ['section_reached without its section', '{"event":"section_reached"}'],
    ['a section with another event', '{"event":"started","section":1}'],
    ['an extra field', '{"event":"started","visitor":"abc"}'],
    ['an array', '[{"event":"started"}]'],
    ['null', 'null'],
    ['a bare string', '"started"'],
    ['text that is not JSON', 'event=started'],
    ['an empty body', ''],
  ])('refuses %s with 400 invalid_event and counts nothing', async (_what, payload) => {
    const res = await postEvent(server.app, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'invalid_event', message: expect.any(String) } });
    expect(await counters(t)).toEqual({});
  });

  it('refuses a form post (415) and counts nothing', async () => {
    const res = await postEvent(server.app, 'event=started', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
    expect(await counters(t)).toEqual({});
  });

  it('limits each client to 120 events a minute, apart from other clients', async () => {
    const from = (remoteAddress: string) => postEvent(server.app, '{"event":"started"}', { remoteAddress });
    for (let i = 0; i < 120; i++) expect((await from('192.0.2.10')).statusCode).toBe(204);
    const limited = await from('192.0.2.10');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect((await from('192.0.2.11')).statusCode).toBe(204);
    expect(Object.values(await counters(t))).toEqual([121]);
  });
});
