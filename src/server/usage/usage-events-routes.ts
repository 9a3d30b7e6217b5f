import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { HttpError } from '../http/http-errors';
import type { ClientLimitStore } from '../http/client-limit-store';
import { readJsonBodies, registerPerClientLimit } from '../http/request-guards';
import { counterKey, SECTION_COUNT, USAGE_EVENTS, type UsageEvent } from '../../shared/usage-events';
import { addToCounter } from './usage-counters';

export interface UsageEventsOptions {
  db: Database;
  /** Most events one client may send a minute; an audit sends about ten. */
  perClientPerMinute?: number;
  /** Where the per-client limit is counted (clientLimitStoreFor). */
  clientLimits: ClientLimitStore;
  /** The clock the day is taken from (a test moves it). */
  now?: () => Date;
}

const INVALID_EVENT_MESSAGE =
  'Send { "event": one of started, section_reached, completed, pdf_downloaded, email_requested } ' +
  'and, with section_reached only, "section": 1 to 5.';

/** The event the parsed body names, or undefined for anything else (extra fields included). */
function eventOf(body: unknown): { event: UsageEvent; section?: number } | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { event, section, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || !USAGE_EVENTS.includes(event as UsageEvent)) return undefined;
  if (event === 'section_reached') {
    const inRange =
      Number.isInteger(section) && (section as number) >= 1 && (section as number) <= SECTION_COUNT;
    return inRange ? { event, section: section as number } : undefined;
  }
  return section === undefined ? { event: event as UsageEvent } : undefined;
}

/**
 * `POST /api/events { event, section? }`: adds one to today's counter of that event and answers
 * 204. Anything else is 400 invalid_event and counts nothing. No cookie is read or set and nothing
 * about the client is kept: its address is used for the per-client limit only (see
 * registerPerClientLimit).
 *
 * The body is read as JSON whether it comes as application/json or text/plain: the browser sends
 * it with sendBeacon as a string, which goes as text/plain — a type any browser sends without a
 * preflight or an exception — and a body that is not our JSON is one more invalid event.
 */
export async function usageEventsRoutes(app: FastifyInstance, options: UsageEventsOptions): Promise<void> {
  const now = options.now ?? (() => new Date());
  // Parsers and the limit registered in here apply to this plugin's route alone.
  readJsonBodies(app, {
    alsoAs: ['text/plain'],
    invalid: () => new HttpError(400, 'invalid_event', INVALID_EVENT_MESSAGE),
  });
  await registerPerClientLimit(app, {
    store: options.clientLimits,
    tooMany: () => new HttpError(429, 'rate_limited', 'Too many events. Please try again later.'),
  });

  app.post(
    '/api/events',
    { config: { rateLimit: { max: options.perClientPerMinute ?? 120, timeWindow: 60_000 } } },
    async (request, reply) => {
      const parsed = eventOf(request.body);
      if (!parsed) throw new HttpError(400, 'invalid_event', INVALID_EVENT_MESSAGE);
      await addToCounter(options.db, counterKey(parsed.event, parsed.section), now());
      reply.code(204).header('Cache-Control', 'no-store');
    },
  );
}
