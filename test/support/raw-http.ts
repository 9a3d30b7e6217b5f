import net from 'node:net';

/**
 * A bare TCP connection to a listening server, for what fetch cannot send: a request trickled a
 * byte at a time, a body cut short by a client that hangs up, a broken chunked encoding.
 */
export interface RawConnection {
  /** Writes `text` as it is. */
  send(text: string): Promise<void>;
  /** Writes `text` one byte every `everyMs`, until all of it is sent or the connection is closed. */
  trickle(text: string, everyMs: number): Promise<void>;
  /** Closes our end at once, as a client that goes away does. */
  hangUp(): void;
  /** Everything the server has sent so far. */
  received(): string;
  /** Resolves when the connection is closed (by either end): all the server sent, and when. */
  readonly closed: Promise<{ response: string; afterMs: number }>;
}

export function openRawConnection(port: number, host = '127.0.0.1'): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, host);
    let response = '';
    let open = true;
    const openedAt = performance.now();
    socket.on('data', (chunk: Buffer) => (response += chunk.toString('latin1')));
    // A reset from the server is one way of closing; 'close' follows it.
    socket.on('error', () => undefined);
    const closed = new Promise<{ response: string; afterMs: number }>((done) =>
      socket.once('close', () => {
        open = false;
        done({ response, afterMs: performance.now() - openedAt });
      }),
    );
    const send = (text: string) =>
      new Promise<void>((sent) => {
        if (!open || socket.destroyed) return sent();
        socket.write(text, 'latin1', () => sent());
      });
    socket.once('connect', () => {
      socket.removeListener('error', reject);
      resolve({
        send,
        async trickle(text, everyMs) {
          for (const byte of text) {
            if (!open) return;
            await send(byte);
            await new Promise((r) => setTimeout(r, everyMs));
          }
        },
        hangUp: () => socket.destroy(),
        received: () => response,
        closed,
      });
    });
    socket.once('error', reject);
  });
}

/** The status code of the first response in what a server sent, or undefined if it sent none. */
export function statusOf(response: string): number | undefined {
  const match = /^HTTP\/1\.1 (\d{3}) /.exec(response);
  return match ? Number(match[1]) : undefined;
}
