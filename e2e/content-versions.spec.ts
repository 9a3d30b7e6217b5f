import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { bandFor, scoreAreas } from '../src/core';
import { CONTENT_V1 } from '../src/core/content';
import { pdfText } from '../test/support/pdf/pdf-text';
import { startServerProcess } from '../test/support/server-process';
import { expect, expectNoAxeViolations, STEPPED_ANSWERS } from './fixtures';
import { messagesTo } from './mail';
import { testOnOwnServer } from './own-server';
import { emailResults, rated, storedResultPdfText } from './stored-results';
import { EXPECTED_API_ERRORS, makeLead, open, signIn } from './team-session';

// Issue 34's "done when", against the real server: an editor changes a statement and an advice text
// in the workspace, previews them, publishes, and a new audit shows them, while a result taken
// before keeps the old words on its page, in its e-mail and in its PDF. It publishes, so it runs on
// a server of its own: every other spec meets version 1's words, side by side with it.

const OPERATIONAL = CONTENT_V1.areas[0]!;
const OLD_STATEMENT = OPERATIONAL.statements[0]!.text;
const NEW_STATEMENT =
  'Care plans, daily notes and rotas are all kept in one digital care record that every member of staff uses.';
const NEW_ADVICE =
  'Keep it that way: every spring, ask the staff who use your care record most what slows them down, and fix the top item first.';
// The fixture's answers: operational all 5s, so its advice is the band "Sustain and optimise".
const ANSWERS = rated(STEPPED_ANSWERS.map((ratings) => ratings[0]));
const BAND = bandFor(scoreAreas(ANSWERS).operational);
const OLD_ADVICE = OPERATIONAL.advice[BAND];

const EDITOR = 'content-editor@care-audit.test';
const test = testOnOwnServer(startServerProcess, { TEAM_EMAILS: EDITOR, TEAM_EDITORS: EDITOR });

const fieldset = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

test('an editor rewords a statement and an advice, previews, publishes; old results keep the old words', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(240_000);
  consoleErrors.allow(EXPECTED_API_ERRORS);
  expect(BAND).toBe('sustain');
  const stamp = Date.now() % 1_000_000;

  // A result taken in version 1's words, before anything is published.
  const older = await emailResults(page.request, `before-${stamp}@care-home.test`, ANSWERS);
  const [olderMail] = await messagesTo(`before-${stamp}@care-home.test`);
  expect(olderMail?.text).toContain(OLD_ADVICE);

  // The editor: the workspace's Audit content page.
  await signIn(page, EDITOR);
  await open(page, '/team/content');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit content' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit the next version' }).click();
  const area = fieldset(page, 'Operational Efficiency');
  const statement = area.getByRole('group', { name: 'Statement 1' });
  await statement.getByLabel('Text', { exact: true }).fill(NEW_STATEMENT);
  await area.getByLabel('Advice, Sustain and optimise (80% and above)').fill(NEW_ADVICE);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved.')).toBeVisible();
  await expect(page.getByText('No unsaved changes')).toBeVisible();

  // What changed, against the live version.
  const changes = page.getByRole('region', { name: 'What changed' });
  await changes.getByText(/2 changes from version 1/).click();
  await expect(changes).toContainText(NEW_STATEMENT);
  await expect(changes).toContainText(NEW_ADVICE);

  // The editor at three widths, looked at; axe on each.
  for (const width of [390, 768, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `the editor at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    // The page is long (every word of the audit): its top, the first statement, and what changed.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `test-results/screenshots/content-editor-${width}.png` });
    await statement.screenshot({ path: `test-results/screenshots/content-editor-statement-${width}.png` });
    await changes.screenshot({ path: `test-results/screenshots/content-editor-changes-${width}.png` });
  }

  // Previews in the draft's words: the audit, the results in the band, the e-mail, the PDF.
  const previews = page.getByRole('region', { name: 'Preview' });
  const show = async (kind: 'Audit' | 'Results' | 'E-mail' | 'PDF') => {
    await previews
      .getByRole('radiogroup', { name: 'What to preview' })
      .getByRole('radio', { name: kind, exact: true })
      .check();
    if (kind !== 'Audit') {
      await previews
        .getByRole('radiogroup', { name: 'Sample answers in the band' })
        .getByRole('radio', { name: /^Sustain and optimise/ })
        .check();
    }
    await previews
      .getByRole('button', { name: kind === 'PDF' ? 'Make the preview PDF' : 'Show the preview' })
      .click();
    await expect(previews.getByRole('status')).toContainText('Preview ready');
  };
  await show('Audit');
  await expect(previews).toContainText(NEW_STATEMENT);
  await show('Results');
  await expect(previews).toContainText(NEW_ADVICE);
  await previews.screenshot({ path: 'test-results/screenshots/content-preview-results-390.png' });
  await show('E-mail');
  await expect(previews).toContainText(NEW_ADVICE);
  await show('PDF');
  const download = page.waitForEvent('download');
  await previews.getByRole('link', { name: /PDF/ }).click();
  const previewPdf = (await pdfText(await readFile((await (await download).path()) as string))).replace(
    /\s+/g,
    ' ',
  );
  expect(previewPdf).toContain(NEW_ADVICE.slice(0, 60));

  // Publish, with a note.
  const publish = page.getByRole('region', { name: 'Publish' });
  await publish
    .getByLabel('Note for the version list')
    .fill('New wording for the care record statement and its advice');
  await publish.getByRole('button', { name: 'Publish version 2…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish version 2' }).click();
  await expect(page.getByText('Version 2 is live.')).toBeVisible();

  // A new visitor: the audit asks in version 2's words (every instance within 2 s of the publish).
  const visitor = await browser.newContext();
  const fresh = await visitor.newPage();
  await expect
    .poll(
      async () => {
        await fresh.goto('/audit-tool');
        return fresh.getByRole('radiogroup').first().textContent();
      },
      { timeout: 10_000 },
    )
    .toContain(NEW_STATEMENT);
  await fresh.screenshot({ path: 'test-results/screenshots/content-audit-version-2-390.png' });
  await makeLead(fresh, `after-${stamp}@care-home.test`, { consent: false });
  const [newerMail] = await messagesTo(`after-${stamp}@care-home.test`);
  expect(newerMail?.text).toContain(NEW_ADVICE);
  expect(newerMail?.text).not.toContain(OLD_ADVICE);
  await visitor.close();

  // The older result keeps version 1's words: its page, its e-mail (above) and its PDF.
  await page.goto(older.link);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Exactly the advice: the action plan, once loaded, quotes it after its own words.
  await expect(page.getByText(OLD_ADVICE, { exact: true })).toBeVisible();
  await expect(page.getByText(NEW_ADVICE)).toHaveCount(0);
  const olderPdf = (await storedResultPdfText(page, older.token)).replace(/\s+/g, ' ');
  expect(olderPdf).toContain(OLD_STATEMENT.slice(0, 50));
  expect(olderPdf).not.toContain(NEW_STATEMENT.slice(0, 50));
});
