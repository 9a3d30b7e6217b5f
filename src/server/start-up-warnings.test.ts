import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configWarnings } from './config';
import { openTestDatabase, type TestDatabase } from '../../test/support/databases';
import { buildTestApp } from '../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../test/support/test-config';

describe('the start-up warning about TRUST_PROXY=true', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await t?.destroy();
  });

  async function startUpLog(env: Record<string, string>): Promise<Array<{ level: number; msg: string }>> {
    const lines: string[] = [];
    const app = await buildTestApp(testConfig({ LOG_LEVEL: 'info', ...apiOnlyEnv(t.dataDir), ...env }), {
      db: t.db,
      logStream: { write: (line) => void lines.push(line) },
    });
    await app.close();
    return lines.map((line) => JSON.parse(line) as { level: number; msg: string });
  }

  it('is logged at warn level for true, naming the hop count as the fix', async () => {
    const warnings = (await startUpLog({ TRUST_PROXY: 'true' })).filter(
      (l) => l.level === 40 && l.msg.includes('TRUST_PROXY'),
    );
    expect(warnings.map((w) => w.msg)).toEqual([
      expect.stringMatching(
        /^TRUST_PROXY=true takes the client address from the first X-Forwarded-For entry.*number of proxies/,
      ),
    ]);
  });

  it.each(['false', '1', '2', '10.0.0.1,10.0.0.0/8'])('is not logged for %s', async (value) => {
    const log = await startUpLog({ TRUST_PROXY: value });
    expect(log.filter((l) => l.msg.includes('TRUST_PROXY'))).toEqual([]);
    expect(configWarnings(testConfig({ TRUST_PROXY: value }))).toEqual([]);
  });
});
