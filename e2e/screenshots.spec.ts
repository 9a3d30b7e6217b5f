import type { Page } from '@playwright/test';
import { NOT_FOUND_RESOURCE, STEPPED_ANSWERS, completeAudit, expect, rateSection, test } from './fixtures';

// Pictures of every screen and state at phone, tablet and desktop widths, for a person to look at
// (test-results/screenshots), and the layout rules a picture shows at a glance, measured: card
// grids with their columns and gaps, even button stacks on a phone, the footer at the bottom of a
// short page. Each shot also checks that nothing scrolls sideways.
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844, areaColumns: 1, resultColumns: 1 },
  { name: 'tablet', width: 768, height: 1024, areaColumns: 2, resultColumns: 2 },
  { name: 'desktop', width: 1280, height: 800, areaColumns: 3, resultColumns: 2 },
] as const;

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
  width: number;
  height: number;
}

async function boxesOf(page: Page, selector: string): Promise<Box[]> {
  return page.locator(selector).evaluateAll((nodes) =>
    nodes.map((node) => {
      const { left, right, top, bottom, width, height } = node.getBoundingClientRect();
      return { left, right, top, bottom, width, height };
    }),
  );
}

/** Cards grouped into rows by their top edge, in order. */
function rowsOf(cards: Box[]): Box[][] {
  const rows: Box[][] = [];
  for (const card of cards) {
    const row = rows.at(-1);
    if (row && Math.abs(row[0].top - card.top) < 1) row.push(card);
    else rows.push([card]);
  }
  return rows;
}

/**
 * A card grid: its first row has `columns` cards; neighbours in a row and consecutive rows are
 * apart (not touching); and every card sits inside the grid.
 */
async function expectGrid(page: Page, grid: string, card: string, columns: number) {
  const [container] = await boxesOf(page, grid);
  const cards = await boxesOf(page, `${grid} > ${card}`);
  expect(cards.length, `${grid} cards`).toBeGreaterThan(columns);
  const rows = rowsOf(cards);
  expect(rows[0].length, `${grid} columns`).toBe(columns);
  for (const row of rows) {
    for (let i = 1; i < row.length; i++)
      expect(row[i].left - row[i - 1].right, `${grid} gap between neighbours`).toBeGreaterThanOrEqual(16);
  }
  for (let i = 1; i < rows.length; i++) {
    const above = Math.max(...rows[i - 1].map((c) => c.bottom));
    expect(rows[i][0].top - above, `${grid} gap between rows`).toBeGreaterThanOrEqual(16);
  }
  for (const c of cards) {
    expect(c.left).toBeGreaterThanOrEqual(container.left - 0.5);
    expect(c.right).toBeLessThanOrEqual(container.right + 0.5);
  }
  // A full row fills the grid's width; a last row that is not full is centred.
  const firstRow = rows[0];
  expect(firstRow[0].left).toBeCloseTo(container.left, 0);
  expect(firstRow.at(-1)!.right).toBeCloseTo(container.right, 0);
  const lastRow = rows.at(-1)!;
  expect(lastRow[0].left - container.left, `${grid} last row centred`).toBeCloseTo(
    container.right - lastRow.at(-1)!.right,
    0,
  );
}

/** On a phone the buttons of a row form one even stack: each as wide as the row, one per line. */
async function expectEvenStack(page: Page, row: string) {
  const [container] = await boxesOf(page, row);
  const buttons = await boxesOf(page, `${row} > .button`);
  expect(buttons.length).toBeGreaterThan(1);
  for (const [i, b] of buttons.entries()) {
    expect(b.width, `${row} button ${i + 1} width`).toBeCloseTo(container.width, 0);
    if (i > 0) expect(b.top, `${row} button ${i + 1} on its own line`).toBeGreaterThan(buttons[i - 1].bottom);
  }
}

for (const viewport of VIEWPORTS) {
  test.describe(`screens at ${viewport.name} width (${viewport.width} px)`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    const phone = viewport.width < 600;

    test('pictures of every page and state', async ({ page, consoleErrors }) => {
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
      await page.goto('/privacy');
      await shot('privacy');
      await page.goto('/accessibility');
      await shot('accessibility');
      await page.goto('/missing-page');
      await shot('not-found');
      await page.goto('/audit-results');
      await expect(page.getByRole('note')).toBeVisible();
      await shot('results-no-audit');
      await page.goto('/email-results');
      await shot('email-results-no-audit');
      await page.goto('/audit-tool');
      await rateSection(page, [5, 4, 3]);
      await shot('audit-section-1-partial');
      await completeAudit(page, STEPPED_ANSWERS);
      await shot('results');
      await page.getByRole('link', { name: 'Email Results' }).first().click();
      await expect(page).toHaveURL(/email-results/);
      await shot('email-results');
      // Consent reveals the optional contact details; unticked again, the request is sent without.
      const consent = page.getByRole('checkbox', {
        name: 'The team may contact me about a free consultation',
      });
      await consent.check();
      await expect(page.getByLabel('Your name')).toBeVisible();
      await shot('email-results-contact');
      await consent.uncheck();
      await expect(page.getByLabel('Your name')).toBeHidden();
      await page.getByLabel('Email Address *').fill(`shots-${viewport.name}@care-home.test`);
      await page.getByRole('button', { name: 'Send Results to Email' }).click();
      await expect(page.getByRole('heading', { name: 'Email Sent Successfully!' })).toBeVisible();
      await shot('email-sent');
    });

    test(`home: area cards in ${viewport.areaColumns} column(s) with gaps; figures and buttons even`, async ({
      page,
    }) => {
      await page.goto('/');
      await expectGrid(page, '.area-cards', '.area-card', viewport.areaColumns);
      // Every trust figure in a row starts on the same line, whatever the length of its label.
      const figures = await boxesOf(page, '.stats dd');
      for (const row of rowsOf(figures)) for (const f of row) expect(f.top).toBeCloseTo(row[0].top, 0);
      expect(figures.length).toBe(4);
      if (phone) {
        await expectEvenStack(page, '.hero .button-row');
        await expectEvenStack(page, '.cta .button-row');
      }
      // No button's label wraps: each is one line high (a large button is 52 px).
      for (const b of await boxesOf(page, 'main .button')) expect(b.height).toBeLessThan(60);
    });

    test(`results: cards in ${viewport.resultColumns} column(s) with gaps; actions even`, async ({
      page,
    }) => {
      await completeAudit(page, STEPPED_ANSWERS);
      await expectGrid(page, '.result-cards', '.result-card', viewport.resultColumns);
      // The actions come twice: under the overall score, and after the areas.
      await expect(page.locator('.results-actions')).toHaveCount(2);
      if (phone) await expectEvenStack(page, '.results-actions');
      else {
        // Each row on one line.
        const rows = rowsOf(await boxesOf(page, '.results-actions > .button'));
        expect(rows.map((row) => row.length)).toEqual([3, 3]);
      }
      // On a phone the first row is within the first two screens, not thousands of pixels down.
      const [firstRow] = await boxesOf(page, '.results-actions');
      expect(firstRow.top).toBeLessThan(2 * viewport.height);
    });

    test('audit: the main action is where a thumb or eye expects it', async ({ page }) => {
      await page.goto('/audit-tool');
      const [nav] = await boxesOf(page, '.audit-section__nav');
      const next = (await page.getByRole('button', { name: 'Next Section' }).boundingBox())!;
      const previous = (await page.getByRole('button', { name: 'Previous' }).boundingBox())!;
      if (phone) {
        // Full width, above Previous.
        expect(next.width).toBeCloseTo(nav.width, 0);
        expect(previous.width).toBeCloseTo(nav.width, 0);
        expect(next.y + next.height).toBeLessThan(previous.y);
      } else {
        // On the right, Previous on the left, on one line.
        expect(next.x + next.width).toBeCloseTo(nav.right, 0);
        expect(previous.x).toBeCloseTo(nav.left, 0);
        expect(next.y).toBeCloseTo(previous.y, 0);
      }
    });

    test('results: "Compare with providers like you", its choices and its button', async ({ page }) => {
      await completeAudit(page, STEPPED_ANSWERS);
      const form = page.getByRole('form', { name: 'Compare with providers like you' });
      await form.getByRole('radio', { name: 'Residential care' }).check();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
      await form.screenshot({ path: `test-results/screenshots/${viewport.name}-results-compare.png` });
      // Every choice is a target at least 44 px high, and one line: no label wraps.
      for (const choice of await boxesOf(page, '.compare .choice')) {
        expect(choice.height).toBeGreaterThanOrEqual(44);
        expect(choice.height).toBeLessThan(60);
      }
      const button = (await form.getByRole('button', { name: 'Compare' }).boundingBox())!;
      expect(button.height).toBeLessThan(60);
    });

    test('audit: a disabled next button says which statements still need a rating, beside it', async ({
      page,
    }) => {
      await page.goto('/audit-tool');
      await rateSection(page, [5, 4, 3]);
      const hint = page.getByText('Rate statements 4 and 5 to continue.');
      await expect(hint).toBeVisible();
      const next = (await page.getByRole('button', { name: 'Next Section' }).boundingBox())!;
      const [box] = await boxesOf(page, '.audit-section__hint');
      // Right above the buttons: within a line or two of the next button.
      expect(next.y - box.bottom).toBeLessThan(48);
      expect(next.y).toBeGreaterThan(box.top);
    });

    test('a short page: the footer reaches the window bottom; its rule spans only its content', async ({
      page,
      consoleErrors,
    }) => {
      consoleErrors.allow(NOT_FOUND_RESOURCE);
      // The 404 page at the window's own height is shorter than the window at every width here.
      await page.goto('/missing-page');
      const [main] = await boxesOf(page, 'main');
      const [footer] = await boxesOf(page, 'footer');
      expect(main.bottom).toBeLessThan(viewport.height);
      expect(footer.bottom).toBeCloseTo(viewport.height, 0);
      const content = await page
        .locator('.site-footer__inner')
        .first()
        .evaluate((el) => {
          const box = el.getBoundingClientRect();
          const style = getComputedStyle(el);
          return {
            left: box.left + parseFloat(style.paddingLeft),
            right: box.right - parseFloat(style.paddingRight),
          };
        });
      const [rule] = await boxesOf(page, '.site-footer__legal');
      expect(rule.left).toBeCloseTo(content.left, 0);
      expect(rule.right).toBeCloseTo(content.right, 0);
    });
  });
}
