import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { HttpError } from '../http/http-errors';
import { isStateChanging, requireSameOrigin } from '../http/same-origin';
import { findSession, SESSION_LIFETIME_MS, type TeamSession } from './team-sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'open': the route answers without a session (sign-in, using a link, whether sign-in is set up). */
    teamAuth?: 'open';
  }
  interface FastifyRequest {
    /** The signed-in team member under /api/team; null on an open route without a session. */
    teamMember: TeamSession | null;
  }
}

export interface TeamAuthOptions {
  db: Database;
  config: { publicUrl: string; teamEmails: readonly string[] };
}

/** The session cookie: `__Host-` on https, so only this origin over https can set or read it. */
export function sessionCookieName(publicUrl: string): string {
  return isHttps(publicUrl) ? '__Host-care_audit_team' : 'care_audit_team';
}

function isHttps(publicUrl: string): boolean {
  return publicUrl.startsWith('https:');
}

/**
 * HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it), Path=/ and no
 * Domain (required by `__Host-`), Secure whenever the site is https. It lasts the session's 7 days
 * at most; the database decides whether it is still good.
 */
export function sessionCookieOptions(publicUrl: string): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: isHttps(publicUrl),
    maxAge: SESSION_LIFETIME_MS / 1000,
  };
}

export const UNAUTHORIZED_MESSAGE = 'Please sign in to the team workspace.';
export const TEAM_ORIGIN_MESSAGE = 'This request must come from the team workspace on this site.';

/**
 * The hooks of the /api/team scope, in this order for every request:
 * 1. the answer is never cached (Cache-Control: no-store), errors included;
 * 2. a POST/PUT/PATCH/DELETE whose Origin is not exactly PUBLIC_URL is refused (403
 *    forbidden_origin), also on open routes and also when Origin is missing: browsers send Origin on
 *    every cross-site state-changing request, so this stops cross-site requests even if a cookie
 *    were sent;
 * 3. the session cookie is looked up (request.teamMember); without a live session every route
 *    answers 401 unauthorized, except those whose config says `teamAuth: 'open'`.
 * Must be called on the encapsulated team scope (not wrapped in fastify-plugin), so it guards only
 * the routes registered in that scope.
 */
export async function registerTeamAuth(team: FastifyInstance, options: TeamAuthOptions): Promise<void> {
  const { db, config } = options;
  const cookieName = sessionCookieName(config.publicUrl);
  team.decorateRequest('teamMember', null);

  team.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-store');
    if (isStateChanging(request.method)) requireSameOrigin(request, config.publicUrl, TEAM_ORIGIN_MESSAGE);
    request.teamMember = (await findSession(db, request.cookies[cookieName], config.teamEmails)) ?? null;
    if (!request.teamMember && request.routeOptions.config.teamAuth !== 'open') {
      throw new HttpError(401, 'unauthorized', UNAUTHORIZED_MESSAGE);
    }
  });
}

/** The signed-in member of a route that is not open (the hook above has already refused the rest). */
export function signedInMember(request: FastifyRequest): TeamSession {
  if (!request.teamMember) throw new HttpError(401, 'unauthorized', UNAUTHORIZED_MESSAGE);
  return request.teamMember;
}
