import type { FastifyReply, FastifyRequest } from 'fastify';
import { isPrivateLinkPath } from '../../shared/pages';
import { markPrivate } from '../http/private-answer';
import { sendSiteFile, type Site } from './static-site';

/**
 * The private page a path is below, when it is below one but is not a well-formed link to it
 * (`isPrivateLinkPath`: one 43-character token, the path as typed); undefined otherwise.
 */
export function malformedPrivateLink(url: string, privatePaths: Iterable<string>): string | undefined {
  const pathname = url.split('?')[0] ?? '';
  for (const pagePath of privatePaths) {
    if (pathname.startsWith(`${pagePath}/`) && !isPrivateLinkPath(pathname, pagePath)) return pagePath;
  }
  return undefined;
}

/**
 * An `onRequest` hook: a malformed private link (`/results/abc`, `/audit-tool/continue/<token>/x`,
 * percent-encoded junk) gets the not-found page, HTTP 404, before any route sees it. Without it a
 * route that decodes its parameter served the private page's shell, which the browser app (reading
 * the path as typed) took for an unknown address: React's hydration mismatch, error #418.
 */
export function notFoundAtMalformedPrivateLinks(site: Site) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (malformedPrivateLink(request.url, site.privatePages.keys()) === undefined) return;
    // Still an address that looks like it may hold a secret: answered as privately as a real one.
    markPrivate(reply);
    return sendSiteFile(request, reply, site.notFound, 404);
  };
}
