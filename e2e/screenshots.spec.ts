import { NOT_FOUND_RESOURCE, STEPPED_ANSWERS, completeAudit, expect, rateSection, test } from './fixtures';

// Pictures of every screen at phone and desktop widths, for a person to look at
// (test-results/screenshots). Each shot also checks that nothing scrolls sideways.
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`screens at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('home, audit, results, e-mail, information and not-found pages', async ({ page, consoleErrors }) => {
      consoleErrors.allow(NOT_FOUND_RESOURCE);
      const shot = async (name: string) => {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: `test-results/screenshots/${viewport.name}-${name}.png`,
          fullPage: true,
        });
      };
      await page.goto('/');
      await shot('home');
      await page.goto('/audit-tool');
      await rateSection(page, [5, 4, 3]);
      await shot('audit-section-1-partial');
      await completeAudit(page, STEPPED_ANSWERS);
      await shot('results');
      await page.getByRole('link', { name: 'Email Results' }).click();
      await expect(page).toHaveURL(/email-results/);
      await shot('email-results');
      await page.getByLabel('Email Address *').fill(`shots-${viewport.name}@care-home.test`);
      await page.getByRole('button', { name: 'Send Results to Email' }).click();
      await expect(page.getByRole('heading', { name: 'Email Sent Successfully!' })).toBeVisible();
      await shot('email-sent');
      await page.goto('/privacy');
      await shot('privacy');
      await page.goto('/accessibility');
      await shot('accessibility');
      await page.goto('/missing-page');
      await shot('not-found');
    });
  });
}
