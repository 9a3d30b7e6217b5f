import { AREA_TITLES, expect, expectNoAxeViolations, test } from './fixtures';

test.describe('home page', () => {
  test('shows the sections in order with every figure and claim', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Care Audit/);
    const main = page.getByRole('main');
    const headings = await main.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual([
      'Five areas, one clear picture',
      'Trusted by care providers across the UK',
      'Ready to see where you stand?',
    ]);
    for (const title of AREA_TITLES)
      await expect(main.getByRole('heading', { level: 3, name: title })).toBeVisible();
    for (const figure of ['+34%', '96%', '+28%', '+42%', '+56%']) {
      await expect(main.locator('.area-card__figure strong', { hasText: figure })).toHaveCount(1);
    }
    for (const stat of ['500+', '98%', '50,000+', '35%'])
      await expect(main.getByText(stat, { exact: true })).toBeVisible();
    for (const badge of ['ISO 27001', 'CQC approved methods', 'GDPR compliant', 'NHS partnership']) {
      await expect(main.getByText(badge, { exact: true })).toBeVisible();
    }
    for (const promise of ['15-minute setup', 'No upfront costs', 'Instant insights', 'Expert support']) {
      await expect(main.getByText(promise, { exact: true })).toBeVisible();
    }
    const bars = main.getByRole('progressbar');
    await expect(bars).toHaveCount(3);
    expect(await bars.evaluateAll((els) => els.map((e) => e.getAttribute('aria-valuenow')))).toEqual([
      '85',
      '96',
      '78',
    ]);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Birmingham');
    await expect(footer).toContainText('©');
    await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expectNoAxeViolations(page);
  });

  test('external links open in a new tab without an opener', async ({ page }) => {
    await page.goto('/');
    for (const name of ['Start Your AI Audit Now', 'Contact Us']) {
      const links = page.getByRole('link', { name: new RegExp(`^${name}`) });
      expect(await links.count()).toBeGreaterThan(0);
      for (const link of await links.all()) {
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
        await expect(link).toHaveAttribute('href', /^https?:\/\//);
      }
    }
  });

  test('"Claim Your Free AI Health Check" goes to the audit', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Claim Your Free AI Health Check' }).click();
    await expect(page).toHaveURL(/\/audit-tool$/);
    await expect(page.getByRole('heading', { level: 1, name: 'AI Care Management Audit' })).toBeVisible();
  });

  test('is pre-rendered HTML that ships no script file and reads without JavaScript', async ({
    browser,
    request,
  }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('See where AI can transform your care management');
    // Its one script is the inline note of the visit's source (scripts/build.ts): no script file.
    expect(html.match(/<script\b[^>]*>/gi)).toEqual(['<script data-visit-source>']);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Claim Your Free AI Health Check' })).toHaveAttribute(
      'href',
      '/audit-tool',
    );
    await context.close();
  });
});
