import type { Page } from '@playwright/test';
import { STEPPED_ANSWERS, completeAudit, expect, test } from './fixtures';

// Each feature's stylesheet sits beside it and is imported by its component, and the site is still
// one stylesheet inlined into every page (docs/decisions/0085-styles-beside-their-features.md): a
// feature's rules are there on a page served as it was built, before and without any script, and
// on a screen the app renders after a link, which loads no CSS of its own.

/** A computed style of the first element matching `selector`. */
function styleOf(page: Page, selector: string, property: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);
}

test.describe('styles beside their features', () => {
  test.use({ javaScriptEnabled: false });

  test('a page served as built has its own styles without script', async ({ page }) => {
    await page.goto('/');
    // home.css
    expect(await styleOf(page, '.hero', 'display')).toBe('grid');
    await page.goto('/privacy');
    // legal.css: 70ch of the body text, not the page's whole width
    expect(await styleOf(page, '.prose', 'max-width')).not.toBe('none');
  });
});

test('a screen reached by the app after a link has its own styles', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await completeAudit(page, STEPPED_ANSWERS);
  // The results were rendered by the app in the page that opened /audit-tool: one document.
  const documents = await page.evaluate(() =>
    performance.getEntriesByType('navigation').map((entry) => new URL(entry.name).pathname),
  );
  expect(documents).toEqual(['/audit-tool']);
  // results.css: the area cards' grid, four half-columns from 700 px
  expect(await styleOf(page, '.result-cards', 'display')).toBe('grid');
  expect((await styleOf(page, '.result-cards', 'grid-template-columns')).split(' ')).toHaveLength(4);
  expect(await styleOf(page, '.result-cards', 'list-style-type')).toBe('none');
});
