import type { FastifyReply } from 'fastify';

/**
 * What every answer at an address that holds a secret says (a results link, a continue link), found
 * or not: no cache keeps the answer, no search engine lists it, and no link followed from the page
 * tells another site (or our own logs) the address it came from. The page's other security headers,
 * its Content-Security-Policy included, are the site's own.
 */
export function markPrivate(reply: FastifyReply): void {
  reply
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Robots-Tag', 'noindex, nofollow');
}
