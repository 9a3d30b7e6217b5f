import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * What poppler's `pdfinfo` says about a PDF (Node-only test utility): a second, independent reader
 * beside pdf.js, and the one people run by hand ("Tagged: yes", "Pages: 9", "PDF version: 1.7").
 * Fields are keyed as pdfinfo prints them, values trimmed.
 */
export type PdfinfoFields = Record<string, string>;

const run = promisify(execFile);

export async function pdfinfo(bytes: Uint8Array): Promise<PdfinfoFields> {
  return parsePdfinfo(await runPoppler('pdfinfo', bytes));
}

/** What one of poppler's tools (`pdfinfo`, `pdffonts`) prints for a PDF given as bytes. */
export async function runPoppler(tool: 'pdfinfo' | 'pdffonts', bytes: Uint8Array): Promise<string> {
  // Poppler's tools read a file, not standard input.
  const dir = await mkdtemp(join(tmpdir(), `care-audit-${tool}-`));
  try {
    const file = join(dir, 'report.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run(tool, [file], { encoding: 'utf8' }).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new Error(`${tool} is not installed: install poppler-utils (apt-get install poppler-utils).`);
      throw error;
    });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** "Key:   value" lines to fields; a line without a colon (none expected) is ignored. */
export function parsePdfinfo(output: string): PdfinfoFields {
  const fields: PdfinfoFields = {};
  for (const line of output.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    fields[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return fields;
}
