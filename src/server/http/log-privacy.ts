/**
 * Logs must hold no personal data: they are kept as long as the operator keeps them, where neither
 * `leads erase` nor the retention period reaches. Errors are the leak: a PGlite error carries the
 * failed query and its parameters (a visitor's address, note and answers), a PostgreSQL error's
 * `detail` can quote the row ("Failing row contains (…)"), and an SMTP error names the recipient.
 * So an error is logged by what explains it (its type, code, message and stack, and its causes),
 * never with all its fields, and anything in the text that looks like an e-mail address is masked.
 * URLs are the other leak: a request is logged by its path alone (pathForLog), never its query.
 */

// A type, not an interface, so it fits pino's serializer type (which has an index signature).
export type LoggedError = {
  type: string;
  message: string;
  code?: string;
  /** Empty when there is none (pino's error shape always has one). */
  stack: string;
  cause?: LoggedError;
  errors?: LoggedError[];
};

// An address as people type them, and as a URL or form carries it: any character of the local part
// or the domain may be percent-encoded ("someone%40example.test", "o%27brien@…"), and names may be
// in any script. "node_modules/@scope" in a stack has no local part before "@", so it stays.
const ENCODED = '%[0-9A-Fa-f]{2}';
const ADDRESS = new RegExp(
  `(?:[\\p{L}\\p{N}_.!#$&'*+=?^\`{|}~-]|${ENCODED})+(?:@|%40)(?:[\\p{L}\\p{N}_-]|${ENCODED})+` +
    `(?:\\.(?:[\\p{L}\\p{N}_-]|${ENCODED})+)+`,
  'giu',
);

/** `text` with every e-mail address in it, plain or percent-encoded, replaced by `<address>`. */
export function maskAddresses(text: string): string {
  return text.replace(ADDRESS, '<address>');
}

// A query string after a path or URL in free text (an error message naming the URL it was about).
const QUERY_IN_TEXT = /(\/[^\s?#"'<>]*)\?[^\s#"'<>]*/g;

/**
 * Free text as the log may keep it (an error's message and stack, the reason for a refusal): any
 * query string after a path removed, as pathForLog does, and every address masked.
 */
export function textForLog(text: string): string {
  return maskAddresses(text.replace(QUERY_IN_TEXT, '$1'));
}

// The path segments after which the next one is a secret: the private results link's token and
// the continue link's (the pages and their API: /results/, /api/results/, /audit-tool/continue/,
// /api/saved-audits/), and a team audit's join token (/audit-tool/join/, /api/team-audits/).
const PRIVATE_SEGMENTS = new Set(['results', 'continue', 'saved-audits', 'join', 'team-audits']);
// Enough rounds for an escape escaped again and again ("%2572" is "%72" is "r"); more is no address.
const MAX_DECODE_ROUNDS = 4;
const ESCAPE_RUN = /(?:%[0-9A-Fa-f]{2})+/g;
const ASCII_ESCAPE = /%[0-7][0-9A-Fa-f]/g;

/** One run of escapes decoded; bytes that are not UTF-8 stay escaped, the ASCII among them decoded. */
function decodeRun(run: string): string {
  try {
    return decodeURIComponent(run);
  } catch {
    return run.replace(ASCII_ESCAPE, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
  }
}

/**
 * A path as what it decodes to, whatever its spelling: every escape decoded (also one escaped
 * twice), a backslash read as a slash, and anything after a decoded "?" or "#" dropped, as a query is.
 */
function decodedPath(path: string): string {
  let decoded = path;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    const next = decoded.replace(ESCAPE_RUN, decodeRun);
    if (next === decoded) break;
    decoded = next;
  }
  return (decoded.split(/[?#]/, 1)[0] ?? '').replace(/\\/g, '/');
}

/**
 * A request URL as the log may keep it: its path alone, as it decodes. The query string goes whole,
 * keys and values alike: it carries the team's searches (an address, a name), a sign-in link's
 * token, and whatever else anyone types after "?", and a log outlives both erasure and retention.
 *
 * The path is logged as what it decodes to, not as it was spelt, so no spelling lets a secret
 * through (issue 36: "/%72esults/<token>" served the results page and logged its token, and
 * "/results//<token>", "/results%2F<token>" and "/results;x/<token>" logged it with their 404):
 * escapes decoded, empty segments and ";parameters" left out, then the segment after a private
 * one (a results, continue or join link's token) becomes `…` (whoever reads the log could
 * otherwise read a visitor's answers with it) and an address `<address>` (a 404 for a mistyped
 * link can carry one).
 */
export function pathForLog(url: string): string {
  const path = decodedPath(url.split(/[?#]/, 1)[0] ?? '');
  const segments = path
    .split('/')
    .map((segment) => segment.split(';', 1)[0] ?? '')
    .filter((segment) => segment !== '');
  const logged = segments.map((segment, i) =>
    i > 0 && PRIVATE_SEGMENTS.has(segments[i - 1]!.toLowerCase()) ? '…' : segment,
  );
  const trailingSlash = path.endsWith('/') && logged.length > 0 ? '/' : '';
  const joined = path.startsWith('/') || logged.length > 0 ? `/${logged.join('/')}${trailingSlash}` : '';
  return maskAddresses(joined);
}

const MAX_DEPTH = 4;
const MAX_GROUPED = 5;

/** The pino serializer for `err`: a safe summary of any thrown value. */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: textForLog(String(error)), stack: '' };
  }
  const logged: LoggedError = {
    type: error.constructor?.name ?? error.name,
    message: textForLog(error.message),
    stack: textForLog(error.stack ?? ''),
  };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') logged.code = String(code);
  if (depth < MAX_DEPTH) {
    if (error.cause !== undefined) logged.cause = serializeError(error.cause, depth + 1);
    if (error instanceof AggregateError) {
      logged.errors = error.errors.slice(0, MAX_GROUPED).map((e: unknown) => serializeError(e, depth + 1));
    }
  }
  return logged;
}
