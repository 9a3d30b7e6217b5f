import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { BrowserRouter } from '../../src/browser/router';
import { pushLocation } from '../../src/browser/router/history';
import { TeamApp } from '../../src/team/app';

// The team workspace's component tests: the whole app at a path, against a fake API that answers
// as the server's routes do and remembers every request it was sent.

export interface Sent {
  method: string;
  path: string;
  body: unknown;
}

export type Answer = { status: number; body?: unknown };
export type Handler = (sent: Sent) => Answer | undefined;

export function json(body: unknown, status = 200): Answer {
  return { status, body };
}

/**
 * Replaces fetch: each request is recorded in `sent`, then answered by the first handler with an
 * answer, else by `fallback` (the routes every page of the test needs).
 */
export function fakeTeamApi(sent: Sent[], handlers: readonly Handler[], fallback: (sent: Sent) => Answer) {
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const request: Sent = {
      method: init?.method ?? 'GET',
      path: input,
      body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
    };
    sent.push(request);
    let answer: Answer | undefined;
    for (const handle of handlers) answer ??= handle(request);
    answer ??= fallback(request);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
}

/** The requests that change something: all but the reads. */
export const changesIn = (sent: readonly Sent[]) => sent.filter((s) => s.method !== 'GET');

/** The workspace app, opened at a path. */
export function renderTeamAt(path: string) {
  pushLocation(path, { replace: true });
  return render(
    <BrowserRouter>
      <TeamApp />
    </BrowserRouter>,
  );
}
