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
