import { NOT_FOUND_RESOURCE, expect, expectNoAxeViolations, test } from './fixtures';

test.describe('not-found and error screens', () => {
  test('an unknown path answers HTTP 404 with the not-found page and logs the path', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(NOT_FOUND_RESOURCE);
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(/Page not found/);
    await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await expect.poll(() => warnings.join('\n')).toContain('/no-such-page');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown /api/ path answers JSON 404', async ({ request }) => {
    const response = await request.get('/api/nothing-here');
    expect(response.status()).toBe(404);
    expect((await response.json()).error.code).toBe('not_found');
  });

  test('a screen that fails to load shows "Unexpected Application Error!" with the message', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/Failed to fetch dynamically imported module|A screen failed to render|ERR_FAILED/);
    await page.goto('/audit-results');
    // The e-mail screen's code cannot be fetched: the route fails.
    await page.route(/\/assets\/email-results-[^/]+\.js$/, (route) => route.abort());
    await page.getByRole('link', { name: 'Email Results' }).first().click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    await expect(page.locator('.error-screen__message')).not.toBeEmpty();
    await expectNoAxeViolations(page);
  });
});
