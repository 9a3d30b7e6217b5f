import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { freePort } from './free-port';

/**
 * What the listener does with a message it accepts:
 * - `'parsed'`: keeps it parsed in `messages`, for a test to look at (the default);
 * - `{ dir }`: writes it to `dir` as `NNNN-<recipients>.eml`, for a process that cannot share
 *   memory with the listener (the end-to-end specs run in Playwright's own processes);
 * - `'discard'`: reads it to the end and keeps nothing but the count, so a load test measures the
 *   sender rather than the listener;
 * - `'arrivals'`: keeps only when each message arrived, to whom, and its header block (in
 *   `arrivals`), for a benchmark that times messages without paying for parsing them.
 */
export type KeepMessages = 'parsed' | 'discard' | 'arrivals' | { dir: string };

/** One message as `keep: 'arrivals'` records it. */
export interface SmtpArrival {
  /** `performance.now()` in the listener's process when the whole message had been read. */
  at: number;
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  /** The message's header block, unparsed. */
  head: string;
}

export interface SmtpServerOptions {
  keep?: KeepMessages;
  /** Recipients the server refuses with a permanent 550, as a mailbox that does not exist would be. */
  rejectRecipient?: (address: string) => boolean;
  /**
   * Answers the first delivery of each Message-ID with a temporary 451 once it has read the whole
   * message, as a relay with a passing fault would: the sender must try again. `deferred` keeps the
   * Message-IDs turned away, for a test to compare with the retries that got through.
   */
  deferFirstDelivery?: boolean;
  /**
   * Holds each reply to a message this long after taking the message in (a slow relay): a sender
   * killed meanwhile never hears that it was accepted, though the listener has it.
   */
  replyDelayMs?: number;
}

/** A real SMTP listener on a loopback port. */
export interface SmtpTestServer {
  url: string;
  port: number;
  /** The messages accepted so far, parsed; always empty unless `keep` is `'parsed'`. */
  readonly messages: ParsedMail[];
  /** Each message accepted so far, in order; always empty unless `keep` is `'arrivals'`. */
  readonly arrivals: SmtpArrival[];
  /** The Message-ID of each message it answered 451 (with `deferFirstDelivery`), in order. */
  readonly deferred: string[];
  /** How many messages it has accepted since it started, whatever it kept of them. */
  readonly received: number;
  /** How many connections clients have opened to it since it started. */
  readonly connections: number;
  /**
   * Stops listening and drops the connections a client holds open, as a relay that goes down
   * would (a sender's pooled connection fails too); `open` listens again on the same port.
   */
  close(): Promise<void>;
  open(): Promise<void>;
  /**
   * Resolves once at least `count` messages have arrived (counted in `messages` when they are kept
   * parsed, so a test may empty it between cases); rejects after `timeoutMs`.
   */
  waitForMessages(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
}

function readAll(stream: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}

/** A raw message's headers: everything before the first empty line. */
function headerBlock(raw: Buffer): string {
  return raw.toString('utf8').split(/\r?\n\r?\n/)[0] ?? '';
}

function drain(stream: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.once('end', resolve);
    stream.once('error', reject);
    stream.resume();
  });
}

export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<SmtpTestServer> {
  const keep = options.keep ?? 'parsed';
  const port = await freePort();
  const messages: ParsedMail[] = [];
  const arrivals: SmtpArrival[] = [];
  let received = 0;
  let fileNumber = 0;
  let connections = 0;
  let server: SMTPServer | undefined;
  const deferred: string[] = [];
  if (typeof keep === 'object') await mkdir(keep.dir, { recursive: true });

  async function store(stream: Readable, session: SMTPServerSession): Promise<void> {
    if (keep === 'parsed') {
      messages.push(await simpleParser(stream));
    } else if (keep === 'discard') {
      await drain(stream);
    } else if (keep === 'arrivals') {
      const raw = await readAll(stream);
      const head = headerBlock(raw);
      const to = session.envelope.rcptTo.map((r) => r.address);
      arrivals.push({ at: performance.now(), to, head });
    } else {
      const number = ++fileNumber;
      const raw = await readAll(stream);
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      const name = `${String(number).padStart(4, '0')}-${to}.eml`;
      // Written beside its final name and renamed, so a reader never sees half a message.
      const partial = path.join(keep.dir, `.${name}.partial`);
      await writeFile(partial, raw);
      await rename(partial, path.join(keep.dir, name));
    }
    received += 1;
  }

  // Reads the message; a Message-ID seen for the first time is refused (451), a repeat passes on.
  async function deferOnce(stream: Readable): Promise<Readable> {
    const raw = await readAll(stream);
    const head = headerBlock(raw);
    const messageId = /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? '';
    if (!deferred.includes(messageId)) {
      deferred.push(messageId);
      throw Object.assign(new Error('Try again later'), { responseCode: 451 });
    }
    return Readable.from([raw]);
  }

  const open = () =>
    new Promise<void>((resolve, reject) => {
      const instance = new SMTPServer({
        authOptional: true,
        // Plain SMTP on loopback: no certificate for the client to distrust.
        disabledCommands: ['STARTTLS'],
        logger: false,
        // Nobody to look up on loopback; the lookup would only add to each connection's cost.
        disableReverseLookup: true,
        // On close, connections still open are told "421" and dropped at once (not after 30 s).
        closeTimeout: 1,
        onConnect(_session, callback) {
          connections += 1;
          callback();
        },
        onRcptTo(address, _session, callback) {
          if (options.rejectRecipient?.(address.address)) {
            callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          } else {
            callback();
          }
        },
        onData(stream, session, callback) {
          const accepted = options.deferFirstDelivery ? deferOnce(stream) : Promise.resolve(stream);
          accepted
            .then((message) => store(message, session))
            .then(() => new Promise((resolve) => setTimeout(resolve, options.replyDelayMs ?? 0)))
            .then(
              () => callback(),
              (error: Error) => callback(error),
            );
        },
      });
      instance.once('error', reject);
      // A sender that goes away mid-message (a server stopped or killed while sending) is its own
      // affair, as for a real relay: the message is simply not accepted, and the listener goes on.
      instance.on('error', () => undefined);
      instance.listen(port, '127.0.0.1', () => {
        server = instance;
        resolve();
      });
    });

  const close = () =>
    new Promise<void>((resolve) => {
      const instance = server;
      server = undefined;
      if (!instance) return resolve();
      instance.close(() => resolve());
    });

  await open();
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    arrivals,
    deferred,
    get received() {
      return received;
    },
    get connections() {
      return connections;
    },
    open,
    close,
    async waitForMessages(count, timeoutMs = 10_000) {
      const arrived = () => (keep === 'parsed' ? messages.length : received);
      const deadline = Date.now() + timeoutMs;
      while (arrived() < count) {
        if (Date.now() > deadline) {
          throw new Error(
            `expected ${count} message(s) at the SMTP listener, got ${arrived()} in ${timeoutMs} ms`,
          );
        }
        await new Promise((r) => setTimeout(r, 25));
      }
      return messages;
    },
  };
}
