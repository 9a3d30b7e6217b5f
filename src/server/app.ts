import path from 'node:path';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerFactory,
  type RouteOptions,
} from 'fastify';
import { configWarnings, type Config } from './config';
import type { Database } from './db/database';
import { openDatabase } from './db/open-database';
import { watchAvailability } from './db/availability-watch';
import { faultLog } from './http/fault-log';
import { errorBody, registerErrorHandler } from './http/http-errors';
import { markPrivate } from './http/private-answer';
import { readJsonBodies } from './http/request-guards';
import { clientLimitStoreFor } from './http/client-limit-store';
import { clientLimitsSweepJob } from './http/client-limits-sweep-job';
import { registerPlainTextGuard } from './http/plain-text-guard';
import { parseQueryString } from './http/query-string';
import { pathForLog, serializeError } from './http/log-privacy';
import { fileTransport, smtpTransport, type MailTransport } from './mail/mail-transport';
import { mailDelivery } from './mail/request-mail-delivery';
import type { RenderPdf } from './pdf/report-contact';
import { signInDelivery } from './mail/sign-in-email';
import { continueDelivery } from './mail/continue-email';
import { startPdfThread } from './pdf/pdf-thread';
import { releaseAllClaims } from './outbox/outbox-store';
import { OutboxLanes } from './outbox/outbox-lanes';
import { MAIL_BACKLOG, MailBacklog, type MailBacklogOptions } from './outbox/mail-backlog';
import { deliveryByKind } from './outbox/delivery-by-kind';
import { webhookDelivery } from './webhooks/webhook-delivery';
import { retentionJob } from './leads/retention-job';
import { leadAlertDelivery, leadDigestDelivery } from './mail/team-alert-delivery';
import { digestJob } from './alerts/digest-job';
import { startJobs, type RunningJobs } from './jobs/job-scheduler';
import { signInCleanupJob } from './team-sign-in/sign-in-cleanup-job';
import { usedChallengesJob } from './bot-guard/used-challenges-job';
import { createBotGuard } from './bot-guard/bot-guard';
import { sqlChallengeStore } from './bot-guard/challenge-store';
import { challengeRoutes } from './bot-guard/challenge-routes';
import { emailResultsRoutes } from './leads/email-results-routes';
import { membersToAlert } from './alerts/alert-preferences';
import { healthRoutes } from './http/health-routes';
import { resultsLinkRoutes } from './leads/results-link-routes';
import { actionPlanRoutes } from './leads/action-plan-routes';
import { findRetakeOriginId } from './leads/email-requests';
import { savedAuditRoutes } from './saved-audits/saved-audit-routes';
import { savedAuditPurgeJob } from './saved-audits/saved-audit-purge-job';
import { CONTINUE_PATH } from '../shared/saved-audit';
import { teamApi } from './team-api';
import { teamAuditRoutes } from './team-audits/team-audit-routes';
import { JOIN_PATH } from '../shared/team-audit';
import { auditsRoutes } from './benchmark/audits-routes';
import { benchmarkRoutes } from './benchmark/benchmark-routes';
import { usageEventsRoutes } from './usage/usage-events-routes';
import { reportPdfRoutes } from './pdf/report-pdf-routes';
import { resultsReportRoutes } from './pdf/results-report-routes';
import { registerSecurityHeaders, type InlineHashes } from './http/security-headers';
import { malformedPrivateLink, notFoundAtMalformedPrivateLinks } from './site/malformed-links';
import { loadSite, registerSite, sendSiteFile, type Site } from './site/static-site';
import { livePages } from './site/live-pages';
import { renderPageRoot } from './site/render-page-root';
import { RESULTS_PATH } from '../shared/results-link';
import type { AppMetrics } from './metrics/app-metrics';
import { recordRequests } from './metrics/request-metrics';
import { timedRenders } from './metrics/timed-renders';
import { OUTBOX_KINDS, waitingMessagesByKind } from './outbox/waiting-messages';
import { ContentCache, type ContentCacheOptions } from './content/content-cache';
import { seedContentV1 } from './content/content-store';
import { contentRoutes } from './content/content-routes';
import type { ContentPreviews } from './content/content-previews';
import { previewResultsMail } from './mail/content-preview-mail';
import { previewReportPdf } from './pdf/content-preview-pdf';

/** Parts a caller may supply instead of having the app open them from the configuration. */
export interface AppDeps {
  /** An open, migrated database the caller owns (and closes). */
  db?: Database;
  /** Where e-mail goes; by default the SMTP relay of SMTP_URL, or `.eml` files under DATA_DIR/mail. */
  mailTransport?: MailTransport;
  renderPdf?: RenderPdf;
  /** Where log lines go instead of standard output (a test reads them). */
  logStream?: { write(line: string): void };
  /** Told of every route as it is added (a test lists every /api/team/ route from the app itself). */
  onRoute?: (route: RouteOptions) => void;
  /** Where the app reports its metrics (main.ts passes one when METRICS_PORT is set); unset: none kept. */
  metrics?: AppMetrics;
  /** True once main.ts is shutting the process down: /api/health then answers 503 (see health-routes.ts). */
  draining?: () => boolean;
  /** How the app's cache of the audit's words keeps the live version (a test passes its own clock). */
  contentCache?: ContentCacheOptions;
  /**
   * The clock of the leads' speed to lead: when an e-mail request came, when a member first
   * contacted its lead, whether a lead waits, the overview's days and the background jobs' runs. A
   * test sets it (test/support/clocked-server.ts); the real one by default.
   */
  now?: () => Date;
  /**
   * The site to serve instead of the build in SITE_DIR: the dev server's (scripts/dev.ts), whose
   * pages load their script from Vite. Null: none, the API only.
   */
  site?: Site | null;
  /** The HTTP server to answer on: the dev server's, which hands Vite its own requests first. */
  serverFactory?: FastifyServerFactory;
  /**
   * The Content-Security-Policy's directives for the site's inline hashes; by default the strict
   * production ones (cspDirectives). Only the dev server passes others, for Vite's injected styles.
   */
  cspDirectives?: (inline: InlineHashes) => Record<string, string[]>;
  /** How far behind the e-mails may fall before e-mail requests wait (a test sets a short one). */
  mailBacklog?: MailBacklogOptions;
  /**
   * False: the outbox does not start. For a test that reads the messages its requests stored,
   * which the outbox sending meanwhile would change under it.
   */
  runOutbox?: boolean;
  /**
   * False: the background jobs (retention, the digest, the clean-ups) do not start. For a test that
   * runs a job itself at a moment it chooses, which a run on the real clock must not join.
   */
  runJobs?: boolean;
}

/** The largest request body the API accepts (a larger body is answered 413). */
export const BODY_LIMIT_BYTES = 16 * 1024;

/**
 * How long a client has to send a request's headers, and the whole request: a client that trickles
 * them a byte at a time holds a connection (and the memory behind it) for as long as it is let.
 * Past either, the connection is answered 408 and closed.
 */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
// Node checks those two limits only this often (its default is 30 s, which let a trickle run to
// nearly a minute): a cut comes at most this late. The check walks the open connections, so once a
// second costs nothing worth counting.
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

// A database outage is over once calls have succeeded for this long with none failing: on a full
// disk reads go on succeeding while writes fail, and that is one outage, not a pair of lines per request.
const DATABASE_SETTLE_MS = 5_000;

// Fastify accepts a hop count at run time but its types do not; this is the function it would build.
function trustProxyOption(
  value: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/** The outbox looks for due messages this often, and sooner when a request is queued. */
function pollIntervalMs(config: Config): number {
  return Math.min(1_000, Math.max(50, config.mail.retryBaseMs));
}

function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * The whole server as a Fastify instance, not yet listening: tests drive it with `inject`, and
 * main.ts listens on it. Closing it closes what it opened.
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  // Loaded just below; the bad-address handler, made with the instance, reads it when called.
  let site: Site | null = null;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Request logs carry no client address: the privacy notice says we keep IP addresses only
      // briefly, for the rate limit, and logs are kept as long as the operator keeps them. Nor a
      // query string: the team's searches travel in one (see pathForLog).
      serializers: {
        req: (request: { method: string; url: string; id: string }) => ({
          method: request.method,
          url: pathForLog(request.url),
          id: request.id,
        }),
        // Errors are logged without their fields: a database error carries the visitor's data.
        err: serializeError,
      },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    ...(deps.serverFactory ? { serverFactory: deps.serverFactory } : {}),
    trustProxy: trustProxyOption(config.trustProxy),
    // Escapes that are not UTF-8 reach the plain-text guard as characters it refuses (query-string.ts).
    routerOptions: { querystringParser: parseQueryString },
    bodyLimit: BODY_LIMIT_BYTES,
    // Slow clients may not hold a connection for ever (Node's own defaults are 60 s and five minutes).
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
    // An address the router cannot read (a broken percent escape, `/results/%E0%A4%A`, or a
    // parameter over its length limit) is one nobody can have been given: a page's path gets the
    // not-found page like any unknown address, an API path the API's own error body, never
    // Fastify's bare 400.
    frameworkErrors: (_error, request, untypedReply) => {
      const reply = untypedReply as FastifyReply;
      if (!isApiPath(request.url) && site) {
        if (malformedPrivateLink(request.url, site.privatePages.keys())) markPrivate(reply);
        return sendSiteFile(request, reply, site.notFound, 404);
      }
      return reply.code(400).send(errorBody('invalid_request', 'The address is not valid.'));
    },
  });

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  for (const warning of configWarnings(config)) app.log.warn(warning);

  site = deps.site !== undefined ? deps.site : await loadSite(config.siteDir, config.links);
  // Before every route, so no route serves a private page's shell at a link that cannot be one.
  if (site) app.addHook('onRequest', notFoundAtMalformedPrivateLinks(site));
  if (!site) app.log.warn({ siteDir: config.siteDir }, 'no built site found: serving the API only');

  // A folder that stays read-only fails a reopen every few seconds: logged when the first fails
  // and when one succeeds, with the count.
  const reopens = faultLog(app.log, {
    started: 'embedded database cannot be reopened after a storage failure: answering 503 and retrying',
    healed: 'embedded database reopened after a storage failure',
  });
  // Every call that meets an outage, from a request, a job or the outbox, is counted here, and the
  // outage logged twice: when it starts and when it heals (issue 22: a read-only folder logged
  // every 503 with its stack, 74.5 MB in 12 s).
  const outage = faultLog(app.log, {
    started: 'database unavailable: answering 503 until it recovers',
    healed: 'database available again',
    settleMs: DATABASE_SETTLE_MS,
  });
  const db = watchAvailability(
    deps.db ??
      (await openDatabase(config, {
        onIdleError: (error) => app.log.warn({ err: error }, 'idle database connection failed'),
        holder: 'the server',
        onReopen: (outcome) => (outcome.ok ? reopens.succeeded() : reopens.failed(outcome.error)),
      })),
    outage,
  );

  const transport =
    deps.mailTransport ??
    (config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(path.join(config.dataDir, 'mail')));
  app.log.info(`e-mail goes to ${transport.description}`);
  // One PDF thread for the e-mail attachment and the download (see pdf-thread.ts). It never stops
  // when idle: a download is a person waiting, and downloads are rare, so with the usual idle stop
  // most of them would start a new thread.
  const pdfThread = startPdfThread({ idleStopMs: Infinity });
  const untimedRender = deps.renderPdf ?? pdfThread.render;
  const renderPdf = deps.metrics ? timedRenders(untimedRender, deps.metrics) : untimedRender;
  // The audit's words: one cache for every capability that reads them (decision 0073).
  const content = new ContentCache(db, deps.contentCache);
  const requestMail = mailDelivery(db, transport, {
    mailFrom: config.mailFrom,
    links: config.links,
    renderPdf,
    publicUrl: config.publicUrl,
    benchmarkMinResponses: config.benchmarkMinResponses,
    retentionDays: config.retentionDays,
    content,
  });
  const teamAlertSettings = { mailFrom: config.mailFrom, publicUrl: config.publicUrl };
  // Two lanes, e-mails and webhooks, each with its own sending slots (decision 0045).
  const outbox = new OutboxLanes(
    db,
    deliveryByKind({
      visitor: requestMail,
      team: requestMail,
      sign_in: signInDelivery(db, transport, { mailFrom: config.mailFrom, publicUrl: config.publicUrl }),
      continue: continueDelivery(db, transport, { mailFrom: config.mailFrom, publicUrl: config.publicUrl }),
      lead_alert: leadAlertDelivery(db, transport, teamAlertSettings),
      lead_digest: leadDigestDelivery(db, transport, teamAlertSettings),
      ...(config.webhook
        ? {
            webhook: webhookDelivery(db, {
              secret: config.webhook.secret,
              timeoutMs: config.webhook.timeoutMs,
              content,
            }),
          }
        : {}),
    }),
    {
      ...config.mail,
      pollIntervalMs: pollIntervalMs(config),
      log: app.log,
      onOutcome: (kind, outcome, ms) => deps.metrics?.recordDelivery(kind, outcome, ms / 1000),
    },
  );
  let jobs: RunningJobs | undefined;
  // Started when the server listens (not for a test's inject): the first render in a new thread
  // takes about 1 s (starting the thread, loading PDFKit and the font, the first compile) against
  // 25–40 ms for later ones, and the first download should not wait for that. The thread holds
  // about 100 MB of memory for the server's life: the price of no slow first download. Not awaited.
  app.addHook('onListen', async () => {
    if (!deps.renderPdf) void pdfThread.warmUp();
  });
  const previewPdf = previewReportPdf(renderPdf, config);
  const contentPreviews: ContentPreviews = {
    email: async (words, band) => previewResultsMail(words, band, config, new Date()),
    pdf: (words, band) => previewPdf(words, band, new Date()),
  };
  app.addHook('onReady', async () => {
    // Version 1 of the audit's words, after the migrations: a new database and an existing one
    // both get it (once; every later start finds it there).
    if (await seedContentV1(db)) app.log.info('the audit’s words: version 1 stored');
    // Only this process can have the PGlite directory open, so any claim in it is from an earlier run.
    if (db.kind === 'pglite') await releaseAllClaims(db, config.mail.maxAttempts);
    if (deps.runOutbox !== false) outbox.start();
    // The background jobs: each runs once per period across every instance (src/server/jobs).
    if (deps.runJobs === false) return;
    jobs = startJobs(
      db,
      [
        retentionJob(config.retentionDays),
        clientLimitsSweepJob(),
        digestJob({
          members: config.teamEmails,
          retentionDays: config.retentionDays,
          onQueued: () => outbox.wake(),
        }),
        signInCleanupJob(),
        usedChallengesJob(),
        savedAuditPurgeJob(),
      ],
      { tickMs: config.jobsTickMs, log: app.log, clock: deps.now },
    );
  });
  // One hook, so the order is plain: the HTTP server has stopped taking requests by now; the outbox
  // finishes or hands back its sends and a job's run in progress ends, and only then does the database close.
  app.addHook('onClose', async () => {
    await Promise.all([outbox.stop(), jobs?.stop()]);
    if (!deps.mailTransport) await transport.close();
    await pdfThread.close();
    if (!deps.db) await db.close();
  });

  if (deps.metrics) {
    recordRequests(app, deps.metrics);
    deps.metrics.watchOutbox({ kinds: OUTBOX_KINDS, read: () => waitingMessagesByKind(db) });
    deps.metrics.watchPool(db.kind, db.poolStats?.bind(db));
  }
  registerErrorHandler(app);
  readJsonBodies(app);
  // Before any route, so it guards every one of them (and the not-found handler).
  registerPlainTextGuard(app);
  await registerSecurityHeaders(app, site?.inline ?? { scripts: [], styles: [] }, deps.cspDirectives);

  await app.register(healthRoutes, { db, draining: deps.draining });
  // Every per-client limit counts here: in PostgreSQL, shared by all instances; with PGlite, in memory.
  const clientLimits = clientLimitStoreFor(db);
  const botGuard = createBotGuard({ proofOfWork: config.botProtection, store: sqlChallengeStore(db) });
  await app.register(challengeRoutes, { botGuard });
  await app.register(emailResultsRoutes, {
    db,
    config,
    botGuard,
    clientLimits,
    onQueued: () => outbox.wake(),
    mailBacklog: new MailBacklog(db, () => outbox.mailSending, deps.mailBacklog ?? MAIL_BACKLOG),
    alertMembersFor: (request) => membersToAlert(db, config.teamEmails, request),
    content,
    now: deps.now,
  });
  // Every /api/team/* route lives in this one scope, behind its Origin and session checks.
  await app.register(teamApi, {
    db,
    config,
    botGuard,
    clientLimits,
    onQueued: () => outbox.wake(),
    content,
    contentPreviews,
    now: deps.now,
  });
  await app.register(contentRoutes, { content });
  await app.register(usageEventsRoutes, {
    db,
    perClientPerMinute: config.rateLimit.eventsPerClientPerMinute,
    clientLimits,
  });
  await app.register(auditsRoutes, { db, config, clientLimits });
  await app.register(benchmarkRoutes, { db, config });
  await app.register(reportPdfRoutes, { db, config, renderPdf, clientLimits, content });
  await app.register(resultsReportRoutes, { db, config, renderPdf, clientLimits, content });
  await app.register(resultsLinkRoutes, {
    db,
    retentionDays: config.retentionDays,
    bookingUrl: config.links.bookingUrl,
    page: site?.privatePages.get(RESULTS_PATH) ?? null,
  });
  // The action plan kept on a results page: the results link is its key (decision 0055).
  await app.register(actionPlanRoutes, { db, config, clientLimits });
  await app.register(savedAuditRoutes, {
    db,
    config,
    botGuard,
    clientLimits,
    onQueued: () => outbox.wake(),
    // A saved retake is linked to the live result its results link stands for (else saved unlinked).
    findRetakeOrigin: (token) => findRetakeOriginId(db, token, config.retentionDays),
    page: site?.privatePages.get(CONTINUE_PATH) ?? null,
    content,
  });
  // The team audit: the manager's side keyed by her results link, the colleagues' by the join link.
  await app.register(teamAuditRoutes, {
    db,
    config,
    botGuard,
    clientLimits,
    findResultId: (token) => findRetakeOriginId(db, token, config.retentionDays),
    page: site?.privatePages.get(JOIN_PATH) ?? null,
    content,
  });
  if (site) {
    // The audit and results screens in the live version's words once another than 1 is live.
    registerSite(app, site, livePages(site, { live: () => content.live(), render: renderPageRoot }));
  }

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) {
      return reply.code(404).send(errorBody('not_found', 'There is no API endpoint at this address.'));
    }
    if (site) return sendSiteFile(request, reply, site.notFound, 404);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });

  return app;
}
