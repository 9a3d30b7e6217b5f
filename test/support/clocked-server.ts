/**
 * The real app, built as src/server/main.ts builds it, on a clock a test sets: for the end-to-end
 * spec of speed to lead (e2e/speed-to-lead.spec.ts), which needs a lead that came on a Friday
 * evening and was answered on the Monday. The clock is AppDeps.now: the leads' times, their first
 * contacts, their waiting, the overview's days and the background jobs' runs; sign-in, sessions and
 * the outbox keep real time.
 *
 * Run as its own process, configured by the environment as main.ts is (startServerProcess with
 * `entry`), plus CLOCK_CONTROL_PORT: a second listener on 127.0.0.1 only, where `PUT /now` with an
 * ISO 8601 instant as its body sets the clock, which then runs on from there at real speed. It is
 * test code: nothing in src/ reads CLOCK_CONTROL_PORT, so no deployment can have its clock set.
 */
import { createServer } from 'node:http';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';

const controlPort = Number(process.env.CLOCK_CONTROL_PORT);
if (!Number.isInteger(controlPort) || controlPort <= 0) throw new Error('Set CLOCK_CONTROL_PORT.');

// How far the test's clock is ahead of the real one (behind, when negative).
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

const config = loadConfig(process.env);
const app = await buildApp(config, { now });

const control = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const instant = Date.parse(body.trim());
    if (request.method !== 'PUT' || request.url !== '/now' || Number.isNaN(instant)) {
      response.writeHead(400).end('PUT /now with an ISO 8601 instant');
      return;
    }
    offsetMs = instant - Date.now();
    response.writeHead(200, { 'content-type': 'text/plain' }).end(now().toISOString());
  });
});
await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve));

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    control.close();
    void app.close().then(() => process.exit(0));
  });
}
await app.listen({ port: config.port, host: config.host });
