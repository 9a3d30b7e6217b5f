import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { useTestDatabase } from '../../../test/support/suite-database';
import { activityLog, setMessageState, storeLead, storeManyLeads } from '../../../test/support/lead-fixtures';
import { BOM, parseCsv, parseCsvObjects } from '../../../test/support/parse-csv';
import { EXPECTED_SCORES } from '../../../test/support/requests';
import { LEAD_CSV_HEADER } from './lead-csv';
import { exportFileName, exportLeadsCsv, startOfDay } from './lead-export';

describe('startOfDay and exportFileName', () => {
  it('reads YYYY-MM-DD as 00:00 UTC and refuses a day that does not exist', () => {
    expect(startOfDay('2028-02-29')?.toISOString()).toBe('2028-02-29T00:00:00.000Z');
    for (const value of ['2026-02-29', '2026-13-01', '2026-1-5', '26-01-01', '', '2026-01-01T00:00:00Z']) {
      expect(startOfDay(value)).toBeUndefined();
    }
  });

  it('names the download by the UTC day', () => {
    expect(exportFileName(new Date('2026-11-23T23:59:59Z'))).toBe('care-audit-leads-2026-11-23.csv');
  });
});

describe.each(DATABASE_KINDS)('exportLeadsCsv on %s', (kind) => {
  const t = useTestDatabase(kind);

  it('writes the header with the first batch and each batch as it is read, and records the export', async () => {
    await storeManyLeads(t.db, 5);
    const chunks: string[] = [];
    const count = await exportLeadsCsv(
      t.db,
      { actor: 'sam@care-audit.example', batchSize: 2 },
      async (chunk) => {
        chunks.push(chunk);
      },
    );
    expect(count).toBe(5);
    // The byte order mark once, at the very start of the file.
    expect(chunks[0]?.startsWith(`${BOM}Request ID,`)).toBe(true);
    expect(chunks.slice(1).some((chunk) => chunk.includes(BOM))).toBe(false);
    expect(chunks.map((c) => parseCsv(c).length)).toEqual([3, 2, 1]);
    expect(parseCsv(chunks[0]!)[0]).toEqual(LEAD_CSV_HEADER);
    expect(await activityLog(t.db)).toEqual([
      { actor: 'sam@care-audit.example', action: 'export', subject: null, detail: '5 leads' },
    ]);
  });

  it('writes only the header (after the byte order mark) when there are no leads', async () => {
    const chunks: string[] = [];
    expect(
      await exportLeadsCsv(t.db, { actor: 'sam@care-audit.example' }, async (c) => void chunks.push(c)),
    ).toBe(0);
    expect(chunks).toEqual([`${BOM}${LEAD_CSV_HEADER.join(',')}\r\n`]);
  });

  it('writes readable headers, the workspace’s words for every coded value and UK local times', async () => {
    // 14:05 BST on 1 July; its results e-mail sent at 00:30 BST on 2 July (still 1 July in UTC).
    const summer = await storeLead(t.db, {
      email: 'manager@care-home.example',
      consent: true,
      team: true,
      createdAt: new Date('2026-07-01T13:05:00Z'),
      contact: { name: 'Zoë Brontë', phone: '+44 20 7946 0000' },
      profile: { serviceType: 'residential', size: '25_99' },
      source: { utmSource: 'newsletter', utmCampaign: 'autumn' },
      note: '=HYPERLINK("https://evil.example","click")',
    });
    await setMessageState(t.db, summer, 'visitor', {
      status: 'sent',
      attempts: 1,
      sentAt: new Date('2026-07-01T23:30:00Z'),
    });
    await setMessageState(t.db, summer, 'team', {
      status: 'failed',
      attempts: 8,
      lastError: '550 no mailbox',
    });
    await t.db.query(`UPDATE leads SET follow_up_status = 'contacted' WHERE id = $1`, [summer]);
    // 09:00 GMT on 28 November, no consent, a direct visit, nothing given.
    await storeLead(t.db, { email: 'quiet@example.org', createdAt: new Date('2026-11-28T09:00:00Z') });

    let csv = '';
    await exportLeadsCsv(t.db, { actor: 'sam@care-audit.example' }, async (chunk) => void (csv += chunk));
    const [header] = parseCsv(csv);
    expect(header?.slice(0, 8)).toEqual([
      'Request ID',
      'Lead ID',
      'Received (UK time)',
      'Email',
      'Note',
      'Consent to contact',
      'Consent wording',
      'Consent given (UK time)',
    ]);
    // No header is a code: words, spaces and brackets only.
    for (const name of header ?? []) expect(name).not.toMatch(/_/);
    const [first, second] = parseCsvObjects(csv);
    expect(first).toMatchObject({
      'Received (UK time)': '2026-07-01 14:05',
      Email: 'manager@care-home.example',
      // A formula in a visitor's note is written as text.
      Note: `'=HYPERLINK("https://evil.example","click")`,
      'Consent to contact': 'Yes',
      'Consent given (UK time)': '2026-07-01 14:05',
      'Overall score (%)': String(EXPECTED_SCORES.overall),
      'Results e-mail: status': 'Sent',
      'Results e-mail: attempts': '1',
      'Results e-mail: sent (UK time)': '2026-07-02 00:30',
      'Team e-mail: status': 'Failed',
      'Team e-mail: attempts': '8',
      'Team e-mail: last error': '550 no mailbox',
      'Team e-mail: sent (UK time)': '',
      Status: 'Contacted',
      Name: 'Zoë Brontë',
      Phone: `'+44 20 7946 0000`,
      'Service type': 'Residential care',
      Size: '25–99 people',
      'UTM source': 'newsletter',
      'UTM campaign': 'autumn',
      Source: 'newsletter',
      'Action plan: planned': '0',
    });
    expect(second).toMatchObject({
      'Received (UK time)': '2026-11-28 09:00',
      'Consent to contact': 'No',
      'Consent wording': '',
      'Consent given (UK time)': '',
      'Results e-mail: status': 'Waiting',
      'Team e-mail: status': '',
      Status: 'New',
      'Service type': '',
      Size: '',
      Source: 'Direct',
      Owner: '',
      'Next follow-up': '',
    });
  });

  it('records an export stopped part way (a reader gone) with how much had left, and fails', async () => {
    await storeManyLeads(t.db, 5);
    let writes = 0;
    await expect(
      exportLeadsCsv(t.db, { actor: 'sam@care-audit.example', batchSize: 2 }, async () => {
        if (++writes === 2) throw new Error('the client went away');
      }),
    ).rejects.toThrow('the client went away');
    expect(await activityLog(t.db)).toEqual([
      { actor: 'sam@care-audit.example', action: 'export', subject: null, detail: 'stopped after 2 leads' },
    ]);
  });
});
