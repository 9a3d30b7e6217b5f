import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { InlineHashes } from './site/inline-hashes';

/** The Content-Security-Policy directives, allowing the site's own inline elements by hash only. */
export function cspDirectives(inline: InlineHashes): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inline.scripts],
    'style-src': ["'self'", ...inline.styles],
    // The pre-rendered HTML carries style="width:…" on progress bars; CSS cannot set a width
    // from data without it. Style attributes cannot run script, and script-src stays strict.
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * Security headers on every response (pages, assets, API and errors alike). No
 * upgrade-insecure-requests: the server also runs on plain http (localhost, behind a proxy that
 * terminates TLS), where it would make the browser fetch the site's own assets over https.
 */
export async function registerSecurityHeaders(app: FastifyInstance, inline: InlineHashes): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(inline) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // The site loads nothing cross-origin, so it can be isolated from other origins' windows.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
}
