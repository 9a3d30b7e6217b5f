import type { Browser, Page } from '@playwright/test';
import type { Rating, Responses } from '../src/core';
import { CONSENT_WORDING } from '../src/shared/email-request-rules';
import { NOT_FOUND_RESOURCE, expect, expectNoAxeViolations, rateSection, test } from './fixtures';
import { continueLinkSentTo, saveForLater } from './stored-results';

// "Save and continue later" against the real server, its SMTP listener and Chromium: the link that
// arrives by e-mail reopens the audit in another browser context (another device) at the section
// it stopped at with every answer; two devices on one link (the later save wins and says so); a
// completed audit's link; an unknown link's fresh start; the form by keyboard alone, axe-clean at
// 390 px; and pictures at 390, 768 and 1280 px (test-results/screenshots).

const RADIO_NAMES = ['1 Poor', '2', '3', '4', '5 Excellent'] as const;
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** Sections 1 and 2 whole, section 3 two statements in: where the visitor stops for a phone call. */
const SECTIONS: readonly (readonly Rating[])[] = [
  [5, 4, 3, 2, 1],
  [2, 2, 3, 3, 4],
  [1, 5],
];

let addressCount = 0;
/** An address of its own per use, so the e-mail found for it is this test's. */
function newAddress(label: string): string {
  addressCount += 1;
  return `${label}-${Date.now()}-${addressCount}@care-home.test`;
}

/** Opens the audit blank and rates `sections` in turn, moving on after each whole one. */
async function answer(page: Page, sections: readonly (readonly Rating[])[]) {
  await page.goto('/audit-tool');
  for (const [index, ratings] of sections.entries()) {
    await expect(page.getByText(`Section ${index + 1} of 5`, { exact: true }).first()).toBeVisible();
    await rateSection(page, ratings);
    if (ratings.length === 5 && index < sections.length - 1) {
      await page.getByRole('button', { name: 'Next Section' }).click();
    }
  }
}

/** The section on screen shows exactly these ratings, statement by statement (none for the rest). */
async function expectRatings(page: Page, ratings: readonly Rating[]) {
  const groups = page.getByRole('radiogroup');
  await expect(groups).toHaveCount(5);
  for (let index = 0; index < 5; index++) {
    const rating = ratings[index];
    if (rating === undefined) {
      await expect(groups.nth(index).getByRole('radio', { checked: true })).toHaveCount(0);
    } else {
      await expect(
        groups.nth(index).getByRole('radio', { name: RADIO_NAMES[rating - 1], exact: true }),
      ).toBeChecked();
    }
  }
}

/** A page in a browser context of its own: another device, sharing nothing with the first. */
async function onAnotherDevice(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** The page's app has started (the fixture's goto waits for it; a page of a new context does not). */
async function openLink(page: Page, link: string) {
  await page.goto(link);
  await page.waitForFunction(() => !document.documentElement.hasAttribute('data-app-starting'));
}

/** Opens the save form under the section and sends the link to `address`; resolves with the status. */
async function saveByEmail(page: Page, address: string) {
  await page.getByRole('button', { name: 'Save and continue later' }).click();
  await page.getByLabel('Email address').fill(address);
  await page.getByRole('button', { name: 'Email me a link' }).click();
  const status = page.getByRole('status').filter({ hasText: "We've sent a link to" });
  await expect(status).toBeVisible({ timeout: 15_000 });
  return status;
}

test.describe('Save and continue later', () => {
  test('saved on section 3, the e-mailed link reopens it on another device with every answer; completed, the link says so', async ({
    page,
    browser,
    consoleErrors,
  }) => {
    // Chromium's own line for the completed link's 410, which the page answers in words.
    consoleErrors.allow(/status of 410 \(Gone\)/);
    const address = newAddress('continue');
    await answer(page, SECTIONS);
    const status = await saveByEmail(page, address);
    await expect(status).toHaveText(
      new RegExp(
        `^We've sent a link to ${address.replace(/[.+]/g, '\\$&')}\\. It opens this audit where you left off, on any device, until the end of \\d{1,2} [A-Z][a-z]+ \\d{4} \\(UK time\\)\\.$`,
      ),
    );
    const { link, token } = await continueLinkSentTo(address);

    const other = await onAnotherDevice(browser);
    await openLink(other, link);
    // In place of the link: the address is the audit's, and Back does not reopen the link.
    await expect(other).toHaveURL(/\/audit-tool$/);
    await expect(other.getByRole('heading', { level: 2 })).toContainText('Section 3 of 5');
    await expect(other.getByRole('status').filter({ hasText: 'Welcome back' })).toHaveText(
      /^Welcome back: your answers are as you left them on \d{1,2} [A-Z][a-z]+ \d{4}\.$/,
    );
    await expectRatings(other, SECTIONS[2]!);
    await other.getByRole('button', { name: 'Previous' }).click();
    await expectRatings(other, SECTIONS[1]!);
    await other.getByRole('button', { name: 'Previous' }).click();
    await expectRatings(other, SECTIONS[0]!);

    // Finished on the other device: "Complete Audit" shows the results at once and tells the link.
    for (let section = 0; section < 2; section++)
      await other.getByRole('button', { name: 'Next Section' }).click();
    await rateSection(other, [1, 5, 3, 3, 3]);
    await other.getByRole('button', { name: 'Next Section' }).click();
    await rateSection(other, [4, 4, 4, 4, 4]);
    await other.getByRole('button', { name: 'Next Section' }).click();
    await rateSection(other, [2, 2, 2, 2, 2]);
    await other.getByRole('button', { name: 'Complete Audit' }).click();
    await expect(other).toHaveURL(/\/audit-results$/);
    await expect.poll(async () => (await other.request.get(`/api/saved-audits/${token}`)).status()).toBe(410);

    await openLink(page, link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'This audit was completed with this link',
    );
    await expect(page.getByRole('button', { name: 'Start a new audit' })).toBeVisible();
    await other.context().close();
  });

  test('two devices on one link: the later save wins, and the device that made it is told', async ({
    page,
    browser,
  }) => {
    const responses: Responses = { operational: { 0: 3, 1: 3, 2: 3, 3: 3, 4: 3 }, compliance: { 0: 2 } };
    const { link } = await saveForLater(page.request, newAddress('two-devices'), responses, 1);
    const second = await onAnotherDevice(browser);
    await openLink(page, link);
    await openLink(second, link);
    await expect(page.getByRole('heading', { level: 2 })).toContainText('Section 2 of 5');
    await expect(second.getByRole('heading', { level: 2 })).toContainText('Section 2 of 5');

    // The second device rates on and saves first: nothing was saved since it opened the link.
    await rateSection(second, [2, 4]);
    await second.getByRole('button', { name: 'Save and continue later' }).click();
    await expect(second.getByRole('status').filter({ hasText: /^Saved\./ })).toHaveText(
      /^Saved\. Your link opens this audit until the end of \d{1,2} [A-Z][a-z]+ \d{4} \(UK time\)\.$/,
    );
    // No address asked on a continued audit.
    await expect(second.getByLabel('Email address')).toHaveCount(0);

    // The first device saves after it: its save wins, and it says it replaced the other's.
    await rateSection(page, [2, 1, 1]);
    await page.getByRole('button', { name: 'Save and continue later' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Saved\./ })).toHaveText(
      'Saved. This replaces answers saved from another device since you opened the link.',
    );
    // The continued audit with its welcome and the save's status, at a phone's width.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('status').filter({ hasText: 'Welcome back' })).toBeVisible();
    await expectNoAxeViolations(page);

    // What the link opens now is the first device's.
    const third = await onAnotherDevice(browser);
    await openLink(third, link);
    await expect(third.getByRole('heading', { level: 2 })).toContainText('Section 2 of 5');
    await expectRatings(third, [2, 1, 1]);
    await second.context().close();
    await third.context().close();
  });

  test('an unknown link says it has expired or is not valid (404), and its fresh start opens a blank audit', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(NOT_FOUND_RESOURCE);
    // Something from before in this tab, which the fresh start must clear.
    await answer(page, [[3, 3]]);
    const response = await page.goto(`/audit-tool/continue/${'x'.repeat(43)}`);
    expect(response?.status()).toBe(404);
    expect(response?.headers()['cache-control']).toBe('no-store');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link has expired or is not valid');
    await expect(page.getByText(/kept for 30 days/)).toBeVisible();
    await expectNoAxeViolations(page);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await expectNoSidewaysScroll(page);
      await page.screenshot({
        path: `test-results/screenshots/${viewport.name}-continue-expired.png`,
        fullPage: true,
      });
    }
    await page.getByRole('button', { name: 'Start a new audit' }).click();
    await expect(page).toHaveURL(/\/audit-tool$/);
    await expect(page.getByRole('heading', { level: 2 })).toContainText('Section 1 of 5');
    await expectRatings(page, []);
  });

  test('the save form by keyboard alone, after Next in the tab order, axe-clean at 390 px', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const address = newAddress('keyboard');
    await answer(page, [[4, 4, 4, 4, 4]]);
    // From the last statement's rating: Next first, then (Previous is disabled on section 1) the save.
    await page.getByRole('radiogroup').nth(4).getByRole('radio', { checked: true }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Next Section' })).toBeFocused();
    await page.keyboard.press('Tab');
    const toggle = page.getByRole('button', { name: 'Save and continue later' });
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('heading', { name: 'Email yourself a link to this audit' })).toBeFocused();
    // The form loads as focus reaches the button; a visitor sees it before going on.
    await expect(page.getByRole('button', { name: 'Email me a link' })).toBeVisible();

    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Email address')).toBeFocused();
    // A wrong address first: said beside the field, which keeps focus.
    await page.keyboard.type('someone@');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Please enter a valid email address, like name@example.com')).toBeVisible();
    await expect(page.getByLabel('Email address')).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(address);
    await page.keyboard.press('Tab');
    const consent = page.getByRole('checkbox', { name: CONSENT_WORDING });
    await expect(consent).toBeFocused();
    await expect(consent).not.toBeChecked();
    await page.keyboard.press('Space');
    await expect(consent).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Email me a link' })).toBeFocused();
    await page.keyboard.press('Enter');

    const status = page.getByText("We've sent a link to");
    await expect(status).toBeFocused({ timeout: 15_000 });
    await expectNoAxeViolations(page);
    await continueLinkSentTo(address);
  });

  test('pictures of the open form and the sent status at 390, 768 and 1280 px', async ({ page }) => {
    await answer(page, SECTIONS);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.getByRole('button', { name: 'Save and continue later' }).click();
      await expect(page.getByRole('button', { name: 'Email me a link' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.locator('.save-later').screenshot({
        path: `test-results/screenshots/${viewport.name}-save-later-form.png`,
      });
      await page.screenshot({
        path: `test-results/screenshots/${viewport.name}-save-later-form-page.png`,
        fullPage: true,
      });
      await page.getByLabel('Email address').fill(newAddress(`shot-${viewport.name}`));
      await page.getByRole('button', { name: 'Email me a link' }).click();
      await expect(page.getByText("We've sent a link to")).toBeVisible({ timeout: 15_000 });
      await expectNoSidewaysScroll(page);
      await page.locator('.save-later').screenshot({
        path: `test-results/screenshots/${viewport.name}-save-later-sent.png`,
      });
      // Closed, ready for the next width's fresh form.
      await page.getByRole('button', { name: 'Save and continue later' }).click();
    }
  });
});

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}
