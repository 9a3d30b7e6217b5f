import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { AREA_IDS, type Rating } from '../src/core';
import { pdfText } from '../test/support/pdf/pdf-text';
import { AREA_TITLES, expect, expectNoAxeViolations, test } from './fixtures';
import { emailResults, rated } from './stored-results';

// "Your progress" on the private results page against the real server and its SMTP listener: a
// retake chain built through the API (each request's retakeOf is the results link of the e-mail
// before it), then the latest link opened in Chromium: the changes, the charts and their table, at
// 390, 768 and 1280 px, axe-clean at 390, and the PDF the page downloads.

/** A chain of results, each a retake of the one before: resolves with their links, oldest first. */
async function buildChain(request: APIRequestContext, ratings: readonly (readonly Rating[])[]) {
  const stamp = Date.now();
  const links: { link: string; token: string }[] = [];
  for (const [step, each] of ratings.entries()) {
    // An address per step: its e-mail is the only one to that address, so it is found at once.
    const address = `step${step}.progress-${stamp}@care-home.test`;
    links.push(await emailResults(request, address, rated(each), { retakeOf: links.at(-1)?.token }));
  }
  return links;
}

const SCROLL_HINT = 'Scroll sideways to see the whole table.';

/**
 * The table's cue that it scrolls: the line above it, which describes its region, and a shade at
 * the edge with more beyond (the right, before any scrolling); neither while it fits.
 */
async function expectScrollCue(page: Page, shown: boolean, width: number) {
  const progress = page.getByRole('region', { name: 'Your progress' });
  const table = progress.getByRole('region', { name: 'Your results over time' });
  const hint = progress.getByText(SCROLL_HINT, { exact: true });
  if (shown) {
    await expect(hint, `the scroll hint at ${width} px`).toBeVisible();
    await expect(table).toHaveAccessibleDescription(SCROLL_HINT);
  } else {
    await expect(hint, `the scroll hint at ${width} px`).toHaveCount(0);
    await expect(table).toHaveAccessibleDescription('');
  }
  // Polled: the shades fade in and out.
  await expect
    .poll(() => shadeOpacities(page), { message: `the edge shades at ${width} px` })
    .toEqual({ start: 0, end: shown ? 1 : 0 });
}

/** How opaque the shades at the table's left and right edges are (0 hidden, 1 shown). */
async function shadeOpacities(page: Page): Promise<{ start: number; end: number }> {
  return page.locator('.progress-over-time .scroll-region__frame').evaluate((frame) => ({
    start: Number(getComputedStyle(frame, '::before').opacity),
    end: Number(getComputedStyle(frame, '::after').opacity),
  }));
}

/** Looks at the progress section at three widths: no sideways scroll of the page, a picture each. */
async function lookAt(page: Page, name: string) {
  const progress = page.getByRole('region', { name: 'Your progress' });
  for (const width of [390, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await progress.scrollIntoViewIfNeeded();
    if (width === 390) await expectNoAxeViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `the page scrolls sideways at ${width} px`).toBe(0);
    // Each chart fits its column; the table may scroll, but only inside its own region.
    const section = (await progress.boundingBox())!;
    for (const chart of await progress.getByRole('img').all()) {
      const box = (await chart.boundingBox())!;
      expect(box.x, `a chart's left edge at ${width} px`).toBeGreaterThanOrEqual(section.x);
      expect(box.x + box.width, `a chart's right edge at ${width} px`).toBeLessThanOrEqual(
        section.x + section.width,
      );
    }
    // From 768 px the table fits the page's column whole; below, its region scrolls instead.
    const table = progress.getByRole('region', { name: 'Your results over time' });
    const fits = await table.evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits, `the table fits at ${width} px`).toBe(width >= 768);
    await expectScrollCue(page, !fits, width);
    await progress.screenshot({ path: `test-results/screenshots/${width}-progress-${name}.png` });
  }
}

test.describe('progress over time on the private results page', () => {
  test('a chain of three: the changes since the first, six charts and the table, the PDF’s progress page', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // Every area at 1 (20%), then 3 (60%), then a spread: up, down and unchanged against the first.
    const links = await buildChain(page.request, [
      [1, 1, 1, 1, 1],
      [3, 3, 3, 3, 3],
      [5, 4, 1, 2, 3],
    ]);
    await page.goto(links[2]!.link);
    const progress = page.getByRole('region', { name: 'Your progress' });
    await expect(progress.getByRole('heading', { level: 2 })).toHaveText('Your progress');
    await expect(progress).toContainText('Your 3 results, from');
    await expect(progress).not.toContainText('Showing your');
    const changes = progress.getByRole('heading', { name: 'Change since your first result' });
    await expect(changes).toBeVisible();
    await expect(
      progress.getByRole('listitem').filter({ hasText: 'Operational Efficiency' }).first(),
    ).toHaveText('Operational Efficiency 20% → 100% +80 points');
    await expect(progress.getByRole('listitem').filter({ hasText: 'Service Quality' }).first()).toHaveText(
      'Service Quality 20% → 20% No change',
    );
    await expect(
      progress
        .getByRole('listitem')
        .filter({ hasText: /^Overall/ })
        .first(),
    ).toHaveText('Overall 20% → 60% +40 points');
    const charts = progress.getByRole('img');
    await expect(charts).toHaveCount(6);
    await expect(charts.nth(1)).toHaveAccessibleName(
      /^Operational Efficiency over 3 results, out of 100: 20% on .+, 60% on .+ and 100% on .+\.$/,
    );
    const table = progress.getByRole('table', { name: 'Your results over time' });
    await expect(table.getByRole('columnheader')).toHaveText(['Taken on', 'Overall', ...AREA_TITLES]);
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(1).getByRole('cell')).toHaveText(['20%', '20%', '20%', '20%', '20%', '20%']);
    await expect(rows.nth(3).getByRole('rowheader')).toContainText('(this result)');
    await expect(rows.nth(3).getByRole('cell')).toHaveText(['60%', '100%', '80%', '20%', '40%', '60%']);
    // The overall card compares with the result before (60%): no change overall.
    await expect(page.locator('.overall .change')).toContainText('No change since your audit on');

    await lookAt(page, '3');

    // The table's region is reached by keyboard and scrolls sideways at 390 px.
    await page.setViewportSize({ width: 390, height: 900 });
    const scroller = progress.getByRole('region', { name: 'Your results over time' });
    await scroller.focus();
    await expect(scroller).toBeFocused();
    const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    // Scrolled part way, there is more on both sides; at the end, only behind.
    await expect.poll(() => shadeOpacities(page)).toEqual({ start: 1, end: 1 });
    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(() => shadeOpacities(page)).toEqual({ start: 1, end: 0 });
    await progress.screenshot({ path: 'test-results/screenshots/390-progress-3-scrolled.png' });

    // The PDF the page downloads is the stored result's, with its progress page.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Full Report' }).first().click(),
    ]);
    const text = (await pdfText(await readFile((await download.path()) as string))).replace(/\s+/g, ' ');
    expect(text).toContain('Your progress');
    expect(text).toContain('Overall: 20% → 60%, +40 points');
    expect(text).toContain('Service Quality: 20% → 20%, no change');
    expect(text).toMatch(/\(this result\) 60% 100% 80% 20% 40% 60%/);
  });

  test('a chain of thirteen: the latest 12 shown of 13, and the one before says a later result exists', async ({
    page,
  }) => {
    // Thirteen e-mails, each with its proof of work.
    test.setTimeout(240_000);
    const ratings = Array.from({ length: 13 }, (_, step) =>
      AREA_IDS.map((_id, area) => (((step + area) % 5) + 1) as Rating),
    );
    const links = await buildChain(page.request, ratings);

    await page.goto(links[12]!.link);
    const progress = page.getByRole('region', { name: 'Your progress' });
    await expect(progress).toContainText('Your 12 results, from');
    await expect(progress).toContainText('Showing your 12 latest results of 13.');
    await expect(progress).not.toContainText('You have taken the audit again since this one');
    await expect(
      progress.getByRole('heading', { name: 'Change since the first result shown' }),
    ).toBeVisible();
    await expect(progress.getByRole('table').getByRole('row')).toHaveCount(13);
    for (const chart of await progress.getByRole('img').all())
      await expect(chart).toHaveAccessibleName(/ over 12 results, out of 100: /);
    await lookAt(page, '12');

    await page.goto(links[11]!.link);
    await expect(progress).toContainText(
      'You have taken the audit again since this one: the link in your latest e-mail shows your newest results.',
    );
    await expect(progress).toContainText('Your 12 results, from');
    await expect(progress).not.toContainText('Showing your');
  });

  test('a result on its own shows no progress section', async ({ page }) => {
    const [alone] = await buildChain(page.request, [[4, 4, 4, 4, 4]]);
    await page.goto(alone!.link);
    await expect(page.getByRole('heading', { name: 'Overall Score' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your progress' })).toHaveCount(0);
  });
});
