import os from 'node:os';
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../server/config';
import { DatabaseUnavailableError, type Database } from '../server/db/database';
import { FolderLockUnavailableError } from '../server/db/folder-lock';
import { MigrationChangedError } from '../server/db/migrate';
import { failedMessages, notRetryableReason, retryFailedMessage } from '../server/outbox/failed-messages';
import { csvLine } from '../server/http/csv';
import { exportLeadsCsv, startOfDay } from '../server/leads/lead-export';
import {
  describeRemoved,
  eraseAddress,
  isErasableAddress,
  purgeExpiredRequests,
  type Removed,
} from '../server/leads/lead-records';
import { commandLineActor, readAllActivity } from '../server/activity/team-activity';
import { LeadsDatabaseError, openLeadsDatabase } from './leads-database';
import { textTable } from './text-table';
import { normalizeEmail } from '../shared/email-address';

export const EXIT_OK = 0;
/** The command could not do its work: the database, an unknown message id. */
export const EXIT_FAILURE = 1;
/** The command line was wrong; nothing was done. */
export const EXIT_USAGE = 2;

export const LEADS_HELP = `Usage: npm run leads -- <command> [options]

The team's commands for the stored e-mail requests. They use the server's database: the
PostgreSQL server of DATABASE_URL when it is set, otherwise the embedded database under DATA_DIR
(./data), which one process at a time may open, so stop the server first.

Commands:
  export [--since YYYY-MM-DD]  every request as CSV on standard output, oldest first, with its
                               scores, the delivery state of its messages, the contact details
                               given with consent, profile, source, owner and follow-up date;
                               --since: only requests made on or after that day (UTC)
  erase <address>              delete the whole lead of that e-mail address (every request of its
                               mailbox, in any case or with a +tag) and its messages, and say how many
  failed [--json]              list the messages that failed delivery (e-mails, webhooks, sign-in
                               links), with their kind and last error
  retry <message-id>           queue one failed message again, with a fresh set of attempts
  purge [--days N]             delete requests older than RETENTION_DAYS days (default 365), or N
                               days, with their messages; the server also does this once a day
  audit-log                    who did what (sign-ins, exports, erasures, retries, status, owner
                               and follow-up date changes, notes, alert choices; in the workspace
                               or here) as CSV, oldest first, each lead by its masked address

export, erase and retry are recorded in that log as "command line (<your user name>)".

Options:
  -h, --help                   show this help

To save the export or the log, run it with npm's -s, or npm's own banner lands in the file too:
  npm run -s leads -- export > leads.csv

Exit codes: 0 done, 1 failed (nothing changed), 2 wrong usage (nothing done).
`;

const HELP_HINT = 'Run `npm run leads -- --help` for the commands.';

export interface LeadsContext {
  stdout: Writable;
  stderr: Writable;
  /** Read only when a command needs the database, so help and usage errors work with any environment. */
  env: Record<string, string | undefined>;
  /** Opens the database; tests hand over their own. The command closes what it gets. */
  connect?: (config: Config) => Promise<Database>;
  /** Who the activity log says did it; by default commandLineActor() of the operating-system user. */
  actor?: string;
}

/** The command line was wrong; `showHelp` for a missing or unknown command. */
class UsageError extends Error {
  constructor(
    message: string,
    readonly showHelp = false,
  ) {
    super(message);
  }
}

/** A command that ran and could not do what was asked (an unknown id, say). */
class CommandFailure extends Error {}

function write(stream: Writable, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(text, (error) => (error ? reject(error) : resolve()));
  });
}

/** `--since YYYY-MM-DD` as the start of that day in UTC; a date that does not exist is refused. */
export function parseDay(value: string): Date {
  const day = startOfDay(value);
  if (!day) {
    throw new UsageError(
      `--since must be a date as YYYY-MM-DD, like 2026-01-31 (got ${JSON.stringify(value)})`,
    );
  }
  return day;
}

function parseDays(value: string): number {
  const days = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(days >= 1 && days <= 36_500)) {
    throw new UsageError(`--days must be a whole number from 1 to 36500 (got ${JSON.stringify(value)})`);
  }
  return days;
}

type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

/** What `parse` returns; its error (parseArgs's own, on an unknown or incomplete option) as a usage error. */
function explainingParseErrors<T>(command: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    // parseArgs explains itself ("Unknown option '--x'", "Option '--since <value>' argument missing"),
    // then sometimes adds advice about positionals that start with a dash; the first sentence is the point.
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${command}: ${message.split('. ')[0]}`);
  }
}

/** The command's own options and positionals; anything else is a usage error. */
function parseCommandLine<Options extends OptionSpec>(
  command: string,
  args: readonly string[],
  options: Options,
  positionals: { min: number; max: number; name?: string },
) {
  const parsed = explainingParseErrors(command, () =>
    parseArgs({ args: [...args], options, allowPositionals: true, strict: true }),
  );
  const count = parsed.positionals.length;
  if (count < positionals.min) throw new UsageError(`${command} needs ${positionals.name ?? 'an argument'}`);
  if (count > positionals.max) {
    throw new UsageError(`${command} takes ${positionals.max === 0 ? 'no arguments' : 'one argument'}`);
  }
  return parsed;
}

function inFlightNote(removed: Removed): string {
  if (removed.messagesBeingSent === 0) return '';
  return (
    `${removed.messagesBeingSent} of those messages ${removed.messagesBeingSent === 1 ? 'was' : 'were'} being ` +
    'sent by a server at that moment: the relay may still deliver it, but nothing about it is kept.\n'
  );
}

type Command = (
  args: readonly string[],
  context: Required<LeadsContext>,
  config: () => Config,
) => Promise<void>;

/** Opens the database for `work` and closes it after, whatever happens. */
async function withDatabase<T>(
  context: Required<LeadsContext>,
  config: Config,
  work: (db: Database) => Promise<T>,
): Promise<T> {
  const db = await context.connect(config);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

const exportCommand: Command = async (args, context, config) => {
  const { values } = parseCommandLine('export', args, { since: { type: 'string' } }, { min: 0, max: 0 });
  const since = values.since === undefined ? undefined : parseDay(values.since);
  await withDatabase(context, config(), (db) =>
    exportLeadsCsv(db, { since, actor: context.actor }, (chunk) => write(context.stdout, chunk)),
  );
};

const eraseCommand: Command = async (args, context, config) => {
  const { positionals } = parseCommandLine('erase', args, {}, { min: 1, max: 1, name: 'an e-mail address' });
  const address = (positionals[0] ?? '').trim();
  if (!isErasableAddress(address)) {
    throw new UsageError(
      `erase needs an e-mail address, like care.manager@example.com (got ${JSON.stringify(address)})`,
    );
  }
  const removed = await withDatabase(context, config(), (db) => eraseAddress(db, address, context.actor));
  await write(
    context.stdout,
    `Erased ${describeRemoved(removed)} for ${normalizeEmail(address)}.\n${inFlightNote(removed)}`,
  );
};

const failedCommand: Command = async (args, context, config) => {
  const { values } = parseCommandLine('failed', args, { json: { type: 'boolean' } }, { min: 0, max: 0 });
  const failed = await withDatabase(context, config(), (db) => failedMessages(db));
  if (values.json) {
    await write(context.stdout, `${JSON.stringify(failed, null, 2)}\n`);
    return;
  }
  if (failed.length === 0) {
    await write(context.stdout, 'No failed messages.\n');
    return;
  }
  const rows = failed.map((m) => [
    m.id,
    m.kind,
    m.recipient,
    String(m.attempts),
    m.createdAt.toISOString(),
    m.lastError ?? '',
  ]);
  await write(
    context.stdout,
    textTable(['id', 'kind', 'recipient', 'attempts', 'created_at', 'last_error'], rows) +
      `${failed.length} failed message${failed.length === 1 ? '' : 's'}. Queue one again with: npm run leads -- retry <id>\n`,
  );
};

const retryCommand: Command = async (args, context, config) => {
  const { positionals } = parseCommandLine('retry', args, {}, { min: 1, max: 1, name: 'a message id' });
  const id = (positionals[0] ?? '').trim();
  const settings = config();
  const result = await withDatabase(context, settings, (db) => retryFailedMessage(db, id, context.actor));
  if (result.outcome === 'not_found') {
    throw new CommandFailure(
      `there is no message with id ${JSON.stringify(id)} (see: npm run leads -- failed)`,
    );
  }
  if (result.outcome === 'not_retryable')
    throw new CommandFailure(`message ${id}: ${notRetryableReason(result.kind)}`);
  if (result.outcome === 'not_failed') {
    throw new CommandFailure(
      `message ${id} is ${result.status}, not failed; only failed messages can be retried`,
    );
  }
  await write(
    context.stdout,
    `Queued the ${result.message.kind} message ${result.message.id} to ${result.message.recipient} again, ` +
      `with up to ${settings.mail.maxAttempts} attempts. A running server sends it at its next poll, a stopped one when it starts.\n`,
  );
};

const purgeCommand: Command = async (args, context, config) => {
  const { values } = parseCommandLine('purge', args, { days: { type: 'string' } }, { min: 0, max: 0 });
  const explicitDays = values.days === undefined ? undefined : parseDays(values.days);
  const settings = config();
  const days = explicitDays ?? settings.retentionDays;
  const removed = await withDatabase(context, settings, (db) => purgeExpiredRequests(db, days));
  await write(
    context.stdout,
    `Purged ${describeRemoved(removed)} older than ${days} days.\n${inFlightNote(removed)}`,
  );
};

// As the workspace shows the log: the lead an entry is about by its masked address, never an id
// (`lead` comes last, so a script that reads the earlier columns by position keeps working).
const ACTIVITY_CSV_HEADER = ['time', 'actor', 'action', 'subject', 'detail', 'lead'];

const auditLogCommand: Command = async (args, context, config) => {
  parseCommandLine('audit-log', args, {}, { min: 0, max: 0 });
  // As the export: the header waits for the first entries, so a failing database writes nothing.
  let header = csvLine(ACTIVITY_CSV_HEADER);
  await withDatabase(context, config(), (db) =>
    readAllActivity(db, async (entries) => {
      const lines = entries.map((e) =>
        csvLine([e.at, e.actor, e.action, e.subject, e.detail, e.lead?.label]),
      );
      await write(context.stdout, header + lines.join(''));
      header = '';
    }),
  );
  if (header) await write(context.stdout, header);
};

const COMMANDS = new Map<string, Command>([
  ['export', exportCommand],
  ['erase', eraseCommand],
  ['failed', failedCommand],
  ['retry', retryCommand],
  ['purge', purgeCommand],
  ['audit-log', auditLogCommand],
]);

/** The one line a failure is reported with. */
function failureMessage(error: unknown): string {
  if (error instanceof ConfigError) return error.message;
  if (error instanceof DatabaseUnavailableError) {
    const cause = error.cause instanceof Error ? error.cause.message : String(error.cause);
    return `cannot reach the database: ${cause}`;
  }
  if (
    error instanceof LeadsDatabaseError ||
    error instanceof CommandFailure ||
    error instanceof FolderLockUnavailableError ||
    error instanceof MigrationChangedError
  )
    return error.message;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** The operating-system user running the command ("unknown" where the system has no entry for it). */
function userName(): string {
  try {
    return os.userInfo().username;
  } catch {
    // A container may run under a user id with no name (os.userInfo() throws for it).
    return 'unknown';
  }
}

/** Runs `npm run leads -- <args>`; resolves with the exit code. Nothing it does throws. */
export async function runLeads(args: readonly string[], context: LeadsContext): Promise<number> {
  const full: Required<LeadsContext> = {
    ...context,
    connect: context.connect ?? openLeadsDatabase,
    actor: context.actor ?? commandLineActor(userName()),
  };
  const [name, ...rest] = args;
  if (args.includes('--help') || args.includes('-h')) {
    await write(full.stdout, LEADS_HELP);
    return EXIT_OK;
  }
  const command = name === undefined ? undefined : COMMANDS.get(name);
  try {
    if (!command) {
      throw new UsageError(
        name === undefined ? 'no command given' : `unknown command ${JSON.stringify(name)}`,
        true,
      );
    }
    // Loaded when the command needs it, after its own arguments have been checked.
    await command(rest, full, () => loadConfig(full.env));
    return EXIT_OK;
  } catch (error) {
    if (error instanceof UsageError) {
      await write(
        full.stderr,
        `leads: ${error.message}\n${error.showHelp ? `\n${LEADS_HELP}` : `${HELP_HINT}\n`}`,
      );
      return EXIT_USAGE;
    }
    await write(full.stderr, `leads: ${failureMessage(error)}\n`).catch(() => undefined);
    return EXIT_FAILURE;
  }
}
