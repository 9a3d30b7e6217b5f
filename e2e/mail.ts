import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { expect } from './fixtures';

/** Where scripts/e2e.ts's SMTP listener writes each message it receives, as NNNN-<recipients>.eml. */
const mailDir = process.env.E2E_MAIL_DIR as string;

/** The messages the SMTP listener has received for one recipient, waiting for `count` of them. */
export async function messagesTo(address: string, count = 1): Promise<ParsedMail[]> {
  let files: string[] = [];
  await expect
    .poll(
      async () => {
        files = (await readdir(mailDir)).filter((f) => f.endsWith(`-${address}.eml`));
        return files.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return Promise.all(files.map(async (f) => simpleParser(await readFile(path.join(mailDir, f)))));
}
