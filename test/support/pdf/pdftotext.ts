import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The text of each page of a PDF as poppler's `pdftotext -f N -l N` extracts it (Node-only test
 * utility): index 0 is page 1. A reader independent of pdf.js and of the structure tree, to say
 * what a person sees on which page.
 */
export async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'care-audit-pdftotext-'));
  try {
    const file = join(dir, 'report.pdf');
    await writeFile(file, bytes);
    const pages: string[] = [];
    const { stdout: info } = await run('pdfinfo', [file], { encoding: 'utf8' });
    const count = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
    if (!Number.isInteger(count) || count < 1) throw new Error('pdfinfo gave no page count');
    for (let page = 1; page <= count; page++) {
      const { stdout } = await run('pdftotext', ['-f', String(page), '-l', String(page), file, '-'], {
        encoding: 'utf8',
      });
      pages.push(stdout);
    }
    return pages;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error('pdftotext is not installed: install poppler-utils (apt-get install poppler-utils).', {
        cause: error,
      });
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Text with every run of white space (line breaks included) made one space, to find a phrase in. */
export function flat(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
