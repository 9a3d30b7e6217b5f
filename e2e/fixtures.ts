import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

/** Console errors a test expects, e.g. the browser's own line for a 404 document. */
export interface ConsoleErrors {
  allow(pattern: RegExp): void;
}

/**
 * Every end-to-end test fails on an unexpected console error or uncaught page error, and can
 * run an axe scan of the page as it stands.
 */
export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  // Pages paint before the app's script starts (docs/decisions/0007); a visitor clicking a link in
  // that moment gets a full page load. Tests act once the app has started, so that what they check
  // is the app's behaviour: goto and reload wait for it.
  page: async ({ page }, use) => {
    const appStarted = () =>
      page.waitForFunction(() => !document.documentElement.hasAttribute('data-app-starting'));
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await appStarted();
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await appStarted();
      return response;
    };
    retakePictures(page);
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = errors.filter((e) => !allowed.some((pattern) => pattern.test(e)));
      expect(unexpected, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Chromium's headless shell now and then answers a picture with "Unable to capture screenshot"
 * (once in about 900 pictures here; decision 0089): the page is whole, the compositor had no frame
 * to copy at that instant. The picture is taken once more after the next frame. Any other error,
 * or the same one twice, still fails the test.
 */
async function withOneRetake<T>(page: Page, take: () => Promise<T>): Promise<T> {
  try {
    return await take();
  } catch (error) {
    if (!(error instanceof Error) || !error.message.includes('Unable to capture screenshot')) throw error;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    return take();
  }
}

const RETAKES = Symbol('pictures retaken once');

interface Pictured {
  screenshot(options?: object): Promise<Buffer>;
  [RETAKES]?: true;
}

/**
 * Pictures of a page and of a part of one alike, in every page of the worker (a page opened in a
 * context of the test's own too): the Page and Locator prototypes, each changed once per worker.
 */
function retakePictures(page: Page) {
  retakeOnce(Object.getPrototypeOf(page) as Pictured, (self) => self as Page);
  retakeOnce(Object.getPrototypeOf(page.locator('html')) as Pictured, (self) => (self as Locator).page());
}

function retakeOnce(prototype: Pictured, pageOf: (self: Pictured) => Page) {
  if (prototype[RETAKES]) return;
  const screenshot = prototype.screenshot;
  prototype.screenshot = function (this: Pictured, options) {
    return withOneRetake(pageOf(this), () => screenshot.call(this, options));
  };
  prototype[RETAKES] = true;
}

/** The line Chromium logs for any document or resource answered with HTTP 404. */
export const NOT_FOUND_RESOURCE = /status of 404 \(Not Found\)/;

export { expect };

/**
 * Rules axe files under "best practice", not WCAG, that the scan runs as well: a role an element
 * may not take (a form given role="group", issue 36), a role that a focusable or labelled element
 * overrides, a dialog without a name. Each is an ARIA fault a screen reader meets, not a style.
 */
const ARIA_BEST_PRACTICE = ['aria-allowed-role', 'presentation-role-conflict', 'aria-dialog-name'];

/**
 * An axe scan against WCAG 2.0/2.1/2.2 A and AA and the ARIA rules above; fails with the rule ids and targets.
 *
 * In axe's legacy mode: the scan runs in the page itself, without the blank page the default mode
 * opens beside it (with axe injected again) to gather the results of frames from other origins.
 * No page of the site or the workspace has a frame, and the scan fails if one ever does, so both
 * modes find the same; the legacy one took half the time (about 340 ms a scan against 680 ms,
 * over a hundred scans a run; decision 0093).
 */
export async function expectNoAxeViolations(page: Page) {
  expect(page.frames(), 'a frame, which the scan in legacy mode would not reach').toHaveLength(1);
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] },
      // With runOnly by tag, a rule enabled here runs in addition to the tagged ones.
      rules: Object.fromEntries(ARIA_BEST_PRACTICE.map((rule) => [rule, { enabled: true }])),
    })
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, 'axe violations').toEqual([]);
}

/**
 * Pictures of the whole page at each width (test-results/screenshots/<width>-<name>.png), each
 * checked for sideways scrolling; the page is left at 1280 px wide.
 */
export async function pictureAtWidths(page: Page, name: string, widths: readonly number[]): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} scrolls sideways at ${width} px`).toBe(0);
    await page.screenshot({ path: `test-results/screenshots/${width}-${name}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

export const AREA_TITLES = [
  'Operational Efficiency',
  'Compliance & Regulations',
  'Service Quality',
  'Staff Training & Support',
  'Data Management',
] as const;

const RADIO_NAMES = ['1 Poor', '2', '3', '4', '5 Excellent'] as const;

/**
 * Rates the five statements of the current section, one rating per statement, by clicking. The
 * statements are the radio groups rated up to "5 Excellent": a page may ask something else beside
 * them (a colleague's role on the join page's last section).
 */
export async function rateSection(page: Page, ratings: readonly number[]) {
  const groups = page
    .getByRole('radiogroup')
    .filter({ has: page.getByRole('radio', { name: RADIO_NAMES[4], exact: true }) });
  await expect(groups).toHaveCount(5);
  for (const [index, rating] of ratings.entries()) {
    await groups
      .nth(index)
      .getByRole('radio', { name: RADIO_NAMES[rating - 1], exact: true })
      .check();
  }
}

/** The optional profile, asked on the results page, by its labels as the visitor sees them. */
export interface ProfileChoice {
  serviceType?: string;
  size?: string;
}

/**
 * Answers the whole audit, section by section, and waits for the results screen, which
 * "Complete Audit" opens at once; then, when a profile is given, gives it beside the comparison.
 */
export async function completeAudit(
  page: Page,
  sections: readonly (readonly number[])[],
  profile?: ProfileChoice,
) {
  await page.goto('/audit-tool');
  for (const [index, ratings] of sections.entries()) {
    await expect(page.getByText(`Section ${index + 1} of 5`, { exact: true }).first()).toBeVisible();
    await rateSection(page, ratings);
    const isLast = index === sections.length - 1;
    await page.getByRole('button', { name: isLast ? 'Complete Audit' : 'Next Section' }).click();
  }
  await expect(page).toHaveURL(/\/audit-results$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your AI Audit Results' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Overall score' })).toBeVisible();
  if (profile) await compareWithProviders(page, profile);
}

/** "Compare with providers like you" on the results page: choose the given options and compare. */
export async function compareWithProviders(page: Page, profile: ProfileChoice) {
  const form = page.getByRole('form', { name: 'Compare with providers like you' });
  if (profile.serviceType) {
    await form
      .getByRole('radiogroup', { name: 'What type of service do you run?' })
      .getByRole('radio', { name: profile.serviceType, exact: true })
      .check();
  }
  if (profile.size) {
    await form
      .getByRole('radiogroup', { name: 'How many people do you support?' })
      .getByRole('radio', { name: profile.size, exact: true })
      .check();
  }
  await form.getByRole('button', { name: /^(Compare|Update the comparison)$/ }).click();
}

/** Five sections rated 5,4,3,2,1 in turn: area scores 100, 80, 60, 40, 20 and overall 60. */
export const STEPPED_ANSWERS = [
  [5, 5, 5, 5, 5],
  [4, 4, 4, 4, 4],
  [3, 3, 3, 3, 3],
  [2, 2, 2, 2, 2],
  [1, 1, 1, 1, 1],
] as const;
