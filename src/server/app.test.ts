import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/database';
import { cspDirectives, PERMISSIONS_POLICY } from './http/security-headers';
import { inlineHashes } from './site/inline-hashes';
import { openTestPglite } from '../../test/support/pglite';
import { FIXTURE_INLINE_SCRIPT, writeSiteFixture } from '../../test/support/site-fixture';
import { buildTestApp, useTestApp } from '../../test/support/test-app';
import { testConfig } from '../../test/support/test-config';

let tmp: string;
let db: Database;

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'care-audit-app-'));
  db = await openTestPglite(tmp);
});

afterAll(async () => {
  await db?.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

const server = useTestApp(async () => ({
  config: testConfig({ DATA_DIR: tmp, SITE_DIR: await writeSiteFixture(path.join(tmp, 'site')) }),
  deps: { db },
}));

function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('security headers', () => {
  it.each(['/', '/assets/entry-3f9a1c2b.js', '/nope', '/api/health', '/api/nope'])(
    'are on %s',
    async (url) => {
      const res = await server.app.inject({ url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['content-security-policy']).toBeDefined();
      expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    },
  );

  it('has a strict Content-Security-Policy that allows the inline script of the pages by hash', async () => {
    const csp = directives((await server.app.inject({ url: '/' })).headers['content-security-policy']);
    const [fixtureHash] = inlineHashes([`<script>${FIXTURE_INLINE_SCRIPT}</script>`]).scripts;
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'", fixtureHash]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    // Workers from our own files only: no blob: or data: worker can run the form's solver.
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('never allows inline or eval script, whatever the pages hold', () => {
    const csp = cspDirectives({ scripts: ["'sha256-abc='"], styles: ["'sha256-def='"] });
    for (const name of ['script-src', 'default-src']) {
      expect(csp[name]).not.toContain("'unsafe-inline'");
      expect(csp[name]).not.toContain("'unsafe-eval'");
    }
    expect(csp['style-src']).toEqual(["'self'", "'sha256-def='"]);
  });
});

describe('the Permissions-Policy header', () => {
  it('denies every powerful feature the site does not use, to itself and anything it embeds', () => {
    const policy = new Map(
      PERMISSIONS_POLICY.split(', ').map((entry) => entry.split('=') as [string, string]),
    );
    for (const feature of [
      'camera',
      'microphone',
      'geolocation',
      'payment',
      'usb',
      'browsing-topics',
      'interest-cohort',
    ]) {
      expect(policy.get(feature)).toBe('()');
    }
    expect([...policy.values()].every((allowList) => allowList === '()')).toBe(true);
    expect(PERMISSIONS_POLICY).toMatch(/^[a-z-]+=\(\)(, [a-z-]+=\(\))*$/);
  });
});

describe('GET /api/health', () => {
  it('answers 200 while the database answers', async () => {
    const res = await server.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 with the API error body when the database does not', async () => {
    const closedDir = await fs.mkdtemp(path.join(tmp, 'closed-'));
    const closed = await openTestPglite(closedDir);
    const broken = await buildTestApp(
      testConfig({ DATA_DIR: closedDir, SITE_DIR: path.join(tmp, 'none') }),
      { db: closed },
      { ready: true },
    );
    await closed.close();
    const res = await broken.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: 'service_unavailable', message: expect.any(String) } });
  });
});
