import { cspDirectives, type InlineHashes } from '../../src/server/http/security-headers';

/**
 * The Content-Security-Policy of `npm run dev` only: the production directives, with Vite's styles
 * let in. Vite injects each stylesheet as a <style> element whose text changes with every edit, so
 * no hash can name it: style-src takes 'unsafe-inline' (which a browser ignores beside a hash, so
 * the hashes go). Scripts stay as strict as in production: Vite's client is a file of the same
 * origin, its hot-reload socket is the same origin too, and React Refresh's one inline preamble is
 * allowed by its hash like the pages' own inline scripts. One more: when the server restarts, Vite's
 * client waits for it from a shared worker it makes from a blob: URL, then reloads the page; so
 * worker-src takes blob: (the app's own worker is still a same-origin file). The production server never calls this
 * (app.ts uses cspDirectives unless a caller passes another; only scripts/dev.ts does).
 */
export function devCspDirectives(inline: InlineHashes): Record<string, string[]> {
  return {
    ...cspDirectives(inline),
    'style-src': ["'self'", "'unsafe-inline'"],
    'worker-src': ["'self'", 'blob:'],
  };
}
