import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import type { Rating } from '../src/core';
import { pdfText } from '../test/support/pdf/pdf-text';
import { expect, expectNoAxeViolations, pictureAtWidths, rateSection, test } from './fixtures';
import { emailResults, rated } from './stored-results';

/**
 * The team audit from end to end, as issue 33's "done when" reads it: a manager opens one from her
 * private results page; three colleagues, each in a browser of their own (a separate context: no
 * storage shared with her or with one another), open the join link and answer the five sections;
 * her page then shows the team's view, her PDF gains its "Your team’s view" page, she closes it and
 * it becomes a result of her progress chain.
 */

/** The page as it stands, pictured at phone, tablet and desktop widths. */
const picture = (page: Page, name: string) => pictureAtWidths(page, `team-flow-${name}`, [390, 768, 1280]);

/** A colleague's answers, one rating per area in the audit's order. */
const COLLEAGUES: readonly { role: string; ratings: readonly Rating[] }[] = [
  { role: 'Care worker', ratings: [2, 3, 4, 5, 1] },
  { role: 'Care worker', ratings: [4, 3, 4, 5, 3] },
  { role: 'Office or admin', ratings: [5, 3, 2, 5, 5] },
];

/** One colleague answering from a browser of their own, as the join link opens. */
async function answerAsColleague(
  browser: Browser,
  joinLink: string,
  colleague: (typeof COLLEAGUES)[number],
  pictured = false,
): Promise<void> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(joinLink);
    await page.waitForFunction(() => !document.documentElement.hasAttribute('data-app-starting'));
    await expect(page.getByText('You are answering Rowan House’s team audit.')).toBeVisible();
    if (pictured) await picture(page, 'join');
    for (let n = 1; n <= 5; n++) {
      await expect(
        page.getByRole('heading', { level: 2, name: new RegExp(`^Section ${n} of 5`) }),
      ).toBeVisible();
      await rateSection(page, Array(5).fill(colleague.ratings[n - 1]));
      if (n < 5) await page.getByRole('button', { name: 'Next Section' }).click();
    }
    await page
      .getByRole('radiogroup', { name: 'Your role (optional)' })
      .getByRole('radio', { name: colleague.role })
      .check();
    await page.getByRole('button', { name: 'Send my answers' }).click();
    await expect(page.getByText('Thank you: your answers have joined the team’s.')).toBeVisible();
    if (pictured) await picture(page, 'joined');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

async function downloadedPdfText(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Full Report' }).first().click(),
  ]);
  return (await pdfText(await readFile((await download.path()) as string))).replace(/\s+/g, ' ');
}

test('a manager asks her team, three colleagues answer apart, she sees the view, the PDF, closes it', async ({
  page,
  browser,
}) => {
  // Three colleagues click through 25 statements each, with a proof of work, and a PDF.
  test.setTimeout(180_000);
  const address = `manager-${Date.now()}@rowan-house.test`;
  const { link } = await emailResults(page.request, address, rated([3, 3, 3, 3, 3]), {
    consent: true,
    contact: { organisation: 'Rowan House' },
  });

  await page.goto(link);
  const section = page.getByRole('region', { name: 'Ask your team' });
  await section.getByRole('button', { name: 'Ask your team to answer' }).click();
  const joinLink = await section.getByLabel('Your team’s link').inputValue();
  expect(joinLink).toMatch(/\/audit-tool\/join\/[A-Za-z0-9_-]{43}$/);

  // Two answers: nothing combined is shown, on the page or in the PDF.
  await picture(page, 'opened');
  await answerAsColleague(browser, joinLink, COLLEAGUES[0]!, true);
  await answerAsColleague(browser, joinLink, COLLEAGUES[1]!);
  await section.getByRole('button', { name: 'Check for new answers' }).click();
  await expect(section).toContainText('2 colleagues have answered.');
  await expect(section.getByRole('heading', { name: 'Your team’s view' })).toHaveCount(0);
  expect(await downloadedPdfText(page)).not.toContain('Your team’s view');

  // The third: the team's view appears. The first area: 40, 80, 100 → 80; her own 60.
  await answerAsColleague(browser, joinLink, COLLEAGUES[2]!);
  await section.getByRole('button', { name: 'Check for new answers' }).click();
  await expect(section.getByRole('heading', { level: 3, name: 'Your team’s view' })).toBeVisible();
  await expect(section).toContainText('3 colleagues have answered.');
  const areas = section.getByRole('table', { name: 'Your team’s scores by area, beside yours' });
  // Overall: each colleague's own overall (60, 76, 80), their median 76; her own 60.
  await expect(areas.getByRole('row').nth(1).getByRole('cell')).toHaveText(['76%', '60% to 80%', '60%']);
  await expect(areas.getByRole('row').nth(2).getByRole('cell')).toHaveText(['80%', '40% to 100%', '60%']);
  // Two care workers are fewer than 3: no role is shown apart.
  await expect(section.getByRole('table', { name: /^Care worker/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await picture(page, 'view');

  const pdf = await downloadedPdfText(page);
  expect(pdf).toContain('Your team’s view');
  expect(pdf).toContain('3 respondents');

  // Closed: the join link says so, and the team audit is a result of her progress chain.
  await section.getByRole('button', { name: 'Close the team audit' }).click();
  await section.getByRole('button', { name: 'Yes, close it' }).click();
  await expect(section).toContainText(/Your team audit closed on \d{1,2} \w+ \d{4} with 3 respondents\./);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your progress' })).toContainText(
    'Team audit, 3 respondents',
  );
  await picture(page, 'closed');

  const late = await browser.newContext();
  const latePage = await late.newPage();
  await latePage.goto(joinLink);
  await expect(latePage.getByRole('heading', { level: 1, name: 'Team audit closed' })).toBeVisible();
  await late.close();
});
