import type { APIRequestContext, Page } from '@playwright/test';
import type { AreaAnswers, Responses } from '../src/core';
import { searchCounters, type ProofChallenge } from '../src/shared/proof-of-work';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { EXPECTED_API_ERRORS, expectNoColumnCutOff, open, SECOND_MEMBER_EMAIL, signIn } from './team-session';

// The team's view of "Save and continue later" against the real server (scripts/e2e.ts): two
// visitors save an audit part-way, one ticking the consent box; a team member sees both counted on
// the overview and the address of the one who consented alone, at every width.

/** A first save as the save form sends it: a solved challenge from the server, an empty honeypot. */
async function saveAudit(
  request: APIRequestContext,
  body: { email: string; consent: boolean; section: number; responses: Responses },
) {
  const challenge = (await (await request.get('/api/challenge')).json()) as ProofChallenge;
  const solution = searchCounters(challenge.parameters, 0, 2 ** 32);
  const res = await request.post('/api/saved-audits', {
    data: { ...body, website: '', proof: { challenge, solution } },
  });
  expect(res.status(), await res.text()).toBe(202);
}

/** The first `count` statements of an area rated 4. */
const rated = (count: number): AreaAnswers =>
  Object.fromEntries([0, 1, 2, 3, 4].slice(0, count).map((q) => [q, 4] as const));

test('the overview counts saved audits and shows the address of a consenting visitor only, at every width', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  consoleErrors.allow(EXPECTED_API_ERRORS);
  const stamp = Date.now();
  const consenting = `saved-consenting-${stamp}@care-home.test`;
  const quiet = `saved-quiet-${stamp}@care-home.test`;
  await saveAudit(page.request, {
    email: consenting,
    consent: true,
    section: 2,
    responses: { operational: rated(5), compliance: rated(5), quality: rated(2) },
  });
  await saveAudit(page.request, {
    email: quiet,
    consent: false,
    section: 0,
    responses: { operational: rated(3) },
  });

  await signIn(page, SECOND_MEMBER_EMAIL);
  await page.getByRole('link', { name: 'Overview', exact: true }).click();
  const card = page.getByRole('region', { name: 'Saved to finish later' });
  // Other specs save audits on the same server at the same time: at least these two.
  await expect(card.getByText(/^\d+ audits saved to finish later$/)).toBeVisible();
  const saved = Number((await card.locator('strong').first().textContent())?.match(/^\d+/)?.[0]);
  expect(saved).toBeGreaterThanOrEqual(2);

  const table = card.getByRole('table', {
    name: 'Saved audits whose visitors agreed to be contacted, most recently saved first',
  });
  const row = table.getByRole('row', { name: new RegExp(consenting.replace(/[.+]/g, '\\$&')) });
  await expect(row).toContainText('12 of 25 rated');
  await expect(row).toContainText('Stopped at section 3 of 5: Service Quality');
  await expect(row.getByRole('link', { name: consenting })).toHaveAttribute('href', `mailto:${consenting}`);
  // The visitor who did not tick the box is counted, never named.
  await expect(page.getByText(quiet)).toHaveCount(0);
  expect(await page.content()).not.toContain(quiet);

  for (const width of [390, 768, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : width < 1000 ? 1024 : 800 });
    await openOverview(page);
    await expect(card.getByRole('table')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `the overview at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    await expectNoColumnCutOff(page, 'main table');
    await expectNoAxeViolations(page);
    await card.screenshot({ path: `test-results/screenshots/team-saved-audits-${width}.png` });
  }

  // By keyboard: the address's link takes the focus, with the site's focus ring. (A key pressed
  // first, so the browser treats the focus as a keyboard user's.)
  const link = row.getByRole('link', { name: consenting });
  await page.keyboard.press('Tab');
  await link.focus();
  await expect(link).toBeFocused();
  const ring = await link.evaluate((node) => ({
    visible: node.matches(':focus-visible'),
    outline: getComputedStyle(node).outlineStyle,
  }));
  expect(ring.visible).toBe(true);
  expect(ring.outline).not.toBe('none');
});

async function openOverview(page: Page) {
  await open(page, '/team/overview');
  await expect(page.getByRole('table', { name: 'Counts per day' })).toBeVisible();
}
