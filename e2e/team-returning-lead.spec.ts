import { expect, expectNoAxeViolations, test } from './fixtures';
import { EXPECTED_API_ERRORS, leadIdOf, makeLead, open, SECOND_MEMBER_EMAIL, signIn } from './team-session';

// One person, one lead (issue 32, decision 0058), against the real server: a care manager who asks
// for her results twice, the second time with a +tag and in capitals, is one lead on the desk,
// marked Returned with both results, her consent the latest (withdrawn: her contact details gone),
// at a phone's width and a desktop's.

test('a care manager who comes back is one lead, marked returned, with both results', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  consoleErrors.allow(EXPECTED_API_ERRORS);
  // Short: the list's widest column is its longest address, which breaks only after "@" and dots.
  const stamp = `b${Date.now() % 1_000_000}`;
  const first = `${stamp}@care-home.test`;
  const again = `${stamp.toUpperCase()}+2@care-home.test`;
  await makeLead(page, first, { contact: { name: 'Rosa Okafor', phone: '0121 496 0001' } });
  // Another visit: the tab forgets the first audit (its answers would reopen where it ended).
  await page.evaluate(() => window.sessionStorage.clear());
  await makeLead(page, again, { consent: false });

  await signIn(page, SECOND_MEMBER_EMAIL);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await open(page, `/team?q=${stamp}`);
    await expect(page.locator('.loading')).toHaveCount(0);
    // Listed once, as the latest result says: the address it last came with, no consent, no name.
    const rows = page.getByRole('row').filter({ hasText: again });
    await expect(rows).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: first })).toHaveCount(0);
    await expect(rows).toContainText('Returned');
    await expect(rows).toContainText('2 results');
    await expect(rows).not.toContainText('Rosa Okafor');
    await expect(page.getByText('1 lead found')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `the list at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    if (width === 390) await expectNoAxeViolations(page);
    await page.screenshot({
      path: `test-results/screenshots/team-returning-list-${width}.png`,
      fullPage: true,
    });
  }

  const id = await leadIdOf(page, again);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await open(page, `/team/leads/${encodeURIComponent(id)}`);
    const main = page.getByRole('main');
    await expect(main.getByText('Returned', { exact: true })).toBeVisible();
    const results = page.getByRole('region', { name: 'Results (2)' });
    await expect(results.getByRole('row')).toHaveCount(3);
    await expect(results).toContainText('(no change)');
    await results.screenshot({ path: `test-results/screenshots/team-returning-results-${width}.png` });
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect(timeline).toContainText('Came back: a new result');
    await expect(timeline).toContainText(
      'Withdrew consent to be contacted: the contact details were deleted',
    );
    // Withdrawn: the contact details given the first time are gone from the whole lead.
    expect(await page.content()).not.toContain('Rosa Okafor');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `the lead at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    if (width === 390) await expectNoAxeViolations(page);
    await page.screenshot({
      path: `test-results/screenshots/team-returning-lead-${width}.png`,
      fullPage: true,
    });
  }
});
