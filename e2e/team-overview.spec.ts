import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { EXPECTED_API_ERRORS, expectNoColumnCutOff, makeLead, open, signIn } from './team-session';

// The team's overview against the real server (scripts/e2e.ts): a visitor's audit and e-mail
// request, then a team member reads what they made of the funnel, the days and the leads.

/** Every percentage a selector's elements show, as numbers. */
async function percentages(page: Page, selector: string): Promise<number[]> {
  const texts = await page.locator(selector).allTextContents();
  return texts.flatMap((text) => [...text.matchAll(/(\d+)%/g)].map((m) => Number(m[1])));
}

test('the overview: each step defined, never over 100% of the step before, every chart with its table, at every width', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  consoleErrors.allow(EXPECTED_API_ERRORS);
  // A visitor completes an audit, downloads nothing, and asks for the results with consent.
  await makeLead(page, `overview-${Date.now()}@care-home.test`, {
    profile: { serviceType: 'Residential care', size: '25–99' },
  });
  // And three more section-1 reports than starts, as audits begun before the period would make.
  for (let i = 0; i < 3; i++) {
    const res = await page.request.post('/api/events', { data: { event: 'section_reached', section: 1 } });
    expect(res.status()).toBe(204);
  }

  await signIn(page);
  await page.getByRole('link', { name: 'Overview', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeFocused();
  await expect(page.locator('.loading')).toHaveCount(0);

  // Each step in words.
  const definitions = page.locator('dl.definitions dt');
  await expect(definitions).toHaveText([
    'Started',
    'Section 1 to 5',
    'Completed',
    'PDF downloaded',
    'E-mail requested',
    'Consent given',
  ]);

  // The funnel: section 1 counted more than started, shown as no more, and said so in words.
  const funnel = page.getByRole('table', { name: 'Audits at each step, last 30 days' });
  const started = funnel.getByRole('row', { name: /^Started/ });
  const section1 = funnel.getByRole('row', { name: /^Section 1: Operational Efficiency/ });
  const startedCount = Number(await started.getByRole('cell').first().textContent());
  expect(startedCount).toBeGreaterThanOrEqual(1);
  await expect(section1.getByRole('cell').first()).toContainText(`${startedCount}`);
  await expect(section1.getByRole('cell').first()).toContainText('counted');
  await expect(section1.getByRole('cell').nth(1)).toHaveText('100%');
  await expect(page.getByText('Held to the step before:')).toBeVisible();
  await expect(page.locator('.overview-note li').first()).toContainText(
    'Section 1: Operational Efficiency counted',
  );
  await expect(funnel.getByRole('row', { name: /^Consent given/ })).toBeVisible();

  // No conversion over 100%: in the funnel's table and on its bars, and in the leads' shares.
  const shares = [
    ...(await percentages(page, '[aria-labelledby="funnel-caption"] td:nth-of-type(2)')),
    ...(await percentages(page, 'figure svg text.chart__value')),
    ...(await percentages(page, '[aria-labelledby$="-caption"] td:nth-of-type(2)')),
  ];
  expect(shares.length).toBeGreaterThan(10);
  expect(Math.max(...shares)).toBeLessThanOrEqual(100);

  // Each funnel bar is as long as the share beside it says: both of the audits started.
  const funnelBars = page.getByRole('figure').first().locator('svg g');
  for (const bar of await funnelBars.all()) {
    const track = Number(await bar.locator('rect.chart__bar--track').getAttribute('width'));
    const fill = bar.locator('rect:not(.chart__bar--track)');
    const text = (await bar.locator('text.chart__value').textContent()) ?? '';
    const percent = /(\d+)%/.exec(text)?.[1];
    const drawn = (await fill.count()) === 0 ? 0 : Number(await fill.getAttribute('width')) / track;
    // The first bar (started) is the whole, with no share written.
    expect(Math.abs(drawn * 100 - (percent === undefined ? 100 : Number(percent)))).toBeLessThanOrEqual(1);
  }

  // Every chart keeps its table, with a caption and headers.
  const figures = page.getByRole('figure');
  await expect(figures).toHaveCount(7);
  for (const figure of await figures.all()) {
    const table = figure.getByRole('table');
    await expect(table).toHaveCount(1);
    await expect(table.locator('caption')).not.toBeEmpty();
    await expect(table.locator('thead th').first()).toBeVisible();
    await expect(figure.locator('svg[aria-hidden="true"]').first()).toBeAttached();
  }
  await expect(
    page.getByRole('table', {
      name: 'Each step, the leads and the team audits, last 30 days and the 30 before',
    }),
  ).toBeVisible();

  // Only the days with activity get a row; the others are one sentence.
  const dayRows = await page.getByRole('table', { name: 'Counts per day' }).locator('tbody tr').count();
  expect(dayRows).toBeGreaterThanOrEqual(1);
  if (dayRows < 30)
    await expect(page.getByText(`No activity on the other ${30 - dayRows} day`)).toBeVisible();

  // The lead is counted by status, service type, size and source.
  await expect(page.getByRole('table', { name: 'Leads by service type, last 30 days' })).toContainText(
    'Residential care',
  );
  await expect(page.getByRole('table', { name: 'Leads by size, last 30 days' })).toContainText(
    '25–99 people',
  );
  await expect(page.getByRole('table', { name: 'Leads by source, last 30 days' })).toContainText('Direct');
  await expectNoAxeViolations(page);

  for (const width of [390, 768, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : width < 1000 ? 1024 : 800 });
    await open(page, '/team/overview');
    await expect(page.getByRole('table', { name: 'Counts per day' })).toBeVisible();
    // No sideways scrolling, and no table wider than its card: no column cut off.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `the overview at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    await expectNoColumnCutOff(page, 'main table');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/screenshots/team-overview-${width}.png`, fullPage: true });
  }
});
