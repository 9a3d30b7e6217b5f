import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { pdfText } from '../test/support/pdf/pdf-text';
import { STEPPED_ANSWERS, completeAudit, expect, expectNoAxeViolations, test } from './fixtures';
import { messagesTo } from './mail';

/**
 * The second visit in Chromium against the real server and its SMTP listener: the action plan kept
 * on the private results page (marked, reloaded, printed), marked by keyboard alone, axe-clean and
 * looked at at three widths; and the retake chain from one results link to the next, whose progress
 * section lists both results and whose plan carries on from the first, which then says so.
 */

const RESULTS_LINK = /https?:\/\/[^\s"<>]+\/results\/[A-Za-z0-9_-]{43}/g;
/** Data Management's first statement, a priority of STEPPED_ANSWERS (rated 1). */
const RECORDS_PRIORITY = 'Checking records as they are made';
/** A day long past (the plan takes days from 2020-01-01): overdue whenever this runs. */
const PAST_DAY = '2021-03-01';

/** E-mails the results on screen to `address` and answers the results links its messages now hold, oldest first. */
async function emailResults(page: Page, address: string, messages = 1): Promise<string[]> {
  await page.getByRole('link', { name: 'Email Results' }).first().click();
  await page.getByLabel('Email Address *').fill(address);
  await page.getByRole('button', { name: 'Send Results to Email' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Email Sent Successfully!' })).toBeVisible();
  const mails = await messagesTo(address, messages);
  return mails
    .sort((a, b) => (a.date?.getTime() ?? 0) - (b.date?.getTime() ?? 0))
    .map((mail) => (mail.text ?? '').match(RESULTS_LINK)?.[0] ?? '');
}

/** Opens a row's disclosure (its status, owner and date fields) unless it is open. */
async function openRow(row: Locator): Promise<void> {
  const details = row.locator('details');
  if ((await details.getAttribute('open')) === null) await row.locator('summary').click();
  await expect(details).toHaveAttribute('open', '');
}

/** What a row says of its status at a glance. */
const badge = (row: Locator) => row.locator('.action-topic__badge');

/** The plan's row for a topic, found by its heading. */
function topic(plan: Locator, title: string): Locator {
  // The inner locator is matched inside each item, so it starts from the page, not the plan.
  return plan
    .getByRole('listitem')
    .filter({ has: plan.page().getByRole('heading', { level: 3, name: title, exact: true }) });
}

test.describe('the action plan', () => {
  test('marked on the results link, kept over a reload, printed in the PDF, by keyboard too, at three widths', async ({
    page,
  }) => {
    // An audit, an e-mail with its proof of work, three saves, a reload, a PDF and three widths.
    test.setTimeout(120_000);
    const address = `plan-${Date.now()}@care-home.test`;
    // 5,4,3,2,1 by section: the ten statements rated 1 or 2 give five priorities (Data Management's first).
    await completeAudit(page, STEPPED_ANSWERS);
    const [link] = await emailResults(page, address);
    expect(link).toBeTruthy();
    await page.goto(link);

    const plan = page.getByRole('region', { name: 'Your action plan' });
    await expect(plan).toContainText('Nothing marked yet');
    await expect(plan.getByRole('heading', { level: 3 })).toHaveCount(10);
    const first = plan.getByRole('listitem').first();
    const firstTitle = (await first.getByRole('heading', { level: 3 }).textContent()) ?? '';
    await expect(first).toContainText('Priority · Data Management');

    // At a glance: the status in words and what the action is; the fields only on demand.
    await expect(badge(first)).toHaveText('Status: Not started');
    await expect(first.getByText(/^Next step: /)).toBeVisible();
    await expect(first.getByLabel('Owner (optional)')).toBeHidden();

    // The first priority: in progress, with an owner and a date long past.
    await openRow(first);
    await first.getByLabel('Status').selectOption({ label: 'In progress' });
    await first.getByLabel('Owner (optional)').fill('Sam Patel');
    await first.getByLabel('Target date (optional)').fill(PAST_DAY);
    await first.getByRole('button', { name: `Save ${firstTitle}` }).click();
    await expect(first.getByRole('status')).toHaveText('Saved');
    await expect(first.getByText(/^Overdue: the target date/)).toBeVisible();
    await expect(badge(first)).toHaveText('Status: In progress');

    // An area's advice: planned, nothing else.
    const quality = topic(plan, 'Service Quality');
    await openRow(quality);
    await quality.getByLabel('Status').selectOption({ label: 'Planned' });
    await quality.getByRole('button', { name: 'Save Service Quality' }).click();
    await expect(quality.getByRole('status')).toHaveText('Saved');
    await expect(plan).toContainText('1 planned, 1 in progress, 0 done');

    // Keyboard alone: from Service Quality's Save, Tab reaches the next row's disclosure, Enter opens
    // it, Tab goes on to its status; arrows choose.
    const training = topic(plan, 'Staff Training & Support');
    await page.keyboard.press('Tab');
    await expect(training.locator('summary')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(training.locator('details')).toHaveAttribute('open', '');
    await page.keyboard.press('Tab');
    await expect(training.getByLabel('Status')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(training.getByLabel('Status')).toHaveValue('done');
    await page.keyboard.press('Tab');
    await expect(training.getByLabel('Owner (optional)')).toBeFocused();
    await page.keyboard.type('Jo Okafor');
    // The date field takes three stops in Chromium (day, month, year); Shift+Tab back from Save is sure.
    await training.getByRole('button', { name: 'Save Staff Training & Support' }).focus();
    await page.keyboard.press('Enter');
    await expect(training.getByRole('status')).toHaveText('Saved');
    await expect(training.getByRole('button', { name: 'Save Staff Training & Support' })).toBeFocused();
    await expect(plan).toContainText('1 planned, 1 in progress, 1 done');

    // A reload keeps all three, each at a glance, the fields on demand.
    await page.reload();
    await expect(plan).toContainText('1 planned, 1 in progress, 1 done');
    await expect(badge(first)).toHaveText('Status: In progress');
    await expect(badge(quality)).toHaveText('Status: Planned');
    await expect(badge(training)).toHaveText('Status: Done');
    await openRow(first);
    await openRow(training);
    await expect(first.getByLabel('Status')).toHaveValue('in_progress');
    await expect(first.getByLabel('Owner (optional)')).toHaveValue('Sam Patel');
    await expect(first.getByLabel('Target date (optional)')).toHaveValue(PAST_DAY);
    await expect(first.getByText(/^Overdue: the target date/)).toBeVisible();
    await expect(training.getByLabel('Owner (optional)')).toHaveValue('Jo Okafor');
    // Done, so no "Overdue" on it; only the first row is.
    await expect(plan.getByText(/^Overdue: the target date/)).toHaveCount(1);

    // The PDF the page downloads is the stored result's, with its plan.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Full Report' }).first().click(),
    ]);
    const text = (await pdfText(await readFile((await download.path()) as string))).replace(/\s+/g, ' ');
    expect(text).toContain('Your action plan');
    expect(text).toContain('1 planned, 1 in progress, 1 done');
    expect(text).toContain('Sam Patel');
    expect(text).toContain('1 March 2021 (Overdue)');
    expect(text).toContain('Jo Okafor');

    // Axe at 390 px, and the section looked at at three widths with nothing cut off.
    for (const width of [390, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await plan.scrollIntoViewIfNeeded();
      if (width === 390) await expectNoAxeViolations(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `sideways scroll at ${width} px`).toBe(0);
      const section = (await plan.boundingBox())!;
      // The open rows' fields and every row's disclosure.
      for (const field of await plan
        .locator('select:visible, input:visible, button:visible, summary')
        .all()) {
        const box = (await field.boundingBox())!;
        expect(box.x, `a field's left edge at ${width} px`).toBeGreaterThanOrEqual(section.x);
        expect(box.x + box.width, `a field's right edge at ${width} px`).toBeLessThanOrEqual(
          section.x + section.width,
        );
      }
      await plan.screenshot({ path: `test-results/screenshots/${width}-action-plan.png` });
    }
  });

  test('the retake chain end to end: the new results link lists both results and carries the plan on', async ({
    page,
  }) => {
    // Two audits and two e-mails, each with its proof of work, and the plan looked at on both links.
    test.setTimeout(150_000);
    const address = `chain-${Date.now()}@care-home.test`;
    await completeAudit(page, STEPPED_ANSWERS);
    const [firstLink] = await emailResults(page, address);
    await page.goto(firstLink);

    // A plan on the first result: Data Management's first statement (rated 1, a priority) done, an
    // area planned with an owner and a date, another in progress.
    const plan = page.getByRole('region', { name: 'Your action plan' });
    const mark = async (title: string, status: string, owner?: string, date?: string) => {
      const row = topic(plan, title);
      await openRow(row);
      await row.getByLabel('Status').selectOption({ label: status });
      if (owner) await row.getByLabel('Owner (optional)').fill(owner);
      if (date) await row.getByLabel('Target date (optional)').fill(date);
      await row.getByRole('button', { name: `Save ${title}` }).click();
      await expect(row.getByRole('status')).toHaveText('Saved');
    };
    await mark(RECORDS_PRIORITY, 'Done', 'Priya Shah');
    await mark('Service Quality', 'Planned', 'Sam Patel', '2031-03-31');
    await mark('Staff Training & Support', 'In progress');
    await expect(plan).toContainText('1 planned, 1 in progress, 1 done');

    // Retake with these answers, move Data Management's first statement from 1 to 5, complete.
    await page.getByRole('button', { name: 'Retake with these answers' }).first().click();
    await expect(page).toHaveURL(/\/audit-tool$/);
    for (let section = 0; section < 4; section++) {
      await expect(page.getByText('5 of 5 questions answered')).toBeVisible();
      await page.getByRole('button', { name: 'Next Section' }).click();
    }
    await page
      .getByRole('radiogroup')
      .first()
      .getByRole('radio', { name: '5 Excellent', exact: true })
      .check();
    await page.getByRole('button', { name: 'Complete Audit' }).click();
    await expect(page).toHaveURL(/\/audit-results$/);

    const links = await emailResults(page, address, 2);
    const secondLink = links.find((l) => l !== firstLink);
    expect(secondLink, 'a second, different results link').toBeTruthy();
    await page.goto(secondLink!);
    const progress = page.getByRole('region', { name: 'Your progress' });
    await expect(progress).toBeVisible();
    // Both results, each a row of the table, oldest first: Data Management 20%, then 36% (this one).
    const rows = progress.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText('20%');
    await expect(rows.nth(1)).not.toContainText('36%');
    await expect(rows.nth(2)).toContainText('36%');
    await expect(rows.nth(2)).toContainText('(this result)');

    // The plan carried on: the two areas as they were, each marked; the statement now rated 5 is no
    // priority of this result, so its item stayed behind.
    await expect(plan).toContainText('1 planned, 1 in progress, 0 done');
    await expect(plan.getByRole('heading', { level: 3, name: RECORDS_PRIORITY })).toHaveCount(0);
    const quality = topic(plan, 'Service Quality');
    const training = topic(plan, 'Staff Training & Support');
    await expect(badge(quality)).toHaveText('Status: Planned');
    await expect(badge(training)).toHaveText('Status: In progress');
    await expect(plan.getByText(/^Carried from your results of /)).toHaveCount(2);
    await expect(quality.getByText(/^Carried from your results of \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();
    await openRow(quality);
    await expect(quality.getByLabel('Owner (optional)')).toHaveValue('Sam Patel');
    await expect(quality.getByLabel('Target date (optional)')).toHaveValue('2031-03-31');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await plan.scrollIntoViewIfNeeded();
      if (width === 390) await expectNoAxeViolations(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `sideways scroll at ${width} px`).toBe(0);
      await plan.screenshot({ path: `test-results/screenshots/${width}-action-plan-carried.png` });
    }

    // The first link: a later result holds the plan now, shown to read with nothing to change.
    await page.goto(firstLink);
    await expect(plan.getByText('A later result holds this plan now')).toBeVisible();
    await expect(plan.getByRole('button')).toHaveCount(0);
    await expect(plan.getByRole('combobox')).toHaveCount(0);
    await expect(badge(topic(plan, RECORDS_PRIORITY))).toHaveText('Status: Done');
    await openRow(topic(plan, RECORDS_PRIORITY));
    await expect(topic(plan, RECORDS_PRIORITY).locator('dl')).toContainText('Priya Shah');
    await page.setViewportSize({ width: 390, height: 900 });
    await expectNoAxeViolations(page);
    await plan.scrollIntoViewIfNeeded();
    await plan.screenshot({ path: 'test-results/screenshots/390-action-plan-held-by-later.png' });
  });
});
