import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { SendMailOptions } from 'nodemailer';
import { startWorkerCalls } from '../worker-threads/worker-calls';

/** Where outgoing e-mail goes: an SMTP relay, or `.eml` files when none is configured. */
export interface MailTransport {
  /** For the start-up log: "SMTP relay smtp.example.com:587" or "files in /srv/data/mail". */
  readonly description: string;
  /** Resolves once the relay accepted the message (or the file is written); rejects otherwise. */
  send(message: SendMailOptions): Promise<void>;
  close(): void | Promise<void>;
}

/**
 * A few connections held open and reused, with nodemailer's pool. Opening a connection costs
 * several round trips (greeting, EHLO, STARTTLS, AUTH) before the first message; on a loopback
 * relay that was ~100 ms a message without the pool and ~1.5 ms with it. Relays limit the
 * connections one client may hold, so the pool stays small. The SMTP_URL's query may override
 * these, e.g. `?maxConnections=2`.
 */
export const SMTP_POOL = {
  maxConnections: 3,
  // A fresh connection now and then, so one that went strange (a relay's per-session quota,
  // a half-dead socket) does not carry every message.
  maxMessages: 100,
  // Under the 5 minutes a relay must wait for a client before dropping it, and short enough that
  // an idle server soon holds no connection at all.
  idleTimeout: 60_000,
} as const;

/**
 * An SMTP relay through a small pool of reused connections, in this thread. A connection the
 * relay dropped (an outage, an idle timeout) leaves the pool, and the next message opens a new one.
 */
export function smtpPool(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    ...SMTP_POOL,
    // Bounded, so a stuck relay fails an attempt (and the outbox retries) rather than hang a send.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    description: describeRelay(url),
    async send(message) {
      await transporter.sendMail(message);
    },
    // Connections busy with a message finish it first; the outbox has waited for its sends by now.
    close: () => transporter.close(),
  };
}

type SmtpThreadCall = { send: SendMailOptions } | { close: true };

/**
 * The SMTP relay as the server uses it: `smtpPool` in a worker thread of its own. An SMTP send
 * is a conversation of several round trips (MAIL, RCPT, DATA, the message, its reply), and on a
 * main thread busy answering a burst of requests each of them waited its turn behind them, so a
 * send took ~1.8 s and the outbox sent 4–9 e-mails/s while accepting hundreds of requests/s. In a
 * thread of its own the conversation runs at the relay's pace (55–60/s during the same burst).
 * The thread starts with the first message. A refusal keeps its SMTP code and responseCode, which
 * the outbox needs to tell a permanent failure from one worth retrying.
 */
export function smtpTransport(url: string): MailTransport {
  const thread = startWorkerCalls<SmtpThreadCall, void>(new URL('./smtp-thread-worker.ts', import.meta.url), {
    url,
  });
  return {
    description: describeRelay(url),
    async send(message) {
      await thread.call({ send: message });
    },
    async close() {
      // The pool says goodbye to the relay (QUIT) before the thread ends; a thread that is not up
      // (none sent yet, or it ended idle) holds no connection, and is not started just to close.
      if (thread.running) await thread.call({ close: true }).catch(() => undefined);
      await thread.close();
    },
  };
}

function describeRelay(url: string): string {
  const { hostname, port, protocol } = new URL(url);
  return `SMTP relay ${protocol}//${hostname}${port ? `:${port}` : ''}`;
}

/** Writes each message as an `.eml` file in `dir`, ready to open in a mail client. */
export function fileTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  // The outbox id from the Message-ID, so a file can be traced to its row.
  const idOf = (message: SendMailOptions) =>
    /^<?([\w-]+)@/.exec(message.messageId ?? '')?.[1] ?? String(++sequence);
  return {
    description: `files in ${dir}`,
    async send(message) {
      const info = await transporter.sendMail(message);
      await fs.mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${idOf(message)}.eml`;
      // Written beside its final name and renamed, so nobody ever opens half a message.
      const partial = path.join(dir, `.${name}.partial`);
      await fs.writeFile(partial, info.message);
      await fs.rename(partial, path.join(dir, name));
    },
    close: () => transporter.close(),
  };
}
