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

/** What a client that sends first and reads after (sendThenRead) got: the answer, or the error that cut it. */
export interface SentThenRead {
  response: string;
  /** The socket's error code (EPIPE, ECONNRESET) when the connection was reset. */
  error: string | undefined;
}

/**
 * Sends `request` whole and only then reads the answer, as many HTTP clients do (curl, Python's
 * requests): whatever the server sends meanwhile waits unread. An answer sent before the server
 * read the body, on a connection it then closed, is lost to a reset: the client sees the error.
 */
export function sendThenRead(port: number, request: Buffer, host = '127.0.0.1'): Promise<SentThenRead> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    const chunks: Buffer[] = [];
    let error: string | undefined;
    socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
    socket.once('close', () => resolve({ response: Buffer.concat(chunks).toString('latin1'), error }));
    socket.once('connect', () => {
      socket.pause();
      socket.write(request, () => {
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.resume();
        // Our side is done: the server's close (or its keep-alive timeout) ends the connection.
        socket.end();
      });
    });
  });
}
