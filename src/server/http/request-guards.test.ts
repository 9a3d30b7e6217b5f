import net from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './http-errors';
import { clientKeyOf, declaresOnlyUtf8, registerPerClientLimit } from './request-guards';

describe('declaresOnlyUtf8: the one character set a body may declare', () => {
  it('takes no charset, or utf-8 and utf8 in any case, quoted or not', () => {
    for (const type of [
      'application/json',
      'application/json;charset=utf-8',
      'application/json; charset=UTF-8',
      'application/json; Charset="Utf8"',
      'text/plain;charset=UTF-8',
      'application/json; foo=bar; charset = utf-8 ',
    ]) {
      expect(declaresOnlyUtf8(type), type).toBe(true);
    }
  });

  it('refuses any other charset, alone or beside utf-8', () => {
    for (const type of [
      'application/json; charset=utf-16',
      'application/json; charset="UTF-16BE"',
      'application/json; charset=us-ascii',
      'application/json; charset=',
      'application/json; charset=utf-8; charset=utf-16',
    ]) {
      expect(declaresOnlyUtf8(type), type).toBe(false);
    }
  });
});

describe('clientKeyOf: the client a per-client limit counts', () => {
  it('is the address, an IPv6 one cut to its /64 and a mapped IPv4 one as IPv4', () => {
    expect(clientKeyOf({ ip: '203.0.113.7' })).toBe('203.0.113.7');
    expect(clientKeyOf({ ip: '2001:DB8:1:2:3:4:5:6' })).toBe('2001:db8:1:2::');
    expect(clientKeyOf({ ip: '2001:db8:1:2:ffff::9' })).toBe(clientKeyOf({ ip: '2001:db8:1:2::1' }));
    expect(clientKeyOf({ ip: '2001:db8:1:3::1' })).not.toBe(clientKeyOf({ ip: '2001:db8:1:2::1' }));
    expect(clientKeyOf({ ip: '::ffff:203.0.113.7' })).toBe('203.0.113.7');
  });

  it('is one shared key, not a throw, once the socket is gone and there is no address', () => {
    const gone = { ip: undefined as unknown as string };
    expect(clientKeyOf(gone)).toBe('client-gone');
    expect(clientKeyOf({ ip: '' })).toBe('client-gone');
  });
});

describe('a per-client limit when the client hangs up before it is checked', () => {
  it('logs no error: the limiter finds no address and does not throw', async () => {
    const lines: string[] = [];
    // No request serializer reading the address early: Node remembers it once read, and our app's
    // logger does not read it (it logs no address).
    const app = Fastify({
      logger: {
        level: 'info',
        serializers: { req: (request: { url: string }) => ({ url: request.url }) },
        stream: { write: (line: string) => lines.push(line) },
      },
    });
    registerErrorHandler(app);
    // A hook that takes a moment before the limit, as a database call can: the client leaves meanwhile.
    let reached!: () => void;
    const limiterReached = new Promise<void>((resolve) => (reached = resolve));
    app.addHook('onRequest', async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      reached();
    });
    await registerPerClientLimit(app, { store: undefined });
    app.post('/limited', { config: { rateLimit: { max: 5, timeWindow: 60_000 } } }, async () => 'ok');
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { port } = app.server.address() as net.AddressInfo;
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      await new Promise((resolve) => socket.once('connect', resolve));
      // Headers, then half a body, then gone.
      socket.write(
        'POST /limited HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      socket.destroy();
      await limiterReached;
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await app.close();
    }
    const errors = lines.filter((line) => /TypeError|toLowerCase/.test(line));
    expect(errors).toEqual([]);
  });
});
