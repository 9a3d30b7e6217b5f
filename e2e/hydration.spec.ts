import { NOT_FOUND_RESOURCE, expect, test } from './fixtures';

// Preact does not report a page whose first render differs from its pre-rendered HTML: it reuses
// the elements it finds and leaves their attributes as they were, so a mismatch shows only as a
// broken page (docs/decisions/0027-preact-runs-the-react-code.md). So this checks the outcome: on every script page opened fresh in a new tab (no audit, no navigation state),
// hydration and whatever runs right after it leave the pre-rendered page exactly as it was. A
// screen that renders something else in the browser than in the build shows here as a difference.
// The private results page is left out: it fetches its stored audit once started, by design.
const FRESH_PAGES = ['/audit-tool', '/audit-results', '/email-results', '/no-such-page'];

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
