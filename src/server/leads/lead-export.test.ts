import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { useTestDatabase } from '../../../test/support/suite-database';
import { activityLog, storeManyLeads } from '../../../test/support/lead-fixtures';
import { parseCsv } from '../../../test/support/parse-csv';
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
    expect(chunks.map((c) => parseCsv(c).length)).toEqual([3, 2, 1]);
    expect(parseCsv(chunks[0]!)[0]).toEqual(LEAD_CSV_HEADER);
    expect(await activityLog(t.db)).toEqual([
      { actor: 'sam@care-audit.example', action: 'export', subject: null, detail: '5 leads' },
    ]);
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
