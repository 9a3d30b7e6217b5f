import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { DatabaseUnavailableError } from '../db/database';
import { errorBody } from './http-errors';

export interface HealthOptions {
  db: Database;
  /**
   * How often a healthy server proves that the database still takes writes. A probe is one tiny
   * committed UPDATE; a load balancer that asks every second costs one write per interval, not one
   * per check. After a failed probe every check probes again, so recovery shows at once.
   */
  writeProbeIntervalMs?: number;
  /**
   * True once the process is shutting down: the check answers 503 while requests are still served,
   * so a load balancer takes this instance out before it stops listening (SHUTDOWN_DRAIN_MS).
   */
  draining?: () => boolean;
}

/** Thrown to roll the space probe's row back; never leaves probeSpace. */
class RollBackProbe extends Error {}

/**
 * Whether the database can still grow a table, as every stored request needs sooner or later: a row
 * is added to the empty health_space_probe, which makes the database extend its file by a page (on
 * a full disk, "could not extend file": the same error a request meets), and rolled back. VACUUM
 * then cuts the table back to no pages, so the next probe needs new space again and the file never grows.
 */
async function probeSpace(db: Database): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO health_space_probe DEFAULT VALUES');
      throw new RollBackProbe();
    });
  } catch (error) {
    if (!(error instanceof RollBackProbe)) throw error;
  }
  await db.query('VACUUM health_space_probe');
}

/**
 * `GET /api/health`: 200 when the database answers and takes writes, 503 (the API's error body)
 * when it does not. A read alone would say 200 while every write fails (a read-only or full data
 * folder), and the load balancer would keep sending visitors whose requests cannot be stored; so
 * would a write that needs no new space (one row rewritten in its page) while the disk is full.
 */
export async function healthRoutes(app: FastifyInstance, options: HealthOptions): Promise<void> {
  const intervalMs = options.writeProbeIntervalMs ?? 10_000;
  let lastGoodProbe = -Infinity;
  let probing: Promise<void> | undefined;

  const probeWrites = async () => {
    await options.db.query('UPDATE health_probe SET checked_at = now()');
    await probeSpace(options.db);
    lastGoodProbe = Date.now();
  };

  app.get('/api/health', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    // Answered, not thrown: a planned stop is no error to log, one line per check.
    if (options.draining?.())
      return reply.code(503).send(errorBody('service_unavailable', 'This instance is shutting down.'));
    try {
      if (Date.now() - lastGoodProbe >= intervalMs) {
        // The write proves reads too. Checks that arrive together share one probe.
        probing ??= probeWrites().finally(() => (probing = undefined));
        await probing;
      } else {
        await options.db.query('SELECT 1');
      }
    } catch (error) {
      // Any failure here means "not healthy", whatever the driver said.
      throw error instanceof DatabaseUnavailableError
        ? error
        : new DatabaseUnavailableError({ cause: error });
    }
    return { status: 'ok' };
  });
}
