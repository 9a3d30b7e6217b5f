import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DatabaseUnavailableError } from './db/database';
import { FolderLockedError, FolderLockUnavailableError } from './db/folder-lock';
import { MigrationChangedError } from './db/migrate';
import { DataFolderAccessError } from './db/pglite-database';
import { SiteBuildError } from './site/static-site';
import { createAppMetrics } from './metrics/app-metrics';
import { startMetricsServer, type MetricsServer } from './metrics/metrics-server';

// Long enough for in-flight requests and e-mails to finish, short enough for an orchestrator's grace period.
const SHUTDOWN_TIMEOUT_MS = 25_000;

function fail(error: unknown): never {
  // Expected start-up problems get their message alone; anything else gets its stack.
  if (error instanceof ConfigError || error instanceof SiteBuildError) {
    console.error(error.message);
  } else if (error instanceof FolderLockedError) {
    console.error(
      `Cannot start: the data folder ${error.folder} (DATA_DIR) is in use by ${error.holder}. ` +
        'Only one process at a time may use its embedded database: stop that one first, or give this ' +
        'server a DATA_DIR of its own, or a DATABASE_URL.',
    );
  } else if (
    error instanceof FolderLockUnavailableError ||
    error instanceof MigrationChangedError ||
    error instanceof DataFolderAccessError
  ) {
    console.error(`Cannot start: ${error.message}`);
  } else if (error instanceof DatabaseUnavailableError) {
    console.error(
      `Cannot reach the database: ${error.cause instanceof Error ? error.cause.message : String(error.cause)}`,
    );
  } else {
    console.error(error);
  }
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig(process.env);
} catch (error) {
  fail(error);
}

// Kept only when they are served: METRICS_PORT set.
const metrics = config.metrics ? createAppMetrics() : undefined;
// From the first signal on, /api/health answers 503 (shutDown below).
const app = await buildApp(config, { metrics, draining: () => closing }).catch(fail);
let metricsServer: MetricsServer | undefined;

let closing = false;
async function shutDown(signal: NodeJS.Signals): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Still serving, while the failing health check takes this instance out of the load balancer:
  // a request it sends meanwhile is answered, and none arrives once the server stops listening.
  if (config.shutdownDrainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
  setTimeout(() => {
    app.log.error('shutdown timed out');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS).unref();
  await app.close();
  // Last, so a scrape can still watch the outbox drain.
  await metricsServer?.close();
  process.exit(0);
}
process.once('SIGTERM', (signal) => void shutDown(signal));
process.once('SIGINT', (signal) => void shutDown(signal));

// Before the public port: a metrics port already taken stops the start before any visitor is served.
if (metrics && config.metrics) {
  const { port, host } = config.metrics;
  metricsServer = await startMetricsServer(metrics.registry, { port, host }).catch((error: unknown) =>
    fail(new ConfigError([`METRICS_PORT ${port} on ${host} cannot be used: ${(error as Error).message}`])),
  );
  app.log.info(`metrics at http://${host}:${port}/metrics`);
}
await app.listen({ port: config.port, host: config.host }).catch(fail);
