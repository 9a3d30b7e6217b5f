import { open as openFile, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page, Response } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { STEPPED_ANSWERS, completeAudit, expect, type ProfileChoice } from './fixtures';

// What the team workspace's specs share: the one team address scripts/e2e.ts puts in TEAM_EMAILS,
// the sign-in e-mails the SMTP listener writes for it, and a lead made as a care manager makes one.

export const mailDir = process.env.E2E_MAIL_DIR as string;
export const TEAM_EMAIL = process.env.E2E_TEAM_EMAIL as string;
/** Another member, for specs that need only a session: an address gets 5 sign-in links in 15 minutes. */
export const SECOND_MEMBER_EMAIL = process.env.E2E_SECOND_MEMBER_EMAIL as string;

/** The browser logs every API answer that is not 2xx; a signed-out request (401), a spent token (400). */
export const EXPECTED_API_ERRORS = /status of (400|401|404) /;

/** The e-mails received for a member (the team address unless named) so far (NNNN-<recipients>.eml, in order). */
export async function teamMailFiles(member = TEAM_EMAIL): Promise<string[]> {
  return (await readdir(mailDir)).filter((f) => f.endsWith(`-${member}.eml`)).sort();
}

const SIGN_IN_LINK = /https?:\/\/\S+\/team\/auth\?token=[A-Za-z0-9_-]+/;

/**
 * The sign-in e-mail a spec asked for after `before` was listed. Specs run side by side and all ask
 * for the same address, which new-lead alerts go to as well, so each takes a new e-mail with a
 * sign-in link that no other spec has taken: it claims one by creating `<file>.claimed`, which only
 * one process can create. Every link is good for the one address, so which spec gets which does not
 * matter; that no two use the same one does (a link works once).
 */
export async function claimSignInMail(before: readonly string[], member = TEAM_EMAIL): Promise<ParsedMail> {
  let claimed: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        for (const file of (await teamMailFiles(member)).filter((f) => !before.includes(f))) {
          const mail = await simpleParser(await readFile(path.join(mailDir, file)));
          if (!SIGN_IN_LINK.test(mail.text ?? '')) continue;
          try {
            await (await openFile(path.join(mailDir, `${file}.claimed`), 'wx')).close();
            claimed = mail;
            return true;
          } catch {
            // Taken by another spec: try the next.
          }
        }
        return false;
      },
      { timeout: 15_000, message: 'a sign-in e-mail no other spec has taken' },
    )
    .toBe(true);
  return claimed as ParsedMail;
}

/** The e-mails to the team address (sign-in links and new-lead alerts), read. */
export async function teamMails(): Promise<ParsedMail[]> {
  return Promise.all(
    (await teamMailFiles()).map(async (f) => simpleParser(await readFile(path.join(mailDir, f)))),
  );
}

export function linkIn(mail: ParsedMail): string {
  const link = SIGN_IN_LINK.exec(mail.text ?? '')?.[0];
  expect(link, 'the sign-in link in the e-mail').toBeTruthy();
  return link as string;
}

/** A team page's document: kept out of search engines, in its header and its markup, under a strict CSP. */
export async function expectTeamDocument(page: Page, response: Response | null) {
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers['x-robots-tag']).toContain('noindex');
  expect(headers['cache-control']).toBe('no-store');
  const scriptSrc = /script-src ([^;]*)/.exec(headers['content-security-policy'] ?? '')?.[1];
  expect(scriptSrc).toBeDefined();
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(headers['content-security-policy']).not.toMatch(/unsafe-eval/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
}

/** Opens a team page by address and checks its document. */
export async function open(page: Page, url: string) {
  const response = await page.goto(url);
  await expectTeamDocument(page, response);
}

/** Asks for a link in the sign-in form (the proof of work is solved in the background). */
export async function askForLink(page: Page, member = TEAM_EMAIL) {
  await page.getByLabel('Work e-mail address').fill(member);
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeFocused();
}

/** Signs in as a member (the team address unless named) through the e-mailed link, and waits for the leads. */
export async function signIn(page: Page, member = TEAM_EMAIL) {
  await open(page, '/team/sign-in');
  const before = await teamMailFiles(member);
  await askForLink(page, member);
  await open(page, linkIn(await claimSignInMail(before, member)));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
}

/** What a care manager gives beside the address: a note, consent with contact details, a profile. */
export interface LeadDetails {
  note?: string;
  /** Ticks the consent box; these are typed into the fields it reveals. */
  contact?: { name?: string; organisation?: string; role?: string; phone?: string };
  consent?: boolean;
  profile?: ProfileChoice;
  /** The first page of the visit (one with script), with its utm_* values (kept as the visit's source). */
  landing?: string;
}

/** A lead made through the public form, as a care manager makes one. */
export async function makeLead(page: Page, address: string, details: LeadDetails = {}) {
  if (details.landing) await page.goto(details.landing);
  await completeAudit(page, STEPPED_ANSWERS, details.profile);
  await page.getByRole('link', { name: 'Email Results' }).first().click();
  await page.getByLabel('Email Address *').fill(address);
  if (details.note) await page.getByLabel('Additional Notes (Optional)').fill(details.note);
  if (details.consent !== false) {
    await page.getByRole('checkbox', { name: 'The team may contact me about a free consultation' }).check();
  }
  const contact = details.contact ?? {};
  if (contact.name) await page.getByLabel('Your name').fill(contact.name);
  if (contact.organisation) await page.getByLabel('Organisation').fill(contact.organisation);
  if (contact.role) await page.getByLabel('Your role').fill(contact.role);
  if (contact.phone) await page.getByLabel('Phone number').fill(contact.phone);
  await page.getByRole('button', { name: 'Send Results to Email' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Email Sent Successfully!' })).toBeVisible();
}

/** A lead's id, from its link in the list (the list must show it). */
export async function leadIdOf(page: Page, address: string): Promise<string> {
  const href = await page.getByRole('link', { name: address, exact: true }).getAttribute('href');
  const id = /\/team\/leads\/([^/]+)$/.exec(href ?? '')?.[1];
  expect(id, `the link to ${address}`).toBeTruthy();
  return decodeURIComponent(id as string);
}

/**
 * No column of the tables in the page's cards is cut off: every cell lies within its card and no
 * table is wider than its card (the cards clip what overflows them).
 */
export async function expectNoColumnCutOff(page: Page, table: string) {
  const overflow = await page.locator(table).evaluateAll((tables) =>
    tables.flatMap((node) => {
      const card = node.closest('.card') ?? node.parentElement!;
      const box = card.getBoundingClientRect();
      const problems: string[] = [];
      const table = node.getBoundingClientRect();
      if (table.right > box.right + 0.5 || node.scrollWidth > node.clientWidth + 0.5) {
        // Each column's width, to see which one needs the room.
        const widths = [...((node as HTMLTableElement).tHead?.rows[0]?.cells ?? [])].map(
          (th) => `${th.textContent} ${Math.round(th.getBoundingClientRect().width)}`,
        );
        problems.push(
          `table to ${table.right} px (${node.scrollWidth} px of content) in a card to ${box.right} px: ${widths.join(', ')}`,
        );
      }
      // While the rows are cards the column names are hidden (clipped to a pixel): not cells to see.
      const head = (node as HTMLTableElement).tHead;
      const headHidden = head !== null && getComputedStyle(head).position === 'absolute';
      for (const cell of node.querySelectorAll(headHidden ? 'tbody th, tbody td' : 'th, td')) {
        const r = cell.getBoundingClientRect();
        if (cell.scrollWidth > cell.clientWidth + 1)
          problems.push(`"${cell.textContent?.slice(0, 40)}" is wider than its cell`);
        if (r.right > box.right + 0.5 || r.left < box.left - 0.5)
          problems.push(
            `"${cell.textContent?.slice(0, 40)}" from ${r.left} to ${r.right}, card ${box.left}–${box.right}`,
          );
      }
      return problems;
    }),
  );
  expect(overflow, `${table}: columns cut off`).toEqual([]);
}
