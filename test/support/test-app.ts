import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, onTestFinished } from 'vitest';
import { buildApp, type AppDeps } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { smtpPool, type MailTransport } from '../../src/server/mail/mail-transport';
import { sharedRenderPdf } from './shared-pdf-thread';

/** What buildApp is given: the configuration, and the parts the test supplies (its database, say). */
export interface TestAppSetup {
  config: Config;
  /**
   * Unless they name their own `renderPdf`, apps share the test process's PDF thread
   * (shared-pdf-thread.ts); `renderPdf: undefined` gives the app the thread of its own it has in
   * production. Unless they name their own `mailTransport`, apps with an SMTP_URL send through the
   * server's pool of connections (smtpPool) in the test's thread; `mailTransport: undefined` gives
   * the app the SMTP thread of its own it has in production.
   */
  deps?: AppDeps;
}

export interface TestAppOptions {
  /**
   * `'suite'` (the default): one app for the describe block, built in beforeAll and closed in
   * afterAll. `'test'`: a new app for each test, built in beforeEach and closed in afterEach, for
   * tests whose app must not carry anything over from the test before (what it read from a
   * database that has been reset since, say).
   */
  per?: 'suite' | 'test';
  /** Waits for app.ready() once built: the outbox worker and the retention job are then running. */
  ready?: boolean;
}

export interface TestApp {
  /** The app of the running test or hook; throws outside them, before it is built or after it is closed. */
  readonly app: FastifyInstance;
}

/**
 * The SMTP relay of `config` through the server's own pool of connections, in this thread: what the
 * app's SMTP thread runs, without the thread. Each such thread cost about 0.8 s of CPU to start
 * (Node's loader hooks thread for tsx, the modules loaded again), some 35 of them a run, and what
 * the thread adds is tested where it is the subject: mail-transport.test.ts, the process tests and
 * the end-to-end suite (decision 0093).
 */
function sameThreadMail(config: Config, deps: AppDeps | undefined): MailTransport | undefined {
  if (!config.smtpUrl || (deps && 'mailTransport' in deps)) return undefined;
  return smtpPool(config.smtpUrl);
}

/** A built app, and how to close it with what the test handed it. */
interface BuiltApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

async function build({ config, deps }: TestAppSetup, options: TestAppOptions): Promise<BuiltApp> {
  const mail = sameThreadMail(config, deps);
  const app = await buildApp(config, { renderPdf: sharedRenderPdf(), mailTransport: mail, ...deps });
  // After the app: its outbox has finished or handed back its sends by then. Closing twice is fine
  // (a test may close its app itself), so this may follow a close the test made.
  const close = async () => {
    await app.close();
    await mail?.close();
  };
  if (options.ready) {
    try {
      await app.ready();
    } catch (error) {
      await close();
      throw error;
    }
  }
  return { app, close };
}

/**
 * The app a describe block's tests drive with inject, built by buildApp and closed for them.
 * `setup` runs when the app is built, so it may use what earlier hooks opened (a TestDatabase).
 *
 * Hooks run in the order they are registered, and after-hooks in the reverse order: call this
 * after whatever the app needs (useTestDatabase, a beforeAll that opens the database, a beforeEach
 * that resets it), and the app is built after them and closed before they are undone (the
 * database destroyed).
 */
export function useTestApp(
  setup: () => TestAppSetup | Promise<TestAppSetup>,
  options: TestAppOptions = {},
): TestApp {
  let current: BuiltApp | undefined;
  const open = async () => {
    current = await build(await setup(), options);
  };
  const close = async () => {
    const built = current;
    current = undefined;
    await built?.close();
  };
  if (options.per === 'test') {
    beforeEach(open);
    afterEach(close);
  } else {
    beforeAll(open);
    afterAll(close);
  }
  return {
    get app() {
      if (current === undefined) {
        throw new Error(
          `The test app is built in ${options.per === 'test' ? 'beforeEach' : 'beforeAll'}: use it in a test or a later hook`,
        );
      }
      return current.app;
    },
  };
}

/**
 * An app of the running test's own (a second instance, one with other limits), closed when the
 * test finishes, passed or failed. Closing it earlier in the test is fine: Fastify closes once.
 */
export async function buildTestApp(
  config: Config,
  deps?: AppDeps,
  options: Pick<TestAppOptions, 'ready'> = {},
): Promise<FastifyInstance> {
  const { app, close } = await build({ config, deps }, options);
  onTestFinished(close);
  return app;
}
