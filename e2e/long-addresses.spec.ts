import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { EXPECTED_API_ERRORS, makeLead, SECOND_MEMBER_EMAIL, signIn } from './team-session';

// A long address on a phone (390 px), wherever it is shown: it wraps only after its "@" or a "."
// (src/browser/address.tsx), never mid-word or at a hyphen. Each screen is photographed to look at.

const PHONE = { width: 390, height: 844 };
const SHOTS = 'test-results/screenshots';

/** A long address, unique per run: the example with a stamp as one more part of its local part. */
function longAddress(): string {
  return `very.long.first.name.surname.${Date.now()}@a-care-home-provider-with-a-long-name.co.uk`;
}

/**
 * Every rendering of `address` in `scope` wraps only where it may: read character by character from
 * the screen, each line ends after an "@", a "." or a hyphen (which the helper offers only inside a
 * long domain label), never mid-word. At least one rendering needed more than one line, so the
 * check saw it wrap. Returns how many renderings were checked.
 */
async function expectWrapsOnlyAtBreaks(scope: Locator, address: string): Promise<number> {
  await expect(scope.locator('.email-address', { hasText: address }).first()).toBeVisible();
  const found = await scope.locator('.email-address').evaluateAll(
    (spans, wanted) =>
      spans
        .filter((span) => span.textContent === wanted)
        .map((span) => {
          const badBreaks: string[] = [];
          let lines = 1;
          let previous: { top: number; char: string } | undefined;
          for (const part of span.querySelectorAll('.email-address__part')) {
            const text = part.firstChild as Text;
            for (let i = 0; i < text.length; i++) {
              const range = document.createRange();
              range.setStart(text, i);
              range.setEnd(text, i + 1);
              const top = Math.round(range.getBoundingClientRect().top);
              if (previous && top > previous.top + 2) {
                lines++;
                if (!'@.-'.includes(previous.char))
                  badBreaks.push(
                    `after "${previous.char}" before "${text.data[i]}" in "${part.textContent}"`,
                  );
              }
              previous = { top, char: text.data[i] };
            }
          }
          return { lines, badBreaks };
        }),
    address,
  );
  expect(found.length, `a rendering of ${address}`).toBeGreaterThan(0);
  for (const rendering of found) expect(rendering.badBreaks).toEqual([]);
  expect(Math.max(...found.map((r) => r.lines)), 'the address wrapped at 390 px').toBeGreaterThan(1);
  return found.length;
}

/** No element of the page is wider than the phone's screen (nothing pushed sideways). */
async function expectNoSidewaysScroll(page: Page) {
  const wider = await page.evaluate((width) => {
    const over = [...document.querySelectorAll('body *')].filter(
      (el) => el.getBoundingClientRect().right > width + 0.5,
    );
    // The innermost elements that overflow: what pushes the page sideways.
    return over
      .filter((el) => !over.some((other) => other !== el && el.contains(other)))
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.slice(0, 60)}`);
  }, PHONE.width);
  expect(wider).toEqual([]);
}

test.use({ viewport: PHONE });

test('the visitor’s screens: the e-mail sent screen and the save form’s status', async ({ page }) => {
  test.setTimeout(90_000);
  const address = longAddress();
  await makeLead(page, address, { consent: false });
  const sent = page.locator('main');
  await expectWrapsOnlyAtBreaks(sent, address);
  await page.screenshot({ path: `${SHOTS}/long-address-390-email-sent.png`, fullPage: true });
  await expectNoSidewaysScroll(page);

  await page.goto('/audit-tool');
  await page.getByRole('button', { name: 'Save and continue later' }).click();
  await page.getByLabel('Email address').fill(address);
  await page.getByRole('button', { name: 'Email me a link' }).click();
  const status = page.getByRole('status').filter({ hasText: "We've sent a link to" });
  await expect(status).toBeVisible({ timeout: 15_000 });
  await expectWrapsOnlyAtBreaks(status, address);
  await expectNoSidewaysScroll(page);
  await status.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/long-address-390-save-status.png` });
});

test('the team’s screens: the lead list, the lead page, the overview’s saved audits', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  consoleErrors.allow(EXPECTED_API_ERRORS);
  const address = longAddress();
  // A lead with consent, and a saved audit with consent, both from the long address.
  await makeLead(page, address);
  await page.goto('/audit-tool');
  await page.getByRole('button', { name: 'Save and continue later' }).click();
  await page.getByLabel('Email address').fill(address);
  await page.getByRole('checkbox').last().check();
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await expect(page.getByRole('status').filter({ hasText: "We've sent a link to" })).toBeVisible({
    timeout: 15_000,
  });

  await signIn(page, SECOND_MEMBER_EMAIL);
  const main = page.locator('main');
  await expectWrapsOnlyAtBreaks(main, address);
  await page.screenshot({ path: `${SHOTS}/long-address-390-team-leads.png` });

  await page.getByRole('link', { name: address }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: address })).toBeVisible();
  // The heading, the contact's link and the messages' recipients.
  expect(await expectWrapsOnlyAtBreaks(main, address)).toBeGreaterThanOrEqual(2);
  await page.screenshot({ path: `${SHOTS}/long-address-390-team-lead.png` });
  await page
    .getByRole('region', { name: 'Delivery history' })
    .screenshot({ path: `${SHOTS}/long-address-390-team-lead-messages.png` });
  await expectNoSidewaysScroll(page);

  await page.getByRole('link', { name: 'Overview', exact: true }).click();
  const card = page.getByRole('region', { name: 'Saved to finish later' });
  await expect(card.getByText(address)).toBeVisible();
  await expectWrapsOnlyAtBreaks(card, address);
  await expectNoSidewaysScroll(page);
  await card.screenshot({ path: `${SHOTS}/long-address-390-team-saved-audits.png` });
});
