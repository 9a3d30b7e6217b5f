import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasUnstorableCharacters, PLAIN_TEXT_MESSAGE } from '../../shared/plain-text';
import { HttpError } from './http-errors';

/**
 * The backstop of the one rule for text (shared/plain-text.ts), for every route of the app, the
 * visitor's and the team's alike: a request with a refused character anywhere in its route
 * parameters, its query or its JSON body is answered 400 before any handler (or the bot check,
 * which looks up its challenge) touches the database. Without it, U+0000 in a team note, a search or
 * an address to erase reached PostgreSQL and came back as a 500 ("invalid byte sequence for encoding
 * UTF8: 0x00"), and a lone surrogate was stored as U+FFFD without a word. A route's own schema may
 * check its fields first with its own words; this catches every field nobody thought of.
 */

/**
 * The field named for what is not a field a person filled in: a path parameter (part of the
 * address), a key of the query or the body, or a body that is a bare string.
 */
export const WHOLE_REQUEST_FIELD = 'request';

// A 16 KB body holds thousands of strings; naming the first few says enough.
const MAX_FIELDS = 20;

/** What the guard reads of a request: what Fastify has parsed of it. */
export type ParsedRequest = Pick<FastifyRequest, 'params' | 'query' | 'body'>;

/**
 * Each field of `request` holding a refused character, by its dotted path ("q", "contact.name",
 * "responses.quality.2"; WHOLE_REQUEST_FIELD for a path parameter or a key), each with
 * PLAIN_TEXT_MESSAGE; at most MAX_FIELDS of them. Empty when the request is plain text throughout.
 */
export function unstorableFields(request: ParsedRequest): Record<string, string> {
  const fields: Record<string, string> = {};
  const refuse = (path: readonly string[]) => {
    if (Object.keys(fields).length < MAX_FIELDS)
      fields[path.join('.') || WHOLE_REQUEST_FIELD] ??= PLAIN_TEXT_MESSAGE;
  };
  if (
    Object.values(asRecord(request.params)).some((v) => typeof v === 'string' && hasUnstorableCharacters(v))
  ) {
    refuse([]);
  }
  // The query and the body share one namespace of field names, as the routes' schemas do.
  walkStrings(request.query, refuse);
  walkStrings(request.body, refuse);
  return fields;
}

/** Calls `refuse` with the path of every string in `value` (its keys included) that the rule refuses. */
function walkStrings(value: unknown, refuse: (path: readonly string[]) => void): void {
  // Iterative, not recursive (a 16 KB body of nested arrays is thousands deep), and each entry
  // points at its parent rather than copying its path, which is built only for a refused field.
  // Read in order, so the fields are named in the order the request gives them.
  const pending: Entry[] = [{ value, key: '', parent: undefined }];
  for (let i = 0; i < pending.length; i++) {
    const entry = pending[i]!;
    const current = entry.value;
    if (typeof current === 'string') {
      if (hasUnstorableCharacters(current)) refuse(pathOf(entry));
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, key: String(index), parent: entry }));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        // A key is named by the object that holds it: repeating the key would echo the character.
        if (hasUnstorableCharacters(key)) refuse(pathOf(entry));
        else pending.push({ value: item, key, parent: entry });
      }
    }
  }
}

interface Entry {
  value: unknown;
  key: string;
  /** Undefined for the whole query or body, whose key is no part of a path. */
  parent: Entry | undefined;
}

function pathOf(entry: Entry): string[] {
  const path: string[] = [];
  for (let e: Entry | undefined = entry; e?.parent; e = e.parent) path.push(e.key);
  return path.reverse();
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/**
 * Registers the guard for every route of `app` and of the plugins registered after it: call it
 * once, on the root, before any route. `preValidation` is the first hook that sees the parsed body;
 * the team's Origin and session checks (onRequest) have already answered 403 and 401 by then.
 */
export function registerPlainTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const fields = unstorableFields(request);
    if (Object.keys(fields).length > 0)
      throw new HttpError(400, 'invalid_request', PLAIN_TEXT_MESSAGE, fields);
  });
}
