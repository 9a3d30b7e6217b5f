import { SMTPServer } from 'smtp-server';
import { freePort } from '../../src/server/testing/free-port';

/** An SMTP listener on loopback that accepts every message and keeps none of it. */
export interface MailSink {
  url: string;
  /** Messages accepted so far. */
  readonly received: number;
  close(): Promise<void>;
}

/**
 * The server's outbox really sends each accepted request's e-mail (with its PDF) during the load
 * test, as it would in production; this is the relay it sends to. It reads each message to the end
 * (so the sender's work is real) and throws it away, so the sink itself costs as little as it can.
 */
export async function startMailSink(): Promise<MailSink> {
  const port = await freePort();
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate for the client to distrust.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => {
        received += 1;
        callback();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    get received() {
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
