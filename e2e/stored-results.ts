import type { APIRequestContext, Page } from '@playwright/test';
import { AREA_IDS, type Rating, type Responses } from '../src/core';
import { searchCounters, type ProofChallenge } from '../src/shared/proof-of-work';
import type { ManagerTeamAudit } from '../src/shared/team-audit';
import { expect } from './fixtures';
import { messagesTo } from './mail';
import { pdfText } from '../test/support/pdf/pdf-text';

/**
 * Results stored through the API as the e-mail form stores them, and what opens from their link:
 * for the specs that need a results link, or a team audit, without taking the audit in a browser.
 */

const RESULTS_LINK = /https?:\/\/[^\s"<>]+\/results\/([A-Za-z0-9_-]{43})/;
const CONTINUE_LINK = /https?:\/\/[^\s"<>]+\/audit-tool\/continue\/([A-Za-z0-9_-]{43})/;

/** The token of the private results link in a visitor's e-mail. */
export function resultsTokenIn(text: string): string {
  const token = RESULTS_LINK.exec(text)?.[1];
  expect(token, 'the results link in the e-mail').toBeTruthy();
  return token as string;
}

/** The text of a stored result's PDF (`POST /api/results/<token>/report`), as the page downloads it. */
export async function storedResultPdfText(page: Page, token: string): Promise<string> {
  const res = await page.request.post(`/api/results/${token}/report`, {
    data: {},
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status(), await res.text()).toBe(200);
  return pdfText(await res.body());
}

/** Every statement of each area rated as given, in the audit's order of areas. */
export function rated(ratings: readonly Rating[]): Responses {
  return Object.fromEntries(
    AREA_IDS.map((id, i) => [
      id,
      { 0: ratings[i], 1: ratings[i], 2: ratings[i], 3: ratings[i], 4: ratings[i] },
    ]),
  );
}

/** A challenge from the server, solved as a form's worker solves it: a guarded POST's `proof`. */
export async function solvedProof(request: APIRequestContext) {
  const challenge = (await (await request.get('/api/challenge')).json()) as ProofChallenge;
  return { challenge, solution: searchCounters(challenge.parameters, 0, 2 ** 32) };
}

/**
 * E-mails `responses` to `address` as the e-mail form sends them (a solved challenge from the
 * server, an empty honeypot), with any other fields of the request in `extra` (a retake's
 * `retakeOf`, consent and contact details); resolves with the results link's address and token from
 * the e-mail that arrives.
 */
export async function emailResults(
  request: APIRequestContext,
  address: string,
  responses: Responses,
  extra: Record<string, unknown> = {},
): Promise<{ link: string; token: string }> {
  const res = await request.post('/api/email-results', {
    data: { email: address, responses, ...extra, website: '', proof: await solvedProof(request) },
  });
  expect(res.status(), await res.text()).toBe(202);
  const [mail] = await messagesTo(address);
  const match = (mail?.text ?? '').match(RESULTS_LINK);
  expect(match, 'a results link in the e-mail').toBeTruthy();
  return { link: match![0], token: match![1]! };
}

/**
 * Opens (`open`) or closes (`close`) the team audit of the results behind `resultsToken` as the
 * manager's results page does, from a page of this site (the Origin the server checks), and
 * resolves with what the page is then told.
 */
export async function changeTeamAudit(
  request: APIRequestContext,
  resultsToken: string,
  change: 'open' | 'close',
): Promise<ManagerTeamAudit> {
  // scripts/e2e.ts makes the server's PUBLIC_URL the suite's base address.
  const origin = new URL(process.env.E2E_BASE_URL as string).origin;
  const res = await request.post(
    `/api/results/${resultsToken}/team-audit${change === 'close' ? '/close' : ''}`,
    { data: {}, headers: { origin } },
  );
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as ManagerTeamAudit;
}

/** The team audit of the results behind `resultsToken` as the manager's page reads it. */
export async function readTeamAudit(
  request: APIRequestContext,
  resultsToken: string,
): Promise<ManagerTeamAudit> {
  const res = await request.get(`/api/results/${resultsToken}/team-audit`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as ManagerTeamAudit;
}

/** The "continue later" link in the one e-mail sent to `address`. */
export async function continueLinkSentTo(address: string): Promise<{ link: string; token: string }> {
  const [mail] = await messagesTo(address);
  const match = (mail?.text ?? '').match(CONTINUE_LINK);
  expect(match, 'a continue link in the e-mail').toBeTruthy();
  return { link: match![0], token: match![1]! };
}

/**
 * A first "Save and continue later" made through the API as the form makes it (a solved challenge,
 * an empty honeypot); resolves with the continue link the e-mail carries.
 */
export async function saveForLater(
  request: APIRequestContext,
  address: string,
  responses: Responses,
  section: number,
): Promise<{ link: string; token: string }> {
  const res = await request.post('/api/saved-audits', {
    data: { email: address, responses, section, website: '', proof: await solvedProof(request) },
  });
  expect(res.status(), await res.text()).toBe(202);
  return continueLinkSentTo(address);
}
