import type { IncomingMessage } from 'node:http';

/**
 * The most of a refused request's body read and thrown away before its answer: an answer sent
 * while the client is still sending, on a connection then closed, reaches it as a reset, and the
 * client never reads it (issue 36: a 5 MB body to the e-mail form). Past this much the connection
 * is closed all the same: a client sending more is no client of ours.
 */
export const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * Reads what is left of `request`'s body and throws it away. Resolves true once the body has
 * ended, false when it runs past `limitBytes` or the connection ends first. It takes no longer
 * than the server lets a request take (REQUEST_TIMEOUT_MS), which then closes the connection.
 */
export function drainRequestBody(request: IncomingMessage, limitBytes = DRAIN_LIMIT_BYTES): Promise<boolean> {
  // `complete`: the server has the whole message. `readableEnded`: the body was read to its end,
  // which is all an injected request (a test's, which has no `complete`) can say.
  if (request.complete || request.readableEnded) return Promise.resolve(true);
  if (request.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let read = 0;
    const finish = (drained: boolean) => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('close', onClose);
      request.off('error', onClose);
      resolve(drained);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > limitBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(request.complete);
    request.on('data', onData);
    request.once('end', onEnd);
    request.once('close', onClose);
    request.once('error', onClose);
    request.resume();
  });
}
