import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port';

export interface SmtpServerOptions {
  /** Recipients the server refuses with a permanent 550, as a mailbox that does not exist would be. */
  rejectRecipient?: (address: string) => boolean;
}

/** A real SMTP listener on a loopback port that keeps every message it accepts, parsed. */
export interface SmtpTestServer {
  url: string;
  port: number;
  readonly messages: ParsedMail[];
  /** Stops listening (connections are then refused); `open` listens again on the same port. */
  close(): Promise<void>;
  open(): Promise<void>;
  /** Resolves once at least `count` messages have arrived; rejects after `timeoutMs`. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
}

export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<SmtpTestServer> {
  const port = await freePort();
  const messages: ParsedMail[] = [];
  let server: SMTPServer | undefined;

  const open = () =>
    new Promise<void>((resolve, reject) => {
      const instance = new SMTPServer({
        authOptional: true,
        // Plain SMTP on loopback: no certificate for the client to distrust.
        disabledCommands: ['STARTTLS'],
        logger: false,
        onRcptTo(address, _session, callback) {
          if (options.rejectRecipient?.(address.address)) {
            callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          } else {
            callback();
          }
        },
        onData(stream, _session, callback) {
          simpleParser(stream)
            .then((parsed) => {
              messages.push(parsed);
              callback();
            })
            .catch((error: Error) => callback(error));
        },
      });
      instance.once('error', reject);
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
    open,
    close,
    async waitForMessages(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) {
          throw new Error(
            `expected ${count} message(s) at the SMTP listener, got ${messages.length} in ${timeoutMs} ms`,
          );
        }
        await new Promise((r) => setTimeout(r, 25));
      }
      return messages;
    },
  };
}
