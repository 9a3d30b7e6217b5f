import type { ConsoleMessage } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';

/**
 * A malformed private link (a continue, results or join link that is too short, has a character a
 * token never has, an extra path segment, a trailing slash or percent-encoded junk) is the plain
 * not-found page, HTTP 404, with nothing in the console but the browser's own line for the 404
 * document itself: no hydration mismatch (React error #418), no failed request of the app's.
 */
const TOKEN_SHAPED = 'A'.repeat(43);
const MALFORMED: [string, string][] = [
  ['too short', 'abc'],
  ['one character short', 'A'.repeat(42)],
  ['one character long', 'A'.repeat(44)],
  ['a character a token never has', `${'A'.repeat(42)}!`],
  ['a dot', `${'A'.repeat(42)}.`],
  ['an extra path segment', `${TOKEN_SHAPED}/more`],
  ['an empty extra segment (double slash)', `${TOKEN_SHAPED}//x`],
  ['a trailing slash', `${TOKEN_SHAPED}/`],
  ['percent-encoded letters', '%41%42%43'],
  ['a percent-encoded slash', `${'A'.repeat(20)}%2F${'A'.repeat(20)}`],
  ['a broken percent escape', `${'A'.repeat(40)}%E0%A4%A`],
  ['a percent-encoded token (not the token itself)', '%41'.repeat(43)],
  ['percent-encoded non-ASCII', '%C3%A9t%C3%A9'],
  ['a space', 'abc%20def'],
];

for (const base of ['/audit-tool/continue', '/results', '/audit-tool/join']) {
  test.describe(`a malformed link under ${base}/`, () => {
    for (const [index, [kind, rest]] of MALFORMED.entries()) {
      test(`${kind}: the not-found page, HTTP 404, a clean console`, async ({ page, consoleErrors }) => {
        const url = `${base}/${rest}`;
        const unexpected: string[] = [];
        // The browser logs one line for any document answered 404; that line, for this document
        // only, is expected. Anything else (a hydration error, a failed fetch) is not.
        consoleErrors.allow(/status of 404 \(Not Found\)/);
        page.on('console', (message: ConsoleMessage) => {
          if (message.type() !== 'error') return;
          const documentOwn404 =
            /status of 404 \(Not Found\)/.test(message.text()) &&
            new URL(message.location().url).pathname === new URL(page.url()).pathname;
          if (!documentOwn404) unexpected.push(`${message.text()} (${message.location().url})`);
        });
        const response = await page.goto(url);
        expect(response?.status()).toBe(404);
        await expect(page).toHaveTitle(/Page not found/);
        await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
        await expect(page.getByText('Oops! Page not found')).toBeVisible();
        // Nothing of the private page it is not: no fetch of a saved audit, stored results or a team audit.
        await expect(
          page.getByRole('heading', {
            name: /Continue your audit|Your saved audit results|AI Care Management Audit/,
          }),
        ).toHaveCount(0);
        // Every malformed link is answered with the same pre-rendered 404 document: axe reads it
        // once per kind of link, not once per spelling (42 scans of one page took about a minute).
        if (index === 0) await expectNoAxeViolations(page);
        expect(unexpected).toEqual([]);
      });
    }
  });
}

test('a well-formed continue token that opens nothing is still the continue page, HTTP 404, no console error', async ({
  page,
  consoleErrors,
}) => {
  // The page says the link opens nothing and offers a fresh start; its API call answers 404 too.
  consoleErrors.allow(/status of 404 \(Not Found\)/);
  const response = await page.goto(`/audit-tool/continue/${TOKEN_SHAPED}`);
  expect(response?.status()).toBe(404);
  await expect(page).not.toHaveTitle(/Page not found/);
});
