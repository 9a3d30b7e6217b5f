import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SendMailOptions } from 'nodemailer';
import type { MailTransport } from '../../src/server/mail/mail-transport';

/** The origin the team API tests run under (their PUBLIC_URL). */
export const TEAM_ORIGIN = 'http://localhost:3000';

/** A mail transport that keeps what it is given, for a test to read the sign-in link from. */
export function memoryTransport(): MailTransport & { sent: SendMailOptions[] } {
  const sent: SendMailOptions[] = [];
  return {
    description: 'memory',
    sent,
    send: async (message) => {
      sent.push(message);
    },
    close: () => undefined,
  };
}

/** The token in the last sign-in link e-mailed to `address`, once the outbox has sent one. */
export async function tokenFromMail(
  sent: readonly SendMailOptions[],
  address: string,
  count = 1,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mine = sent.filter((m) => m.to === address);
    if (mine.length >= count) {
      const match = /\/team\/auth\?token=([A-Za-z0-9_-]+)/.exec(String(mine[mine.length - 1]!.text));
      if (!match) throw new Error('the sign-in e-mail has no link');
      return match[1]!;
    }
    if (Date.now() > deadline) throw new Error(`no sign-in e-mail to ${address} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A request to the team API as the workspace page sends it (same origin, JSON). */
export function teamRequest(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD',
  url: string,
  options: { cookie?: string; body?: unknown; origin?: string | null } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (options.origin !== null) headers.origin = options.origin ?? TEAM_ORIGIN;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return app.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
  });
}

/** `name=value` of the session cookie a response set. */
export function sessionCookieFrom(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name.endsWith('care_audit_team'));
  if (!cookie) throw new Error(`no session cookie in the answer (${res.statusCode} ${res.body})`);
  return `${cookie.name}=${cookie.value}`;
}

/**
 * Signs `address` in through the API as the workspace would: asks for a link, reads it from the
 * e-mail, uses it. Returns the session cookie (`name=value`).
 */
export async function signInThroughApi(
  app: FastifyInstance,
  sent: readonly SendMailOptions[],
  address: string,
): Promise<string> {
  const before = sent.filter((m) => m.to === address).length;
  const asked = await teamRequest(app, 'POST', '/api/team/sign-in', {
    body: { email: address, website: '' },
  });
  if (asked.statusCode !== 202) throw new Error(`sign-in answered ${asked.statusCode} ${asked.body}`);
  const token = await tokenFromMail(sent, address, before + 1);
  const used = await teamRequest(app, 'POST', '/api/team/auth', { body: { token } });
  if (used.statusCode !== 200) throw new Error(`auth answered ${used.statusCode} ${used.body}`);
  return sessionCookieFrom(used);
}

/**
 * Whom `GET /api/team/session` says the cookie signs in (null: signed out). It answers 200 either
 * way (decision 0084); anything else throws.
 */
export async function signedInAs(app: FastifyInstance, cookie: string | undefined): Promise<string | null> {
  const res = await teamRequest(app, 'GET', '/api/team/session', { cookie });
  if (res.statusCode !== 200) throw new Error(`session answered ${res.statusCode} ${res.body}`);
  const state = res.json() as { signedIn: boolean; email?: string };
  return state.signedIn ? (state.email ?? null) : null;
}
