/**
 * Logs must hold no personal data: they are kept as long as the operator keeps them, where neither
 * `leads erase` nor the retention period reaches. Errors are the leak: a PGlite error carries the
 * failed query and its parameters (a visitor's address, note and answers), a PostgreSQL error's
 * `detail` can quote the row ("Failing row contains (…)"), and an SMTP error names the recipient.
 * So an error is logged by what explains it (its type, code, message and stack, and its causes),
 * never with all its fields, and anything in the text that looks like an e-mail address is masked.
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

// An address as people type them; "node_modules/@scope" in a stack has no local part before "@".
const ADDRESS = /[\w.!#$%&'*+=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;

/** `text` with every e-mail address in it replaced by `<address>`. */
export function maskAddresses(text: string): string {
  return text.replace(ADDRESS, '<address>');
}

// A secret carried in a URL's query: the team sign-in link's token (and anything else so named).
const URL_SECRET = /([?&](?:token)=)[^&#]*/gi;
// A secret carried in a URL's path: the private results link's token (the page and its API).
const PATH_SECRET = /(\/results\/)[^/?#]+/gi;

/**
 * A request URL as the log may keep it: a sign-in link's token and a results link's token replaced
 * by `…`, since whoever reads the log could otherwise sign in, or read a visitor's answers, with it.
 */
export function urlForLog(url: string): string {
  return url.replace(URL_SECRET, '$1…').replace(PATH_SECRET, '$1…');
}

const MAX_DEPTH = 4;
const MAX_GROUPED = 5;

/** The pino serializer for `err`: a safe summary of any thrown value. */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: maskAddresses(String(error)), stack: '' };
  }
  const logged: LoggedError = {
    type: error.constructor?.name ?? error.name,
    message: maskAddresses(error.message),
    stack: maskAddresses(error.stack ?? ''),
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
