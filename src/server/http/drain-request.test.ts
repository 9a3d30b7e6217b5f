import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drainRequestBody } from './drain-request';

/** A real server whose every request is drained with `limit`, telling the test what came of it. */
async function drainingServer(limit: number): Promise<{ port: number; drained: Promise<boolean> }> {
  let told!: (drained: boolean) => void;
  const drained = new Promise<boolean>((resolve) => (told = resolve));
  server = http.createServer((request, response) => {
    void drainRequestBody(request, limit).then((done) => {
      told(done);
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, drained };
}

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

const post = (port: number, bytes: number) =>
  fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: Buffer.alloc(bytes, 'x') }).then(
    (res) => res.text(),
    () => 'reset',
  );

describe('draining a request body', () => {
  it('reads a body within the limit to its end', async () => {
    const { port, drained } = await drainingServer(64 * 1024);
    expect(await post(port, 64 * 1024)).toBe('ok');
    expect(await drained).toBe(true);
  });

  it('stops at the limit', async () => {
    const { port, drained } = await drainingServer(1024);
    void post(port, 1024 * 1024);
    expect(await drained).toBe(false);
  });
});
