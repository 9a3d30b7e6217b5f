import { existsSync } from 'node:fs';

/**
 * How we start Debian's Chromium, for the end-to-end tests and the benchmark. Without the network
 * flags it stalls on these machines' closed network (it keeps trying to reach Google's services);
 * each instance gets its own throwaway profile from whoever launches it (chrome-launcher or
 * Playwright).
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The Chromium the tests drive: Debian's `chromium-headless-shell`, the same Chromium (version,
 * Blink, fonts) built without the desktop browser around it, which Playwright itself uses for
 * headless runs. The end-to-end suite took about 40% less time in it than in the full browser
 * (decision 0089). CHROME_PATH, when set, wins; the full browser when the shell is not installed.
 * The benchmark's Lighthouse runs keep the full browser, as a visitor's is.
 */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

export function testChromiumPath(): string {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : '/usr/bin/chromium';
}
