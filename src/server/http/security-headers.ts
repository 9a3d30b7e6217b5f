import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** CSP source expressions ('sha256-…') for the inline scripts and style elements of the site's pages. */
export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

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
    // The e-mail form's proof-of-work solver: our own script file, never a blob: or data: worker.
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * Powerful browser features the site never uses, denied to it and to anything it might embed, so
 * injected script could not reach them either; and no ad-topic or cohort tracking. Only features
 * Chromium recognises: an unknown name costs a console warning on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'interest-cohort',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * The headers helmet sets with `options`, computed once. @fastify/helmet calls helmet() afresh for
 * every request (building the middleware and parsing the CSP each time), which was about 3.5% of
 * the server's time under `npm run bench`. Helmet stays the source of the values: we ask it once,
 * on a throwaway instance, and copy its answer, leaving out the headers every response has anyway.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(helmet, options);
    probe.get('/', async () => '');
    const response = await probe.inject({ url: '/' });
    const ordinary = new Set(['date', 'content-length', 'content-type', 'connection', 'keep-alive']);
    return Object.fromEntries(
      Object.entries(response.headers)
        .filter(([name]) => !ordinary.has(name))
        .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
    );
  } finally {
    await probe.close();
  }
}

/**
 * Security headers on every response (pages, assets, API and errors alike). No
 * upgrade-insecure-requests: the server also runs on plain http (localhost, behind a proxy that
 * terminates TLS), where it would make the browser fetch the site's own assets over https.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  inline: InlineHashes,
  directivesFor: (inline: InlineHashes) => Record<string, string[]> = cspDirectives,
): Promise<void> {
  const headers = await helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: directivesFor(inline) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // The site loads nothing cross-origin, so it can be isolated from other origins' windows.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  // onRequest, as @fastify/helmet does: also on 404s and errors, and before any handler can override one.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
