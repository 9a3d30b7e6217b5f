import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { BotGuard } from './bot-guard/bot-guard';
import type { Config } from './config';
import type { Database } from './db/database';
import type { ClientLimitStore } from './http/client-limit-store';
import { registerTeamAuth, signedInMember } from './team-sign-in/team-auth';
import { endSessionsOfFormerMembers } from './team-sign-in/team-sessions';
import { teamSessionRoutes } from './team-sign-in/team-session-routes';
import { teamOverviewRoutes } from './usage/team-overview-routes';
import { readLeadFigures } from './leads/lead-figures';
import { teamLeadsRoutes } from './leads/team-leads-routes';
import { teamActivityRoutes } from './activity/team-activity-routes';
import { teamAlertsRoutes } from './alerts/team-alerts-routes';
import { teamSavedAuditsRoutes } from './saved-audits/team-saved-audits-routes';
import type { ContentCache } from './content/content-cache';
import type { ContentPreviews } from './content/content-previews';
import { teamContentRoutes } from './content/team-content-routes';

export interface TeamApiOptions {
  db: Database;
  config: Config;
  /** The same guard instance as the e-mail form's, for the sign-in form. */
  botGuard: BotGuard;
  /** Sends queued outbox messages now rather than at the next poll. */
  onQueued: () => void;
  /** Where the sign-in routes' per-client limits are counted (clientLimitStoreFor). */
  clientLimits: ClientLimitStore;
  /** The app's cache of the audit's words, told of each version published here. */
  content: ContentCache;
  /** The e-mail and PDF an editor previews unpublished words in. */
  contentPreviews: ContentPreviews;
  /** The clock of the leads' speed to lead and the overview's days (AppDeps.now); the real one by default. */
  now?: () => Date;
}

const TEAM_PREFIX = '/api/team/';

/**
 * The whole team API as one encapsulated scope: the hooks of team-auth.ts (no-store, the Origin
 * check, the session) run before every route registered in here, and only before those. A route
 * is protected by being registered in this scope; `config: { teamAuth: 'open' }` opens it.
 * Routes use their full path ('/api/team/leads'); one outside /api/team/ stops the start, as it
 * would be protected without looking so.
 */
export async function teamApi(team: FastifyInstance, options: TeamApiOptions): Promise<void> {
  team.addHook('onRoute', (route) => {
    if (!route.url.startsWith(TEAM_PREFIX)) {
      throw new Error(`team API route ${route.url} must be under ${TEAM_PREFIX}`);
    }
  });
  // Removing an address from TEAM_EMAILS and restarting leaves it no session and no usable link.
  team.addHook('onReady', async () => {
    const ended = await endSessionsOfFormerMembers(options.db, options.config.teamEmails);
    if (ended > 0) team.log.info({ ended }, 'team sessions of addresses no longer in TEAM_EMAILS ended');
  });
  await team.register(cookie);
  await registerTeamAuth(team, { db: options.db, config: options.config });

  await team.register(teamSessionRoutes, options);
  await team.register(teamOverviewRoutes, { db: options.db, readLeadFigures, now: options.now });
  await team.register(teamActivityRoutes, { db: options.db });
  await team.register(teamLeadsRoutes, {
    db: options.db,
    onQueued: options.onQueued,
    memberOf: (request) => signedInMember(request).email,
    teamEmails: options.config.teamEmails,
    now: options.now,
  });
  await team.register(teamAlertsRoutes, {
    db: options.db,
    memberOf: (request) => signedInMember(request).email,
  });
  await team.register(teamSavedAuditsRoutes, { db: options.db });
  await team.register(teamContentRoutes, {
    db: options.db,
    content: options.content,
    editors: options.config.teamEditors,
    memberOf: (request) => signedInMember(request).email,
    previews: options.contentPreviews,
  });
  // A new team route plugin is registered here; each of its routes needs a session unless its
  // config says teamAuth: 'open'.
}
