import querystring from 'node:querystring';

/**
 * How the app reads a query string (Fastify's `querystringParser`): as Node's own parser does
 * (repeated keys as an array, `+` as a space), with one difference in decoding. Fastify's default
 * kept a value whose escapes are not UTF-8 as it was sent, so `q=%ED%A0%80` (a lone surrogate,
 * U+D800, as a client encodes it) searched for the text "%ED%A0%80" and answered 200. Here each
 * byte that is no part of a UTF-8 character becomes the lone surrogate U+DC80 + byte (Python's
 * "surrogateescape"): the one rule for text (shared/plain-text.ts), which the plain-text guard
 * applies to every query, then answers 400 naming the field, as for any character it refuses.
 */
export function parseQueryString(text: string): querystring.ParsedUrlQuery {
  // maxKeys 0: no limit, as before; the length of a request's headers already bounds it.
  return querystring.parse(text, '&', '=', { decodeURIComponent: decodeQueryComponent, maxKeys: 0 });
}

// A run of percent escapes: the bytes of one or more characters, or of none.
const ESCAPES = /(?:%[0-9A-Fa-f]{2})+/g;

/** A key or value with its percent escapes decoded; anything else in it is kept as it is. */
export function decodeQueryComponent(text: string): string {
  return text.replace(ESCAPES, (run) => decodeUtf8Escaping(Buffer.from(run.replace(/%/g, ''), 'hex')));
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** `bytes` as UTF-8, each byte of no valid character as U+DC80 + byte (U+DC80..U+DCFF). */
function decodeUtf8Escaping(bytes: Buffer): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    // Rare (only a malformed request gets here), so one character at a time is fine. UTF-8 has no
    // character whose bytes begin another's, so the shortest run that decodes is the character.
    let text = '';
    for (let i = 0; i < bytes.length;) {
      const length = [1, 2, 3, 4].find((n) => i + n <= bytes.length && decodes(bytes.subarray(i, i + n)));
      if (length === undefined) {
        text += String.fromCharCode(0xdc00 + bytes[i]!);
        i += 1;
      } else {
        text += strictUtf8.decode(bytes.subarray(i, i + length));
        i += length;
      }
    }
    return text;
  }
}

function decodes(bytes: Uint8Array): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}
