import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../test/support/databases';
import { freePort } from '../../test/support/free-port';
import { postEmailRequest, validBody } from '../../test/support/requests';
import { FIXTURE_PAGES, FIXTURE_PRIVATE_PAGE, writeSiteFixture } from '../../test/support/site-fixture';
import { useTestDatabase } from '../../test/support/suite-database';
import { memoryTransport, signInThroughApi, TEAM_ORIGIN, teamRequest } from '../../test/support/team-sign-in';
import { useTestApp } from '../../test/support/test-app';
import { testConfig } from '../../test/support/test-config';

/**
 * A whole run of the server, logged at its most verbose level, then every line searched for what
 * the run sent that is about a person: logs are kept as long as the operator keeps them, where
 * neither erasure nor retention reaches (issue 21's probe found a team search in them).
 */

const MEMBER = 'pat.member@care-audit.example';
const ADDRESS = 'philippa.q+audit@larchmere-care.example';
const CONTACT = {
  name: 'Philippa Quennell-Smythe',
  organisation: 'Larchmere Lodge Care',
  role: 'Deputy Registered Manager',
  phone: '+44 (0)7700 900456',
};
const NOTE = 'Please ring after 3pm; ask for "Pip".\nWe have 40 beds & two sites';
const TEAM_NOTE = 'Spoke to Pip: wants a demo in March, budget agreed';
const SEARCH = 'Quennell Smythe';
// Secrets that are not personal but must not reach a log either.
const WEBHOOK_TOKEN = 'hook-secret-Zq81xP';

/**
 * Every form a text may take in a log line: as sent, percent-encoded (either way of writing a
 * space, as encodeURIComponent and as a form does), and JSON-escaped once or twice. The search
 * ignores case, so "%2b" and "Philippa" in capitals are found too.
 */
function formsOf(text: string): string[] {
  const encoded = encodeURIComponent(text);
  return [
    ...new Set([
      text,
      encoded,
      encoded.replace(/%20/g, '+'),
      new URLSearchParams({ q: text }).toString().slice('q='.length),
      JSON.stringify(text).slice(1, -1),
      JSON.stringify(JSON.stringify(text)).slice(1, -1),
    ]),
  ];
}

/** The text, and each line of it long enough to be told apart (a log could hold one line). */
function withLines(text: string): string[] {
  return [text, ...text.split('\n').filter((line) => line.length >= 12)];
}

describe.each(DATABASE_KINDS)('the logs of a whole run on %s', (kind) => {
  const lines: string[] = [];
  const mail = memoryTransport();
  let webhookUrl = '';
  const t = useTestDatabase(kind, { emptyBeforeEach: false });
  const server = useTestApp(
    async () => {
      const siteDir = await writeSiteFixture(path.join(t.dataDir, 'site'), {
        ...FIXTURE_PAGES,
        results: FIXTURE_PRIVATE_PAGE,
      });
      // The workspace's shell, so /team?q=… is served as the page it is.
      await fs.mkdir(path.join(siteDir, 'team'), { recursive: true });
      await fs.writeFile(path.join(siteDir, 'team', 'index.html'), '<!doctype html><title>Team</title>');
      // Nothing listens there: every delivery fails, and its failure is logged.
      webhookUrl = `http://127.0.0.1:${await freePort()}/catch/${WEBHOOK_TOKEN}?key=${WEBHOOK_TOKEN}`;
      return {
        config: testConfig({
          LOG_LEVEL: 'trace',
          DATA_DIR: t.dataDir,
          SITE_DIR: siteDir,
          PUBLIC_URL: TEAM_ORIGIN,
          TEAM_EMAILS: MEMBER,
          LEADS_TO: 'leads@care-audit.example',
          WEBHOOK_URL: webhookUrl,
          WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64')}`,
          MAIL_RETRY_BASE_MS: '50',
          MAIL_MAX_ATTEMPTS: '1',
          RATE_LIMIT_PER_CLIENT: '1000',
          RATE_LIMIT_PER_RECIPIENT: '1000',
        }),
        deps: {
          db: t.db,
          mailTransport: mail,
          renderPdf: async () => new Uint8Array([37, 80, 68, 70]),
          logStream: { write: (line: string) => void lines.push(line) },
        },
      };
    },
    { ready: true },
  );

  async function until(what: string, condition: () => boolean | Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`waited 10 s for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** A request as a person's browser or a careless client sends it; the answer's status is checked. */
  async function send(app: FastifyInstance, status: number, options: InjectOptions): Promise<string> {
    const res = await app.inject(options);
    expect(
      res.statusCode,
      `${options.method ?? 'GET'} ${String(options.url)}: ${res.body.slice(0, 200)}`,
    ).toBe(status);
    return res.body;
  }

  it('holds no address, name, phone, note, search or secret it was sent, in any form', async () => {
    const app = server.app;

    // The visitor: an e-mail request with a note and contact details, then the results link.
    const accepted = await postEmailRequest(
      app,
      validBody({ email: ADDRESS, message: NOTE, consent: true, contact: CONTACT }),
    );
    expect(accepted.statusCode, accepted.body).toBe(202);
    await until('the visitor e-mail', () => mail.sent.some((m) => m.to === ADDRESS));
    const visitorMail = mail.sent.find((m) => m.to === ADDRESS);
    const resultsToken = /\/results\/([A-Za-z0-9_-]+)/.exec(String(visitorMail?.text))?.[1] ?? '';
    expect(resultsToken).not.toBe('');
    await send(app, 200, { url: `/results/${resultsToken}?utm_source=${encodeURIComponent(ADDRESS)}` });
    await send(app, 200, { url: `/api/results/${resultsToken}` });
    await until('the webhook to fail', async () => {
      const { rows } = await t.db.query(
        "SELECT 1 FROM outbox_messages WHERE kind = 'webhook' AND status = 'failed'",
      );
      return rows.length === 1;
    });

    // The team: signing in (its link's token travels in a query and a body), searching, the pages.
    const cookie = await signInThroughApi(app, mail.sent, MEMBER);
    const signInToken = mail.sent
      .map((m) => /\/team\/auth\?token=([A-Za-z0-9_-]+)/.exec(String(m.text))?.[1])
      .find((token) => token !== undefined);
    expect(signInToken).toBeDefined();
    await send(app, 200, { url: `/team/auth?token=${signInToken}` });
    const team = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      teamRequest(app, method, url, { cookie, ...(body === undefined ? {} : { body }) });
    for (const q of [ADDRESS, SEARCH, CONTACT.phone]) {
      for (const url of [
        `/api/team/leads?q=${encodeURIComponent(q)}`,
        `/api/team/leads?page=1&${new URLSearchParams({ q }).toString()}`,
      ]) {
        const found = await team('GET', url);
        expect(found.statusCode, url).toBe(200);
      }
    }
    // As typed, unencoded (its "+" then reads as a space, so it finds nothing: it is logged all the same).
    expect((await team('GET', `/api/team/leads?q=${ADDRESS}`)).statusCode).toBe(200);
    const byAddress = await team('GET', `/api/team/leads?q=${encodeURIComponent(ADDRESS)}`);
    expect(byAddress.json().leads).toHaveLength(1);
    const lead: string = byAddress.json().leads[0].id;
    await send(app, 200, { url: `/team?q=${encodeURIComponent(ADDRESS)}` });
    await send(app, 200, { url: `/team?q=${ADDRESS}&page=2` });
    await send(app, 200, { url: `/team/leads/${lead}?q=${encodeURIComponent(SEARCH)}` });
    expect((await team('POST', `/api/team/leads/${lead}/notes`, { body: TEAM_NOTE })).statusCode).toBe(201);
    expect((await team('GET', `/api/team/leads/${lead}`)).statusCode).toBe(200);
    expect((await team('GET', '/api/team/failed')).statusCode).toBe(200);
    const csv = await team('GET', '/api/team/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(ADDRESS);

    // Requests that fail, each carrying the address: bad JSON, a bad field, a path that is nothing.
    const json = { 'content-type': 'application/json' };
    await send(app, 400, {
      method: 'POST',
      url: '/api/email-results',
      headers: json,
      payload: `{"email":"${ADDRESS}","message":"${NOTE.replace('\n', ' ')}","contact":{"name":"${CONTACT.name}"`,
    });
    await send(app, 400, {
      method: 'POST',
      url: '/api/team/erase',
      headers: { ...json, origin: TEAM_ORIGIN, cookie },
      payload: `{"email": "${ADDRESS}",}`,
    });
    await send(app, 400, {
      method: 'POST',
      url: `/api/team/leads/${lead}/notes`,
      headers: { ...json, origin: TEAM_ORIGIN, cookie },
      payload: `{"body": "${TEAM_NOTE}"`,
    });
    const badField = await postEmailRequest(app, validBody({ email: `${CONTACT.name} <${ADDRESS}>` }));
    expect(badField.statusCode).toBe(400);
    const nul = await postEmailRequest(app, validBody({ email: ADDRESS, message: `${NOTE}\u0000` }));
    expect(nul.statusCode).toBe(400);
    await send(app, 404, { url: `/api/nothing/${ADDRESS}` });
    await send(app, 404, { url: `/${encodeURIComponent(ADDRESS)}?name=${encodeURIComponent(CONTACT.name)}` });
    await send(app, 404, { url: `/${ADDRESS}/` });
    await send(app, 401, { url: `/api/team/leads?q=${encodeURIComponent(ADDRESS)}` });

    // The erasure, last: after it nothing of the lead is left but what a log may have kept.
    const erased = await team('POST', '/api/team/erase', { email: ADDRESS });
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await team('GET', `/api/team/leads?q=${encodeURIComponent(ADDRESS)}`)).json().leads).toEqual([]);

    const log = lines.join('');
    const lowered = log.toLowerCase();
    const secrets = [
      ADDRESS,
      MEMBER,
      ...Object.values(CONTACT),
      ...withLines(NOTE),
      TEAM_NOTE,
      SEARCH,
      resultsToken,
      signInToken!,
      WEBHOOK_TOKEN,
      webhookUrl,
    ];
    const found = secrets.flatMap((secret) =>
      formsOf(secret).filter((form) => lowered.includes(form.toLowerCase())),
    );
    expect(found).toEqual([]);

    // And the log is there, naming what happened: the search had something to search.
    expect(lines.length).toBeGreaterThan(60);
    expect(log).toContain('"url":"/api/team/leads"');
    expect(log).toContain('"url":"/team"');
    expect(log).toContain('"url":"/results/…"');
    expect(log).toContain('"url":"/api/nothing/<address>"');
    expect(log).toContain('"url":"/<address>"');
    expect(log).toContain('"msg":"request rejected"');
    expect(log).toContain('outbox: attempt failed');
    // Every level was written: nothing the app logs at debug or trace escaped the search.
    expect(app.log.level).toBe('trace');
  });
});
