import { workerData } from 'node:worker_threads';
import type { SendMailOptions } from 'nodemailer';
import { smtpPool } from './mail-transport';
import { answerCalls } from '../worker-threads/worker-calls';

// Runs in the SMTP thread (see smtpTransport in mail-transport.ts): sends each message it is
// handed through one pool of connections to the relay.
const pool = smtpPool((workerData as { url: string }).url);

answerCalls<{ send: SendMailOptions } | { close: true }, void>(async (call) => {
  if ('send' in call) await pool.send(call.send);
  else await pool.close();
});
