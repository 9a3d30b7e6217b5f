import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BOT_CHECK_FAILED_MESSAGE, HONEYPOT_FIELD, PROOF_FIELD } from '../../shared/bot-check';
import { emailAddressSchema } from '../../shared/email-request';
import type { BotGuard } from '../bot-guard/bot-guard';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { HttpError } from '../http/http-errors';
import type { TeamSessionState } from '../../shared/team-api';
import { redeemSignInToken, requestSignInLink } from './sign-in-tokens';
import { recordActivity } from '../activity/team-activity';
import { sessionCookieName, sessionCookieOptions, signedInMember } from './team-auth';
import { createSession, deleteSession } from './team-sessions';
import type { ClientLimitStore } from '../http/client-limit-store';
import { registerPerClientLimit } from '../http/request-guards';

export interface TeamSessionOptions {
  db: Database;
  config: Pick<Config, 'publicUrl' | 'teamEmails' | 'rateLimit'>;
  botGuard: BotGuard;
  /** Where the per-client limit is counted (clientLimitStoreFor). */
  clientLimits: ClientLimitStore;
}

const TOKEN_FAILURES = {
  token_used: 'This sign-in link has already been used. Ask for a new one.',
  token_expired: 'This sign-in link has expired (links last 15 minutes). Ask for a new one.',
  token_invalid: 'This sign-in link is not valid. Ask for a new one.',
} as const;

const signInSchema = z.object({ email: emailAddressSchema });

/**
 * Sign-in by e-mailed link and the session: `POST /api/team/sign-in` (open), `POST /api/team/auth`
 * (open), `POST /api/team/sign-out`, `GET /api/team/session` (open: whether one is signed in), and
 * `GET /api/team/setup` (open: whether anyone can sign in at all). Registered inside the team API
 * scope, whose hooks have already checked the Origin and the session.
 */
export async function teamSessionRoutes(app: FastifyInstance, options: TeamSessionOptions): Promise<void> {
  const { db, config } = options;
  const cookieName = sessionCookieName(config.publicUrl);

  // Registered inside this plugin, so the per-client limit applies to the routes that ask for it.
  await registerPerClientLimit(app, { store: options.clientLimits });
  const perClient = { max: config.rateLimit.perClient, timeWindow: config.rateLimit.perClientWindowMs };

  app.get('/api/team/setup', { config: { teamAuth: 'open' } }, async () => ({
    signInEnabled: config.teamEmails.length > 0,
  }));

  // The answer is the same whatever the address and whatever happened (sent, not on the team, over
  // the per-address limit), so it never tells who is on the team.
  app.post(
    '/api/team/sign-in',
    {
      config: { teamAuth: 'open', rateLimit: perClient },
      preHandler: options.botGuard.preHandler({
        honeypotField: HONEYPOT_FIELD,
        proofField: PROOF_FIELD,
        reject: () => new HttpError(400, 'bot_check_failed', BOT_CHECK_FAILED_MESSAGE),
      }),
    },
    async (request, reply) => {
      const parsed = signInSchema.safeParse(request.body);
      if (!parsed.success) {
        throw new HttpError(400, 'invalid_request', 'Please enter a valid e-mail address.', {
          email: parsed.error.issues[0]?.message ?? 'Please enter a valid e-mail address.',
        });
      }
      // The outbox is not woken for a member's link, unlike other e-mails: its next poll (within a
      // second) sends it. Woken here, its send ran beside the answer on the server's own thread
      // and made a member's answer 3-4 ms slower than a stranger's (docs/decisions/0080).
      await requestSignInLink(db, parsed.data.email, config.teamEmails);
      reply.code(202);
      return { status: 'sent_if_on_team' };
    },
  );

  // Only a POST uses a token: mail scanners open (GET) links, and must not spend them.
  app.post(
    '/api/team/auth',
    { config: { teamAuth: 'open', rateLimit: perClient } },
    async (request, reply) => {
      const token = (request.body as { token?: unknown } | null)?.token;
      const result = await db.transaction(async (tx) => {
        const redeemed = await redeemSignInToken(tx, token, config.teamEmails);
        if (!redeemed.ok) return redeemed;
        const started = await createSession(tx, redeemed.email);
        await recordActivity(tx, { actor: redeemed.email, action: 'sign_in' });
        return { ...redeemed, ...started };
      });
      if (!result.ok) throw new HttpError(400, result.reason, TOKEN_FAILURES[result.reason]);
      reply.setCookie(cookieName, result.secret, sessionCookieOptions(config.publicUrl));
      return { email: result.email };
    },
  );

  app.post('/api/team/sign-out', async (request, reply) => {
    const member = signedInMember(request);
    await db.transaction(async (tx) => {
      await deleteSession(tx, request.cookies[cookieName]);
      await recordActivity(tx, { actor: member.email, action: 'sign_out' });
    });
    const { maxAge: _maxAge, ...clearing } = sessionCookieOptions(config.publicUrl);
    reply.clearCookie(cookieName, clearing);
    return reply.code(204).send();
  });

  // Open, and 200 either way: asking whether one is signed in is a question, not a refused
  // request (a 401 is an error line in the browser's console on every signed-out visit). Signed
  // out, the answer says only that, whatever cookie came (decision 0084).
  app.get(
    '/api/team/session',
    { config: { teamAuth: 'open' } },
    async (request): Promise<TeamSessionState> => {
      const member = request.teamMember;
      if (!member) return { signedIn: false };
      return { signedIn: true, email: member.email, expiresAt: member.expiresAt.toISOString() };
    },
  );
}
