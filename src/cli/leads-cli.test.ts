import os from 'node:os';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../server/config';
import { DatabaseUnavailableError, type Database } from '../server/db/database';
import { DATABASE_KINDS, openTestDatabase, rowCounts, type TestDatabase } from '../../test/support/databases';
import { commandLineActor, recordActivity } from '../server/activity/team-activity';
import { sessionCookieName } from '../server/team-sign-in/team-auth';
import { createSession } from '../server/team-sign-in/team-sessions';
import {
  activityLog,
  daysAgo,
  messageRow,
  setMessageState,
  storeFailedSignIn,
  storeLead,
} from '../../test/support/lead-fixtures';
import { EXPECTED_SCORES } from '../../test/support/requests';
import { teamRequest } from '../../test/support/team-sign-in';
import { buildTestApp } from '../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../test/support/test-config';
import { LEAD_CSV_HEADER } from '../server/leads/lead-csv';
import { setFollowUpDay, setFollowUpStatus, setLeadOwner } from '../server/leads/lead-follow-up';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, LEADS_HELP, parseDay, runLeads } from './leads-cli';
import { parseCsv, parseCsvObjects } from '../../test/support/parse-csv';

class Captured extends Writable {
  text = '';
  override _write(
    chunk: Buffer | string,
    _encoding: BufferEncoding,
    done: (error?: Error | null) => void,
  ): void {
    this.text += chunk.toString();
    done();
  }
}

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function leads(
  args: string[],
  options: { env?: Record<string, string>; connect?: (config: Config) => Promise<Database> } = {},
): Promise<Outcome> {
  const stdout = new Captured();
  const stderr = new Captured();
  const code = await runLeads(args, {
    stdout,
    stderr,
    env: { LOG_LEVEL: 'silent', ...options.env },
    connect: options.connect ?? (() => Promise.reject(new Error('this command must not open the database'))),
  });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

const HINT = 'Run `npm run leads -- --help` for the commands.\n';

describe('the leads command line, before any database', () => {
  it.each([[['--help']], [['-h']], [['export', '--help']], [['erase', '-h']]])(
    'prints the help for %j',
    async (args) => {
      expect(await leads(args)).toEqual({ code: EXIT_OK, stdout: LEADS_HELP, stderr: '' });
    },
  );

  it('lists every command in its help', () => {
    for (const command of [
      'export [--since YYYY-MM-DD]',
      'erase <address>',
      'failed [--json]',
      'retry <message-id>',
      'purge [--days N]',
      'audit-log',
    ]) {
      expect(LEADS_HELP).toContain(command);
    }
  });

  it.each([
    [[], 'no command given'],
    [['frobnicate'], 'unknown command "frobnicate"'],
    [['toString'], 'unknown command "toString"'],
    [['EXPORT'], 'unknown command "EXPORT"'],
  ])('answers %j with the help on standard error and exit code 2', async (args, problem) => {
    expect(await leads(args)).toEqual({
      code: EXIT_USAGE,
      stdout: '',
      stderr: `leads: ${problem}\n\n${LEADS_HELP}`,
    });
  });

  it.each([
    [
      ['export', '--since', '2026-02-30'],
      '--since must be a date as YYYY-MM-DD, like 2026-01-31 (got "2026-02-30")',
    ],
    [
      ['export', '--since', '2026-13-01'],
      '--since must be a date as YYYY-MM-DD, like 2026-01-31 (got "2026-13-01")',
    ],
    [
      ['export', '--since', '26-01-01'],
      '--since must be a date as YYYY-MM-DD, like 2026-01-31 (got "26-01-01")',
    ],
    [
      ['export', '--since', '2026-1-5'],
      '--since must be a date as YYYY-MM-DD, like 2026-01-31 (got "2026-1-5")',
    ],
    [
      ['export', '--since', 'yesterday'],
      '--since must be a date as YYYY-MM-DD, like 2026-01-31 (got "yesterday")',
    ],
    [
      ['export', '--since=2026-01-01T00:00:00Z'],
      '--since must be a date as YYYY-MM-DD, like 2026-01-31 (got "2026-01-01T00:00:00Z")',
    ],
    [['export', '--since'], "export: Option '--since <value>' argument missing"],
    [['export', 'everything'], 'export takes no arguments'],
    [['export', '--all'], "export: Unknown option '--all'"],
    [['erase'], 'erase needs an e-mail address'],
    [
      ['erase', 'care.manager'],
      'erase needs an e-mail address, like care.manager@example.com (got "care.manager")',
    ],
    [
      ['erase', 'care\u0007manager@example.com'],
      'erase needs an e-mail address, like care.manager@example.com (got "care\\u0007manager@example.com")',
    ],
    [['erase', 'a@example.org', 'b@example.org'], 'erase takes one argument'],
    [['failed', '--since', '2026-01-01'], "failed: Unknown option '--since'"],
    [['retry'], 'retry needs a message id'],
    [['audit-log', 'everything'], 'audit-log takes no arguments'],
    [['audit-log', '--since', '2026-01-01'], "audit-log: Unknown option '--since'"],
    [['purge', '--days', '0'], '--days must be a whole number from 1 to 36500 (got "0")'],
    [['purge', '--days', '36501'], '--days must be a whole number from 1 to 36500 (got "36501")'],
    [['purge', '--days', '1.5'], '--days must be a whole number from 1 to 36500 (got "1.5")'],
    [['purge', '--days', 'ten'], '--days must be a whole number from 1 to 36500 (got "ten")'],
  ])(
    'refuses %j with one line on standard error, nothing on standard output, exit code 2',
    async (args, problem) => {
      expect(await leads(args)).toEqual({
        code: EXIT_USAGE,
        stdout: '',
        stderr: `leads: ${problem}\n${HINT}`,
      });
    },
  );

  it('names a bad environment variable, with exit code 1', async () => {
    const outcome = await leads(['purge'], { env: { RETENTION_DAYS: '0' } });
    expect(outcome.code).toBe(EXIT_FAILURE);
    expect(outcome.stdout).toBe('');
    expect(outcome.stderr).toMatch(
      /^leads: Invalid configuration:\n {2}- RETENTION_DAYS must be a whole number from 1 to 36500/,
    );
  });

  it('says when the database cannot be reached, with exit code 1 and nothing on standard output', async () => {
    const unreachable = () =>
      Promise.reject(
        new DatabaseUnavailableError({ cause: new Error('connect ECONNREFUSED 127.0.0.1:5432') }),
      );
    expect(await leads(['export'], { connect: unreachable })).toEqual({
      code: EXIT_FAILURE,
      stdout: '',
      stderr: 'leads: cannot reach the database: connect ECONNREFUSED 127.0.0.1:5432\n',
    });
  });

  it('reads --since as the start of that day in UTC', () => {
    expect(parseDay('2026-02-28').toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(parseDay('2028-02-29').toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(() => parseDay('2026-02-29')).toThrow('--since must be a date');
  });
});

describe.each(DATABASE_KINDS)('the leads commands on %s', (kind) => {
  let t: TestDatabase;
  let closes = 0;
  // The test owns the database; the command's close is counted, not done.
  const connect = async (): Promise<Database> => ({
    ...t.db,
    close: async () => {
      closes++;
    },
  });
  const run = (args: string[], env: Record<string, string> = {}) => leads(args, { env, connect });

  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  beforeEach(async () => {
    await t.reset();
    closes = 0;
  });
  // What the log records for a command run by this test's user.
  const cli = commandLineActor(os.userInfo().username);
  afterAll(async () => {
    await t?.destroy();
  });

  describe('export', () => {
    const awkwardNote = 'Call me on Tuesday, or "any" day.\r\nSecond line,\nthird line';

    it('writes every request as RFC 4180 CSV with scores and delivery state, guarding formulas', async () => {
      const first = await storeLead(t.db, {
        email: 'Care.Manager@Example.COM',
        note: awkwardNote,
        team: true,
        consent: true,
        contact: {
          name: 'Ann Smith',
          organisation: 'Sunrise, Care & Co',
          role: 'Manager',
          phone: '+44 20 7946 0000',
        },
        profile: { serviceType: 'supported_living', size: '100_plus' },
        source: {
          utmSource: 'newsletter',
          utmMedium: 'email',
          utmCampaign: 'winter',
          referrerHost: 'mail.example.com',
        },
        createdAt: new Date('2026-11-01T08:00:00.000Z'),
      });
      await setLeadOwner(t.db, first, 'sam@care-audit.example', 'sam@care-audit.example');
      await setFollowUpDay(t.db, first, '2026-11-30', 'sam@care-audit.example');
      await t.db.query('TRUNCATE team_activity');
      await setMessageState(t.db, first, 'visitor', {
        status: 'sent',
        attempts: 2,
        sentAt: new Date('2026-11-01T08:00:31.000Z'),
      });
      await setMessageState(t.db, first, 'team', {
        status: 'failed',
        attempts: 8,
        lastError: 'Error: 550 "no such mailbox", said the relay',
      });
      const formulas = ['=HYPERLINK("http://evil.example","Click")', '+44 20 7946 0000', '-2+3', '@SUM(A1)'];
      for (const [n, note] of formulas.entries()) {
        await storeLead(t.db, {
          email: `formula${n}@example.org`,
          note,
          createdAt: new Date(`2026-11-0${n + 2}T08:00:00.000Z`),
        });
      }
      await storeLead(t.db, {
        email: 'quiet@example.org',
        note: null,
        createdAt: new Date('2026-11-09T08:00:00Z'),
      });

      const outcome = await run(['export']);
      expect(outcome.code).toBe(EXIT_OK);
      expect(outcome.stderr).toBe('');
      expect(closes).toBe(1);
      expect(
        outcome.stdout.startsWith(
          // A byte order mark first, so Excel reads the file as UTF-8; then headers in words.
          '\uFEFFRequest ID,Lead ID,Received (UK time),Email,Note,Consent to contact,Consent wording,Consent given (UK time),' +
            'Operational Efficiency (%),Compliance & Regulations (%),Service Quality (%),Staff Training & Support (%),' +
            'Data Management (%),Overall score (%),' +
            'Results e-mail: status,Results e-mail: attempts,Results e-mail: last error,Results e-mail: sent (UK time),' +
            'Team e-mail: status,Team e-mail: attempts,Team e-mail: last error,Team e-mail: sent (UK time),Status,' +
            'Name,Organisation,Role,Phone,Service type,Size,' +
            'UTM source,UTM medium,UTM campaign,Referring site,Source,Owner,Next follow-up,' +
            'Action plan: planned,Action plan: in progress,Action plan: done\r\n',
        ),
      ).toBe(true);

      const [header] = parseCsv(outcome.stdout);
      expect(header).toEqual(LEAD_CSV_HEADER);
      const rows = parseCsvObjects(outcome.stdout);
      expect(rows).toHaveLength(6);
      expect(rows[0]).toEqual({
        'Request ID': first,
        'Lead ID': first,
        // 08:00 UTC on 1 November is 08:00 GMT.
        'Received (UK time)': '2026-11-01 08:00',
        Email: 'Care.Manager@Example.COM',
        Note: awkwardNote,
        'Consent to contact': 'Yes',
        'Consent wording': 'The team may contact me about a free consultation',
        'Consent given (UK time)': '2026-11-01 08:00',
        'Operational Efficiency (%)': String(EXPECTED_SCORES.operational),
        'Compliance & Regulations (%)': String(EXPECTED_SCORES.compliance),
        'Service Quality (%)': String(EXPECTED_SCORES.quality),
        'Staff Training & Support (%)': String(EXPECTED_SCORES.training),
        'Data Management (%)': String(EXPECTED_SCORES.data),
        'Overall score (%)': String(EXPECTED_SCORES.overall),
        'Results e-mail: status': 'Sent',
        'Results e-mail: attempts': '2',
        'Results e-mail: last error': '',
        'Results e-mail: sent (UK time)': '2026-11-01 08:00',
        'Team e-mail: status': 'Failed',
        'Team e-mail: attempts': '8',
        'Team e-mail: last error': 'Error: 550 "no such mailbox", said the relay',
        'Team e-mail: sent (UK time)': '',
        Status: 'New',
        Name: 'Ann Smith',
        Organisation: 'Sunrise, Care & Co',
        Role: 'Manager',
        // A phone number starts like a formula: kept as text.
        Phone: "'+44 20 7946 0000",
        'Service type': 'Supported living',
        Size: '100 or more people',
        'UTM source': 'newsletter',
        'UTM medium': 'email',
        'UTM campaign': 'winter',
        'Referring site': 'mail.example.com',
        Source: 'newsletter',
        Owner: 'sam@care-audit.example',
        'Next follow-up': '2026-11-30',
        'Action plan: planned': '0',
        'Action plan: in progress': '0',
        'Action plan: done': '0',
      });
      expect(rows.slice(1, 5).map((r) => r.Note)).toEqual(formulas.map((note) => `'${note}`));
      expect(rows[5]).toMatchObject({
        Email: 'quiet@example.org',
        Note: '',
        'Consent to contact': 'No',
        'Consent wording': '',
        'Consent given (UK time)': '',
        'Results e-mail: status': 'Waiting',
        'Team e-mail: status': '',
        Name: '',
        Phone: '',
        'Service type': '',
        Size: '',
        'UTM source': '',
        'Referring site': '',
        Source: 'Direct',
        Owner: '',
        'Next follow-up': '',
      });
      // The exact bytes of a note that needs both quoting and the guard.
      expect(outcome.stdout).toContain(`,"'=HYPERLINK(""http://evil.example"",""Click"")",`);
      expect(await activityLog(t.db)).toEqual([
        { actor: cli, action: 'export', subject: null, detail: '6 leads' },
      ]);
    });

    it('with --since, writes only requests from that day on', async () => {
      await storeLead(t.db, { email: 'before@example.org', createdAt: new Date('2026-10-31T23:59:59.999Z') });
      await storeLead(t.db, { email: 'on@example.org', createdAt: new Date('2026-11-01T00:00:00.000Z') });
      await storeLead(t.db, { email: 'after@example.org', createdAt: new Date('2026-11-15T12:00:00.000Z') });
      const outcome = await run(['export', '--since', '2026-11-01']);
      expect(outcome.code).toBe(EXIT_OK);
      expect(parseCsvObjects(outcome.stdout).map((r) => r.Email)).toEqual([
        'on@example.org',
        'after@example.org',
      ]);
      expect(
        parseCsvObjects((await run(['export', '--since=2026-11-02'])).stdout).map((r) => r.Email),
      ).toEqual(['after@example.org']);
      expect((await activityLog(t.db)).map((e) => e.detail)).toEqual([
        '2 leads since 2026-11-01',
        '1 lead since 2026-11-02',
      ]);
    });

    it('writes byte for byte what the workspace downloads for the same data: the same header and rows', async () => {
      const first = await storeLead(t.db, {
        email: 'Care.Manager@Example.COM',
        note: awkwardNote,
        team: true,
        consent: true,
        contact: { name: '=Ann "A" Smith', phone: '(01632) 960-001' },
        profile: { serviceType: 'nursing' },
        source: { referrerHost: 'www.google.com' },
        createdAt: new Date('2026-11-01T08:00:00.000Z'),
      });
      const second = await storeLead(t.db, {
        email: 'formula@example.org',
        note: '=1+1',
        profile: { size: 'under_25' },
        source: { utmSource: '@campaign', utmCampaign: 'spring, "new"' },
        createdAt: new Date('2026-11-02'),
      });
      await setLeadOwner(t.db, second, 'sam@care-audit.example', 'sam@care-audit.example');
      await setFollowUpDay(t.db, second, '2026-11-03', 'sam@care-audit.example');
      await t.db.query('TRUNCATE team_activity');
      // Nothing left for the app's outbox to send, so the delivery columns stay put between the two.
      const sent = { status: 'sent', attempts: 1, sentAt: new Date('2026-11-02T10:00:00Z') } as const;
      await setMessageState(t.db, first, 'visitor', sent);
      await setMessageState(t.db, first, 'team', { status: 'failed', attempts: 8, lastError: 'Error: 550' });
      await setMessageState(t.db, second, 'visitor', sent);
      const member = 'sam@care-audit.example';
      const config = testConfig({
        ...apiOnlyEnv(t.dataDir),
        TEAM_EMAILS: member,
      });
      const app = await buildTestApp(config, { db: t.db });
      const { secret } = await createSession(t.db, member);
      const cookie = `${sessionCookieName(config.publicUrl)}=${secret}`;
      const exported: string[] = [];
      for (const since of ['', '?since=2026-11-02']) {
        const download = await teamRequest(app, 'GET', `/api/team/export.csv${since}`, { cookie });
        expect(download.statusCode).toBe(200);
        const cli = await run(since ? ['export', '--since', '2026-11-02'] : ['export']);
        expect(parseCsv(cli.stdout)[0]).toEqual(LEAD_CSV_HEADER);
        expect(parseCsv(cli.stdout)).toEqual(parseCsv(download.body));
        expect(cli.stdout).toBe(download.body);
        exported.push(cli.stdout);
      }
      const rows = parseCsvObjects(exported[0] ?? '');
      expect(rows.map((r) => [r.Name, r.Phone, r['Service type'], r.Size, r.Source])).toEqual([
        [`'=Ann "A" Smith`, '(01632) 960-001', 'Nursing care', '', 'www.google.com'],
        ['', '', '', 'Under 25 people', "'@campaign"],
      ]);
      expect(rows[1]).toMatchObject({
        'UTM source': "'@campaign",
        'UTM campaign': 'spring, "new"',
        Owner: 'sam@care-audit.example',
        'Next follow-up': '2026-11-03',
      });
      await app.close();
      expect((await activityLog(t.db)).map((e) => [e.actor, e.detail])).toEqual([
        [member, '2 leads'],
        [cli, '2 leads'],
        [member, '1 lead since 2026-11-02'],
        [cli, '1 lead since 2026-11-02'],
      ]);
    });

    it('writes the header alone when there is nothing to export', async () => {
      expect(await run(['export'])).toEqual({
        code: EXIT_OK,
        stdout: `\uFEFF${LEAD_CSV_HEADER.join(',')}\r\n`,
        stderr: '',
      });
    });
  });

  describe('erase', () => {
    it('erases an address stored in mixed case when given in lower case, and says how many', async () => {
      await storeLead(t.db, { email: 'Care.Manager@Example.COM', note: 'one', team: true });
      await storeLead(t.db, { email: 'care.manager@EXAMPLE.com', note: 'two' });
      await storeLead(t.db, { email: 'other@example.com', team: true });

      expect(await run(['erase', 'care.manager@example.com'])).toEqual({
        code: EXIT_OK,
        stdout: 'Erased 2 requests and 3 messages for care.manager@example.com.\n',
        stderr: '',
      });
      expect(await rowCounts(t.db)).toEqual({ requests: 1, messages: 2 });
      expect(parseCsvObjects((await run(['export'])).stdout).map((r) => r.Email)).toEqual([
        'other@example.com',
      ]);
      expect((await run(['erase', 'Care.Manager@Example.COM'])).stdout).toBe(
        'Erased 0 requests and 0 messages for care.manager@example.com.\n',
      );
      expect((await activityLog(t.db)).filter((e) => e.action === 'erase')).toEqual([
        { actor: cli, action: 'erase', subject: 'c•••@example.com', detail: '2 requests and 3 messages' },
        { actor: cli, action: 'erase', subject: 'c•••@example.com', detail: '0 requests and 0 messages' },
      ]);
    });

    it('says when a message was being sent as it was erased', async () => {
      const id = await storeLead(t.db, { email: 'mid@example.org' });
      await setMessageState(t.db, id, 'visitor', { status: 'sending', attempts: 1, claimedBy: 'server-1' });
      expect((await run(['erase', 'MID@example.org'])).stdout).toBe(
        'Erased 1 request and 1 message for mid@example.org.\n' +
          '1 of those messages was being sent by a server at that moment: the relay may still deliver it, but nothing about it is kept.\n',
      );
    });
  });

  describe('failed and retry', () => {
    it('lists failed messages as a table and as JSON, and retry queues one again', async () => {
      const id = await storeLead(t.db, { email: 'lost@example.org', team: true });
      const failed = await setMessageState(t.db, id, 'visitor', {
        status: 'failed',
        attempts: 8,
        lastError: 'Error: connect ECONNREFUSED 10.0.0.5:465',
      });
      const team = await setMessageState(t.db, id, 'team', {
        status: 'sent',
        attempts: 1,
        sentAt: new Date(),
      });

      const table = await run(['failed']);
      expect(table.code).toBe(EXIT_OK);
      expect(table.stderr).toBe('');
      const lines = table.stdout.split('\n');
      expect(lines[0]).toMatch(/^id\s+kind\s+recipient\s+attempts\s+created_at\s+last_error$/);
      expect(lines[1]).toMatch(
        new RegExp(
          `^${failed}\\s+visitor\\s+lost@example\\.org\\s+8\\s+\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\s+Error: connect ECONNREFUSED 10\\.0\\.0\\.5:465$`,
        ),
      );
      expect(lines[2]).toBe('1 failed message. Queue one again with: npm run leads -- retry <id>');

      const json = await run(['failed', '--json']);
      expect(JSON.parse(json.stdout)).toEqual([
        {
          id: failed,
          requestId: id,
          kind: 'visitor',
          recipient: 'lost@example.org',
          attempts: 8,
          lastError: 'Error: connect ECONNREFUSED 10.0.0.5:465',
          createdAt: expect.stringMatching(/Z$/),
        },
      ]);

      expect(await run(['retry', failed])).toEqual({
        code: EXIT_OK,
        stdout: `Queued the visitor message ${failed} to lost@example.org again, with up to 8 attempts. A running server sends it at its next poll, a stopped one when it starts.\n`,
        stderr: '',
      });
      expect(await messageRow(t.db, failed)).toMatchObject({ status: 'queued', attempts: 0 });
      expect(await run(['failed'])).toEqual({ code: EXIT_OK, stdout: 'No failed messages.\n', stderr: '' });
      expect(JSON.parse((await run(['failed', '--json'])).stdout)).toEqual([]);

      expect(await run(['retry', failed])).toEqual({
        code: EXIT_FAILURE,
        stdout: '',
        stderr: `leads: message ${failed} is queued, not failed; only failed messages can be retried\n`,
      });
      expect((await run(['retry', team])).stderr).toBe(
        `leads: message ${team} is sent, not failed; only failed messages can be retried\n`,
      );
      expect(await run(['retry', '5b0c1a4e-0000-4000-8000-000000000000'])).toEqual({
        code: EXIT_FAILURE,
        stdout: '',
        stderr:
          'leads: there is no message with id "5b0c1a4e-0000-4000-8000-000000000000" (see: npm run leads -- failed)\n',
      });
      expect((await run(['retry', 'nonsense'])).code).toBe(EXIT_FAILURE);
      // The one retry that queued something is recorded, by the command line.
      expect(await activityLog(t.db)).toEqual([
        { actor: cli, action: 'retry', subject: failed, detail: 'visitor message' },
      ]);
    });

    it('lists a failed sign-in link with its kind, and refuses to retry it', async () => {
      const signIn = await storeFailedSignIn(t.db, 'member@care-audit.example');
      expect((await run(['failed'])).stdout.split('\n')[1]).toMatch(
        new RegExp(`^${signIn}\\s+sign_in\\s+member@care-audit\\.example\\s+8\\s`),
      );
      expect(await run(['retry', signIn])).toEqual({
        code: EXIT_FAILURE,
        stdout: '',
        stderr: `leads: message ${signIn}: A sign-in link that failed cannot be sent again (its link was discarded); ask for a new one on the sign-in page.\n`,
      });
      expect(await messageRow(t.db, signIn)).toMatchObject({ status: 'failed', attempts: 8 });
      expect(await activityLog(t.db)).toEqual([]);
    });
  });

  describe('audit-log', () => {
    it('writes the header alone when nobody has done anything yet', async () => {
      expect(await run(['audit-log'])).toEqual({
        code: EXIT_OK,
        stdout: 'time,actor,action,subject,detail,lead\r\n',
        stderr: '',
      });
    });

    it('writes the whole log as CSV, oldest first, in batches, guarding formulas', async () => {
      await recordActivity(t.db, { actor: 'a@care-audit.example', action: 'sign_in' });
      const lead = await storeLead(t.db, { email: 'lead@example.org' });
      await setFollowUpStatus(t.db, lead, 'contacted', 'a@care-audit.example');
      // An entry from before the log named its leads, whose lead has been erased since.
      await t.db.query(
        "INSERT INTO team_activity (actor, action, subject, detail) VALUES ('a@care-audit.example', 'note_added', $1, NULL)",
        ['0b6f3c1e-5d0a-4a57-9f54-8c2d1e7a9b10'],
      );
      await run(['erase', 'lead@example.org']);
      // A detail that starts like a formula is written as text.
      await recordActivity(t.db, {
        actor: 'b@care-audit.example',
        action: 'export',
        detail: '=1+1, "quoted"',
      });
      // More than one batch of the reader (1,000), so the batches must join up in order.
      await t.db.query(
        "INSERT INTO team_activity (actor, action) SELECT 'bulk' || n, 'sign_out' FROM generate_series(0, 1000) AS n",
      );
      closes = 0;

      const outcome = await run(['audit-log']);
      expect(outcome.code).toBe(EXIT_OK);
      expect(closes).toBe(1);
      const rows = parseCsvObjects(outcome.stdout);
      expect(parseCsv(outcome.stdout)[0]).toEqual(['time', 'actor', 'action', 'subject', 'detail', 'lead']);
      expect(rows).toHaveLength(1_006);
      // No id anywhere: the lead by its masked address (kept after its erasure), an erased lead of old by words.
      expect(rows.slice(0, 5)).toEqual([
        {
          time: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
          actor: 'a@care-audit.example',
          action: 'sign_in',
          subject: '',
          detail: '',
          lead: '',
        },
        {
          time: expect.any(String),
          actor: 'a@care-audit.example',
          action: 'status_change',
          subject: '',
          detail: 'new → contacted',
          lead: 'l•••@example.org',
        },
        {
          time: expect.any(String),
          actor: 'a@care-audit.example',
          action: 'note_added',
          subject: '',
          detail: '',
          lead: 'an erased lead',
        },
        {
          time: expect.any(String),
          actor: cli,
          action: 'erase',
          subject: 'l•••@example.org',
          detail: '1 request and 1 message',
          lead: '',
        },
        {
          time: expect.any(String),
          actor: 'b@care-audit.example',
          action: 'export',
          subject: '',
          detail: `'=1+1, "quoted"`,
          lead: '',
        },
      ]);
      expect(outcome.stdout).not.toContain(lead);
      expect(outcome.stdout).not.toContain('0b6f3c1e');
      expect(rows.at(-1)).toMatchObject({ actor: 'bulk1000', action: 'sign_out' });
      const times = rows.map((r) => Date.parse(r.time ?? ''));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      // Reading the log is not itself recorded.
      expect((await activityLog(t.db)).length).toBe(1_006);
    });
  });

  describe('purge', () => {
    it('deletes requests older than RETENTION_DAYS, or --days, and says how many', async () => {
      await storeLead(t.db, { email: 'expired@example.org', team: true, createdAt: daysAgo(30.01) });
      await storeLead(t.db, { email: 'kept@example.org', createdAt: daysAgo(29.99) });
      await storeLead(t.db, { email: 'recent@example.org', createdAt: daysAgo(5) });

      expect(await run(['purge'], { RETENTION_DAYS: '30' })).toEqual({
        code: EXIT_OK,
        stdout: 'Purged 1 request and 2 messages older than 30 days.\n',
        stderr: '',
      });
      expect(parseCsvObjects((await run(['export'])).stdout).map((r) => r.Email)).toEqual([
        'kept@example.org',
        'recent@example.org',
      ]);
      // --days wins over RETENTION_DAYS.
      expect((await run(['purge', '--days', '10'], { RETENTION_DAYS: '30' })).stdout).toBe(
        'Purged 1 request and 1 message older than 10 days.\n',
      );
      expect((await run(['purge'])).stdout).toBe('Purged 0 requests and 0 messages older than 365 days.\n');
      expect(parseCsvObjects((await run(['export'])).stdout).map((r) => r.Email)).toEqual([
        'recent@example.org',
      ]);
    });
  });

  it('closes the database when a command fails', async () => {
    expect((await run(['retry', '00000000-0000-4000-8000-000000000000'])).code).toBe(EXIT_FAILURE);
    expect(closes).toBe(1);
  });
});
