import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CONTENT_V1, type AuditContent } from '../../core/content';
import { BANDS, type Band } from '../../core/insight/bands';
import type { Config } from '../config';
import { sessionCookieName } from '../team-sign-in/team-auth';
import { createSession } from '../team-sign-in/team-sessions';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { activityLog } from '../../../test/support/lead-fixtures';
import { pdfText } from '../../../test/support/pdf/pdf-text';
import { useTestDatabase } from '../../../test/support/suite-database';
import { teamRequest } from '../../../test/support/team-sign-in';
import { buildTestApp, useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';
import { DRAFT_CHANGED_MESSAGE, NOT_AN_EDITOR_MESSAGE } from './team-content-routes';

const ED = 'ed@care-audit.example';
const EVE = 'eve@care-audit.example';
const MO = 'mo@care-audit.example';
const ENV = { TEAM_EMAILS: `${ED}, ${EVE}, ${MO}`, TEAM_EDITORS: `${ED}, ${EVE}` };

/** Version 1's words with the first area's advice for every band replaced by a marked sentence. */
function newWords(marker = 'Keep a signed record of every admin hour.'): AuditContent {
  const words = structuredClone(CONTENT_V1);
  for (const band of BANDS) words.areas[0]!.advice[band.id] = `${marker} (${band.id})`;
  return words;
}

const EDIT_ROUTES: readonly { method: 'GET' | 'PUT' | 'POST'; url: string; body?: unknown }[] = [
  { method: 'GET', url: '/api/team/content/draft' },
  { method: 'PUT', url: '/api/team/content/draft', body: { revision: 0, content: newWords() } },
  {
    method: 'POST',
    url: '/api/team/content/import',
    body: { format: 'care-audit-content', schema: 1, version: 1, content: newWords(), revision: 0 },
  },
  { method: 'POST', url: '/api/team/content/publish', body: { revision: 1, note: 'x' } },
  { method: 'POST', url: '/api/team/content/versions/1/restore', body: { note: 'x' } },
  { method: 'POST', url: '/api/team/content/preview/email', body: { content: newWords(), band: 'sustain' } },
  { method: 'POST', url: '/api/team/content/preview/pdf', body: { content: newWords(), band: 'sustain' } },
];

describe.each(DATABASE_KINDS)('the audit’s words over HTTP, on %s', (kind) => {
  const t = useTestDatabase(kind);
  let config: Config;
  // A new app for each test: it stores version 1 as it starts, on the database just emptied.
  const server = useTestApp(
    () => {
      config = testConfig({ ...apiOnlyEnv(t.dataDir), ...ENV });
      return { config, deps: { db: t.db } };
    },
    { per: 'test', ready: true },
  );
  const cookieOf = async (address: string) =>
    `${sessionCookieName(config.publicUrl)}=${(await createSession(t.db, address)).secret}`;

  type Method = 'GET' | 'PUT' | 'POST';
  const as =
    (cookie: string | null, app?: FastifyInstance) =>
    (method: Method, url: string, body?: unknown, origin?: string) =>
      teamRequest(app ?? server.app, method, url, {
        ...(cookie === null ? {} : { cookie }),
        ...(body === undefined ? {} : { body }),
        ...(origin === undefined ? {} : { origin }),
      });

  const versionCount = async () =>
    Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM content_versions')).rows[0]?.n);
  const draftCount = async () =>
    Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM content_draft')).rows[0]?.n);

  /** An editor's saved draft of `words`, then published: resolves with the new version. */
  async function publish(
    ed: ReturnType<typeof as>,
    words: AuditContent,
    note = 'new wording',
  ): Promise<number> {
    const loaded = (await ed('GET', '/api/team/content/draft')).json<{ revision: number }>();
    const saved = await ed('PUT', '/api/team/content/draft', { revision: loaded.revision, content: words });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await ed('POST', '/api/team/content/publish', { revision: saved.json().revision, note });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ version: number }>().version;
  }

  describe('the public reads', () => {
    it('answers the live version, never cached, and a version by number, cached for good', async () => {
      const live = await server.app.inject({ url: '/api/content/live' });
      expect(live.statusCode).toBe(200);
      expect(live.headers['cache-control']).toBe('no-cache');
      expect(live.json()).toEqual({ version: 1, content: CONTENT_V1 });

      const one = await server.app.inject({ url: '/api/content/1' });
      expect(one.statusCode).toBe(200);
      expect(one.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(one.json()).toEqual({ version: 1, content: CONTENT_V1 });
    });

    it('answers 404 for a version never published and 400 for one that is not a whole number from 1', async () => {
      const missing = await server.app.inject({ url: '/api/content/2' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe('not_found');
      for (const bad of ['0', '-1', '1.5', 'abc', '01', '9999999999']) {
        const res = await server.app.inject({ url: `/api/content/${bad}` });
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().error.code, bad).toBe('invalid_request');
      }
    });
  });

  describe('sign-in, Origin and editors', () => {
    it('answers 401 without a session and once it has ended', async () => {
      const none = as(null);
      for (const url of ['/api/team/content', '/api/team/content/versions/1', '/api/team/content/draft']) {
        expect((await none('GET', url)).statusCode, url).toBe(401);
      }
      expect(
        (await none('PUT', '/api/team/content/draft', { revision: 0, content: newWords() })).statusCode,
      ).toBe(401);
      const cookie = await cookieOf(ED);
      expect((await as(cookie)('GET', '/api/team/content')).statusCode).toBe(200);
      await t.db.query(`UPDATE team_sessions SET expires_at = now() - interval '1 second'`);
      expect((await as(cookie)('GET', '/api/team/content')).statusCode).toBe(401);
      expect(
        (await as(cookie)('PUT', '/api/team/content/draft', { revision: 0, content: newWords() })).statusCode,
      ).toBe(401);
      expect(await draftCount()).toBe(0);
    });

    it('refuses every write from another Origin, changing nothing', async () => {
      const ed = as(await cookieOf(ED));
      const evil = 'https://evil.example';
      expect(
        (await ed('PUT', '/api/team/content/draft', { revision: 0, content: newWords() }, evil)).statusCode,
      ).toBe(403);
      expect(await draftCount()).toBe(0);
      const saved = await ed('PUT', '/api/team/content/draft', { revision: 0, content: newWords() });
      const revision = saved.json().revision;
      for (const [url, body] of [
        ['/api/team/content/publish', { revision, note: 'x' }],
        ['/api/team/content/versions/1/restore', { note: 'x' }],
        [
          '/api/team/content/import',
          { format: 'care-audit-content', schema: 1, content: CONTENT_V1, revision },
        ],
      ] as const) {
        const res = await ed('POST', url, body, evil);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().error.code, url).toBe('forbidden_origin');
      }
      expect(await versionCount()).toBe(1);
      expect((await ed('GET', '/api/team/content/draft')).json().revision).toBe(revision);
    });

    it('lets a member who is not an editor read and export, and refuses every edit with 403', async () => {
      const mo = as(await cookieOf(MO));
      const overview = await mo('GET', '/api/team/content');
      expect(overview.statusCode).toBe(200);
      expect(overview.headers['cache-control']).toBe('no-store');
      expect(overview.json()).toEqual({
        live: 1,
        canEdit: false,
        versions: [
          {
            version: 1,
            note: expect.any(String),
            publishedBy: null,
            publishedAt: expect.any(String),
            restoredFrom: null,
          },
        ],
        draft: null,
      });
      expect((await mo('GET', '/api/team/content/versions/1')).json().content).toEqual(CONTENT_V1);
      expect((await mo('GET', '/api/team/content/versions/1/export')).statusCode).toBe(200);
      for (const route of EDIT_ROUTES) {
        const res = await mo(route.method, route.url, route.body);
        expect(res.statusCode, route.url).toBe(403);
        expect(res.json(), route.url).toEqual({
          error: { code: 'not_an_editor', message: NOT_AN_EDITOR_MESSAGE },
        });
      }
      expect([await versionCount(), await draftCount()]).toEqual([1, 0]);
      expect((await as(await cookieOf(ED))('GET', '/api/team/content')).json().canEdit).toBe(true);
    });

    it('refuses an editor removed from TEAM_EDITORS, whose session still works', async () => {
      const cookie = await cookieOf(ED);
      const ed = as(cookie);
      expect(
        (await ed('PUT', '/api/team/content/draft', { revision: 0, content: newWords() })).statusCode,
      ).toBe(200);
      // The configuration changed and the server restarted: a second app on the same database.
      const later = await buildTestApp(
        testConfig({ ...apiOnlyEnv(t.dataDir), TEAM_EMAILS: ENV.TEAM_EMAILS, TEAM_EDITORS: EVE }),
        { db: t.db },
        { ready: true },
      );
      const former = as(cookie, later);
      const overview = await former('GET', '/api/team/content');
      expect(overview.statusCode).toBe(200);
      expect(overview.json().canEdit).toBe(false);
      for (const route of [
        ...EDIT_ROUTES,
        {
          method: 'PUT' as const,
          url: '/api/team/content/draft',
          body: { revision: 1, content: CONTENT_V1 },
        },
      ]) {
        expect((await former(route.method, route.url, route.body)).statusCode, route.url).toBe(403);
      }
      expect(await versionCount()).toBe(1);
      expect((await ed('GET', '/api/team/content/draft')).json().content).toEqual(newWords());
    });
  });

  describe('the draft', () => {
    it('starts from the live words, saves with a new revision, and keeps the first of two saves from one revision', async () => {
      const ed = as(await cookieOf(ED));
      const eve = as(await cookieOf(EVE));
      expect((await ed('GET', '/api/team/content/draft')).json()).toEqual({
        revision: 0,
        baseVersion: 1,
        savedBy: null,
        savedAt: null,
        content: CONTENT_V1,
      });
      const first = await ed('PUT', '/api/team/content/draft', { revision: 0, content: newWords('Ed.') });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ revision: 1, savedAt: expect.any(String) });
      const second = await ed('PUT', '/api/team/content/draft', {
        revision: 1,
        content: newWords('Ed again.'),
      });
      expect(second.json().revision).toBe(2);

      // Eve loaded revision 2 too; Ed saves first, then Eve's save is refused.
      expect(
        (await ed('PUT', '/api/team/content/draft', { revision: 2, content: newWords('Ed wins.') }))
          .statusCode,
      ).toBe(200);
      const late = await eve('PUT', '/api/team/content/draft', { revision: 2, content: newWords('Eve.') });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ error: { code: 'draft_changed', message: DRAFT_CHANGED_MESSAGE } });
      const draft = (await eve('GET', '/api/team/content/draft')).json();
      expect(draft).toMatchObject({
        revision: 3,
        baseVersion: 1,
        savedBy: ED,
        content: newWords('Ed wins.'),
      });
      expect((await eve('GET', '/api/team/content')).json().draft).toEqual({
        revision: 3,
        baseVersion: 1,
        savedBy: ED,
        savedAt: expect.any(String),
      });
    });

    it('refuses words of the wrong shape, too long, or with markup, with the problems, storing nothing', async () => {
      const ed = as(await cookieOf(ED));
      const long = newWords('x'.repeat(2001));
      const html = newWords('<b>Bold</b> advice.');
      const shape = { ...structuredClone(CONTENT_V1), areas: CONTENT_V1.areas.slice(0, 4) };
      for (const [why, content] of [
        ['shape', shape],
        ['long', long],
        ['html', html],
        ['not an object', 'words'],
      ] as const) {
        const res = await ed('PUT', '/api/team/content/draft', { revision: 0, content });
        expect(res.statusCode, why).toBe(400);
        const error = res.json().error;
        expect(error.code, why).toBe('invalid_content');
        expect(error.problems.length, why).toBeGreaterThan(0);
      }
      expect(await draftCount()).toBe(0);
      const res = await ed('PUT', '/api/team/content/draft', { revision: 0, content: html });
      expect(res.json().error.problems).toEqual(
        expect.arrayContaining([expect.stringContaining('plain text')]),
      );
      expect((await ed('PUT', '/api/team/content/draft', { content: newWords() })).statusCode).toBe(400);
    });
  });

  describe('publishing and restoring', () => {
    it('publishes the draft as version 2, live at once, the draft gone and the note kept', async () => {
      const ed = as(await cookieOf(ED));
      const saved = await ed('PUT', '/api/team/content/draft', { revision: 0, content: newWords() });
      const res = await ed('POST', '/api/team/content/publish', {
        revision: saved.json().revision,
        note: '  new wording for admin time  ',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ version: 2 });
      expect((await server.app.inject({ url: '/api/content/live' })).json()).toEqual({
        version: 2,
        content: newWords(),
      });
      const overview = (await ed('GET', '/api/team/content')).json();
      expect(overview.live).toBe(2);
      expect(overview.draft).toBeNull();
      expect(overview.versions[0]).toEqual({
        version: 2,
        note: 'new wording for admin time',
        publishedBy: ED,
        publishedAt: expect.any(String),
        restoredFrom: null,
      });
      expect(await draftCount()).toBe(0);
    });

    it('refuses a stale revision, no draft, nothing changed and a missing note, publishing nothing', async () => {
      const ed = as(await cookieOf(ED));
      const none = await ed('POST', '/api/team/content/publish', { revision: 0, note: 'x' });
      expect([none.statusCode, none.json().error.code]).toEqual([409, 'no_draft']);
      const same = await ed('PUT', '/api/team/content/draft', { revision: 0, content: CONTENT_V1 });
      const unchanged = await ed('POST', '/api/team/content/publish', {
        revision: same.json().revision,
        note: 'x',
      });
      expect([unchanged.statusCode, unchanged.json().error.code]).toEqual([400, 'nothing_to_publish']);
      const saved = await ed('PUT', '/api/team/content/draft', {
        revision: same.json().revision,
        content: newWords(),
      });
      const stale = await ed('POST', '/api/team/content/publish', {
        revision: same.json().revision,
        note: 'x',
      });
      expect([stale.statusCode, stale.json().error.code]).toEqual([409, 'draft_changed']);
      for (const note of [undefined, '   ', 'x'.repeat(301)]) {
        const res = await ed('POST', '/api/team/content/publish', { revision: saved.json().revision, note });
        expect(res.statusCode, String(note)).toBe(400);
      }
      expect(await versionCount()).toBe(1);
      expect(await draftCount()).toBe(1);
    });

    it('makes exactly one version of two publishes at once', async () => {
      const ed = as(await cookieOf(ED));
      const eve = as(await cookieOf(EVE));
      const { revision } = (
        await ed('PUT', '/api/team/content/draft', { revision: 0, content: newWords() })
      ).json();
      const answers = await Promise.all([
        ed('POST', '/api/team/content/publish', { revision, note: 'ed' }),
        eve('POST', '/api/team/content/publish', { revision, note: 'eve' }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(await versionCount()).toBe(2);
    });

    it('restores version 1 as version 3, with the same words and where they came from', async () => {
      const ed = as(await cookieOf(ED));
      expect(await publish(ed, newWords())).toBe(2);
      const res = await ed('POST', '/api/team/content/versions/1/restore', { note: 'back to the original' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ version: 3 });
      const three = (await ed('GET', '/api/team/content/versions/3')).json();
      expect(three).toMatchObject({
        version: 3,
        restoredFrom: 1,
        note: 'back to the original',
        publishedBy: ED,
      });
      expect(three.content).toEqual(CONTENT_V1);
      expect((await server.app.inject({ url: '/api/content/live' })).json()).toEqual({
        version: 3,
        content: CONTENT_V1,
      });
      expect((await ed('POST', '/api/team/content/versions/9/restore', { note: 'x' })).statusCode).toBe(404);
      expect((await ed('POST', '/api/team/content/versions/x/restore', { note: 'x' })).statusCode).toBe(400);
    });

    it('shows a version published on another instance there within the cache’s 2 s, not before', async () => {
      let now = 5_000_000;
      const other = await buildTestApp(
        config,
        { db: t.db, contentCache: { now: () => now } },
        { ready: true },
      );
      const live = async () => (await other.inject({ url: '/api/content/live' })).json().version;
      expect(await live()).toBe(1);
      await publish(as(await cookieOf(ED)), newWords());
      expect(await live()).toBe(1);
      now += 2_000;
      expect(await live()).toBe(2);
      // A version by number is read when asked for: published a moment ago, it is there.
      expect((await other.inject({ url: '/api/content/2' })).json().content).toEqual(newWords());
    });
  });

  describe('export and import', () => {
    it('exports a version as a file and imports a file as the draft', async () => {
      const ed = as(await cookieOf(ED));
      await publish(ed, newWords());
      const file = await ed('GET', '/api/team/content/versions/2/export');
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toMatch(/^application\/json/);
      expect(file.headers['content-disposition']).toBe('attachment; filename="care-audit-content-v2.json"');
      expect(file.json()).toEqual({
        format: 'care-audit-content',
        schema: 1,
        version: 2,
        content: newWords(),
      });
      expect((await ed('GET', '/api/team/content/versions/7/export')).statusCode).toBe(404);

      const edited = { ...file.json(), content: newWords('Imported.'), revision: 0 };
      const imported = await ed('POST', '/api/team/content/import', edited);
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json()).toEqual({ revision: expect.any(Number) });
      const draft = (await ed('GET', '/api/team/content/draft')).json();
      expect(draft).toMatchObject({
        revision: imported.json().revision,
        baseVersion: 2,
        content: newWords('Imported.'),
      });
      // Imported over a draft that changed since: refused.
      expect((await ed('POST', '/api/team/content/import', edited)).statusCode).toBe(409);
    });

    it('refuses a file of a newer schema with its message, and anything that is not a content file', async () => {
      const ed = as(await cookieOf(ED));
      const newer = await ed('POST', '/api/team/content/import', {
        format: 'care-audit-content',
        schema: 2,
        version: 4,
        content: { ...newWords(), schema: 2 },
        revision: 0,
      });
      expect(newer.statusCode).toBe(400);
      expect(newer.json().error).toMatchObject({
        code: 'invalid_content',
        problems: [expect.stringContaining('format 2, newer than this site reads')],
      });
      for (const garbage of [
        { revision: 0 },
        { format: 'something-else', schema: 1, content: CONTENT_V1, revision: 0 },
        { format: 'care-audit-content', schema: 1, content: { areas: 'no' }, revision: 0 },
        { format: 'care-audit-content', content: CONTENT_V1, revision: 0 },
      ]) {
        const res = await ed('POST', '/api/team/content/import', garbage);
        expect(res.statusCode, JSON.stringify(garbage).slice(0, 80)).toBe(400);
        expect(res.json().error.problems.length).toBeGreaterThan(0);
      }
      const notJson = await server.app.inject({
        method: 'POST',
        url: '/api/team/content/import',
        headers: { cookie: await cookieOf(ED), origin: config.publicUrl, 'content-type': 'application/json' },
        payload: '{"format": "care-audit-content", ',
      });
      expect(notJson.statusCode).toBe(400);
      expect(await draftCount()).toBe(0);
    });
  });

  describe('previews', () => {
    it.each(BANDS.map((b) => b.id))('previews the results e-mail for %s', async (band: Band) => {
      const ed = as(await cookieOf(ED));
      const res = await ed('POST', '/api/team/content/preview/email', { content: newWords(), band });
      expect(res.statusCode, res.body).toBe(200);
      const mail = res.json<{ subject: string; text: string; html: string }>();
      expect(mail.subject).toMatch(/^Your AI care management audit: \d+%/);
      expect(mail.html).toMatch(/^<!DOCTYPE html>|<html/i);
      expect(await draftCount()).toBe(0);
    });

    it('shows the unsaved words’ new advice in the e-mail and the PDF', async () => {
      const ed = as(await cookieOf(ED));
      for (const band of BANDS.map((b) => b.id)) {
        const advice = `Keep a signed record of every admin hour. (${band})`;
        const mail = await ed('POST', '/api/team/content/preview/email', { content: newWords(), band });
        expect(mail.json().text, band).toContain(advice);
        expect(mail.json().html, band).toContain(advice);
        const pdf = await ed('POST', '/api/team/content/preview/pdf', { content: newWords(), band });
        expect(await pdfText(pdf.rawPayload), band).toContain(advice);
      }
    });

    it('previews the PDF for each band, and refuses words that fail the check or an unknown band', async () => {
      const ed = as(await cookieOf(ED));
      for (const band of BANDS.map((b) => b.id)) {
        const res = await ed('POST', '/api/team/content/preview/pdf', { content: newWords(), band });
        expect(res.statusCode, band).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        const text = await pdfText(res.rawPayload);
        expect(text).toContain('Overall Score');
      }
      const bad = await ed('POST', '/api/team/content/preview/pdf', {
        content: newWords('<i>x</i>'),
        band: 'sustain',
      });
      expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'invalid_content']);
      const email = await ed('POST', '/api/team/content/preview/email', {
        content: { schema: 1 },
        band: 'sustain',
      });
      expect([email.statusCode, email.json().error.code]).toEqual([400, 'invalid_content']);
      const band = await ed('POST', '/api/team/content/preview/email', { content: newWords(), band: 'best' });
      expect(band.statusCode).toBe(400);
    });
  });

  it('records each save, import, publish, restore and export in the activity log', async () => {
    const ed = as(await cookieOf(ED));
    const saved = await ed('PUT', '/api/team/content/draft', { revision: 0, content: newWords() });
    const imported = await ed('POST', '/api/team/content/import', {
      format: 'care-audit-content',
      schema: 1,
      version: 1,
      content: newWords('Imported.'),
      revision: saved.json().revision,
    });
    await ed('POST', '/api/team/content/publish', {
      revision: imported.json().revision,
      note: 'new wording for admin time',
    });
    await ed('POST', '/api/team/content/versions/1/restore', { note: 'back again' });
    await ed('GET', '/api/team/content/versions/3/export');
    // Refused changes are not recorded.
    await ed('POST', '/api/team/content/publish', { revision: 99, note: 'x' });
    expect(await activityLog(t.db)).toEqual([
      { actor: ED, action: 'content_save', subject: null, detail: 'draft based on version 1' },
      {
        actor: ED,
        action: 'content_import',
        subject: null,
        detail: 'draft replaced by a file (exported from version 1)',
      },
      {
        actor: ED,
        action: 'content_publish',
        subject: null,
        detail: 'version 2: new wording for admin time',
      },
      {
        actor: ED,
        action: 'content_restore',
        subject: null,
        detail: 'version 3: the words of version 1 again: back again',
      },
      { actor: ED, action: 'content_export', subject: null, detail: 'version 3' },
    ]);
    const page = (await ed('GET', '/api/team/activity')).json();
    expect(page.entries.map((e: { action: string }) => e.action)).toContain('content_publish');
  });
});
