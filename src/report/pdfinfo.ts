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
  // pdfinfo reads a file, not standard input.
  const dir = await mkdtemp(join(tmpdir(), 'care-audit-pdfinfo-'));
  try {
    const file = join(dir, 'report.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run('pdfinfo', [file], { encoding: 'utf8' }).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new Error('pdfinfo is not installed: install poppler-utils (apt-get install poppler-utils).');
      throw error;
    });
    return parsePdfinfo(stdout);
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
