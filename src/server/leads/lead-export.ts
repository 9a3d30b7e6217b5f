import type { Database } from '../db/database';
import { recordActivity } from '../activity/team-activity';
import { csvLine } from '../http/csv';
import { LEAD_CSV_BOM, LEAD_CSV_HEADER, leadCsvValues } from './lead-csv';
import { readLeadRecords } from './lead-records';

/**
 * The CSV export, written in one place for the CLI's `export` and the workspace's download, so
 * both give the same file for the same data.
 */

/**
 * The start (00:00 UTC) of a day written YYYY-MM-DD, for `since`; undefined for anything else,
 * a day that does not exist (2026-02-30) included.
 */
export function startOfDay(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return day.toISOString().slice(0, 10) === value ? day : undefined;
}

/** The download's file name for a day: care-audit-leads-2026-11-23.csv. */
export function exportFileName(day: Date): string {
  return `care-audit-leads-${day.toISOString().slice(0, 10)}.csv`;
}

export interface LeadExportOptions {
  /** Only requests made at or after this time. */
  since?: Date;
  /** Who exported: recorded in the activity log. */
  actor: string;
  /** Rows read per query; memory holds one batch at a time. */
  batchSize?: number;
}

/**
 * Writes every request (oldest first) as CSV through `write`, a batch at a time, waiting for each
 * write (so a slow reader holds the reading back); resolves with how many there were.
 *
 * The header waits for the first rows (or the end), so a database that fails at once writes
 * nothing rather than a header that looks like an empty export. The export is recorded once it
 * ends, also when it stops part way (a reader that went away, a database that failed): what was
 * written by then has left, so the log says how much.
 */
export async function exportLeadsCsv(
  db: Database,
  options: LeadExportOptions,
  write: (chunk: string) => Promise<void>,
): Promise<number> {
  // The byte order mark goes with the header, once, at the very start of the file.
  let header = LEAD_CSV_BOM + csvLine(LEAD_CSV_HEADER);
  let written = 0;
  let failure: unknown;
  try {
    await readLeadRecords(db, { since: options.since, batchSize: options.batchSize }, async (records) => {
      await write(header + records.map((r) => csvLine(leadCsvValues(r))).join(''));
      header = '';
      written += records.length;
    });
    if (header) await write(header);
  } catch (error) {
    failure = error;
  }
  const since = options.since ? ` since ${options.since.toISOString().slice(0, 10)}` : '';
  const leads = `${written} lead${written === 1 ? '' : 's'}`;
  try {
    await recordActivity(db, {
      actor: options.actor,
      action: 'export',
      detail: failure === undefined ? `${leads}${since}` : `stopped after ${leads}${since}`,
    });
  } catch (error) {
    // The export's own failure says more (the log cannot be written for the same reason, likely).
    throw failure ?? error;
  }
  if (failure !== undefined) throw failure;
  return written;
}
