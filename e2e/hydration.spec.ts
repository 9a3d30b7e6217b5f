import { NOT_FOUND_RESOURCE, expect, rateSection, test } from './fixtures';

// React reports a page whose first render differs from its pre-rendered HTML: it renders it again
// in the browser and calls onRecoverableError, which src/web/entry-client.tsx writes to the console
// as an error. Every test here fails on any console error (e2e/fixtures.ts), so each script page
// opened fresh (no audit, no navigation state) must hydrate without one. It must also leave the
// pre-rendered page exactly as it was: a screen that renders something else in the browser than in
// the build shows here as a difference. The private results page is left out: it fetches its
// stored audit once started, by design.
const FRESH_PAGES = ['/audit-tool', '/audit-results', '/email-results', '/no-such-page'];

const HYDRATION_ERROR = /React recovered from an error while hydrating/;

for (const path of FRESH_PAGES) {
  test(`hydrating ${path} changes nothing in the pre-rendered page`, async ({ page, consoleErrors }) => {
    consoleErrors.allow(NOT_FOUND_RESOURCE);
    const served = await (await page.request.get(path)).text();
    await page.goto(path, { waitUntil: 'networkidle' });
    const { before, after } = await page.evaluate((html) => {
      const prerendered = new DOMParser().parseFromString(html, 'text/html').getElementById('root');
      return { before: prerendered?.innerHTML, after: document.getElementById('root')?.innerHTML };
    }, served);
    expect(before).toBeTruthy();
    expect(after).toBe(before);
  });
}

test('a page whose HTML differs from its first render is reported, so the checks above can fail', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(HYDRATION_ERROR);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The served page says "Section 9 of 5" where the app renders "Section 1 of 5".
  await page.route('**/audit-tool', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('Section 1 of 5', 'Section 9 of 5');
    await route.fulfill({ response, body: html });
  });
  await page.goto('/audit-tool', { waitUntil: 'networkidle' });
  await expect.poll(() => errors.filter((text) => HYDRATION_ERROR.test(text))).toHaveLength(1);
  // React renders the page again from scratch, so the visitor still sees the right section.
  await expect(page.getByText('Section 9 of 5')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /Section 1 of 5/ })).toBeVisible();
});

test('Back from reloaded results loads the audit afresh at its last section, with no error', async ({
  page,
}) => {
  // After a reload, the audit's entries belong to the document before it: Back loads /audit-tool
  // anew, which hydrates with a section in its history entry and a finished audit in the tab.
  await page.goto('/audit-tool');
  for (let section = 0; section < 5; section++) {
    await rateSection(page, [3, 3, 3, 3, 3]);
    await page.getByRole('button', { name: section < 4 ? 'Next Section' : 'Complete Audit' }).click();
  }
  await expect(page).toHaveURL(/\/audit-results$/);
  await page.reload();
  await page.goBack();
  await expect(page).toHaveURL(/\/audit-tool$/);
  await expect(page.getByRole('heading', { level: 2, name: /Section 5 of 5/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete Audit' })).toBeEnabled();
  await page.waitForFunction(() => !document.documentElement.hasAttribute('data-app-starting'));
  await page.waitForTimeout(500);
});
