import type { Responses, TeamRole } from '../../core';
import type { BotCheckFields } from '../../shared/bot-check';
import type { TeamAnswerStored, TeamAuditInvitation } from '../../shared/team-audit';
import { postJson } from './client';
import { versionNumber } from '../../core/content/version-number';

/**
 * A colleague's side of a team audit (shared/team-audit.ts), keyed by the join link's token: what
 * the join page needs before they answer, and the answer. The manager's side is elsewhere.
 */

/** What a join link opens: the invitation, nothing (404), or no answer to go by. */
export type InvitationAnswer =
  { status: 'found'; invitation: TeamAuditInvitation } | { status: 'not_found' } | { status: 'failed' };

const joinPath = (token: string) => `/api/team-audits/${encodeURIComponent(token)}`;

/**
 * `GET /api/team-audits/<token>`. A 404 is a link that opens nothing, which the page says plainly;
 * any other failure may pass, so the page offers to try again. The answer is checked as any
 * untrusted answer is: an organisation only as a string, a status only as one of the two.
 */
export async function fetchInvitation(token: string, signal?: AbortSignal): Promise<InvitationAnswer> {
  try {
    const response = await fetch(joinPath(token), { headers: { accept: 'application/json' }, signal });
    if (response.status === 404) return { status: 'not_found' };
    if (!response.ok) return { status: 'failed' };
    const body = (await response.json()) as Partial<Record<keyof TeamAuditInvitation, unknown>>;
    if (body.status !== 'open' && body.status !== 'closed') return { status: 'failed' };
    const organisation = typeof body.organisation === 'string' ? body.organisation.trim() : '';
    return {
      status: 'found',
      invitation: {
        status: body.status,
        closesAt: typeof body.closesAt === 'string' ? body.closesAt : '',
        // Version 1 when the server names none (or nothing usable).
        contentVersion: versionNumber(body.contentVersion) ?? 1,
        ...(organisation ? { organisation } : {}),
      },
    };
  } catch {
    return { status: 'failed' };
  }
}

/** One colleague's answers as `POST /api/team-audits/<token>/answers` takes them, bot check included. */
export interface TeamAnswer extends BotCheckFields {
  respondentKey: string;
  role?: TeamRole;
  responses: Responses;
}

/**
 * Sends the answers; resolves on 200 with whether they replaced this browser's earlier answers,
 * and throws an ApiError otherwise (409 `closed` or `full`, 404, 429, the bot check's 400, or
 * code "network" when no answer came). A 200 whose body a proxy mangled is still stored.
 */
export async function sendTeamAnswer(token: string, answer: TeamAnswer): Promise<TeamAnswerStored> {
  const response = await postJson(`${joinPath(token)}/answers`, answer, 200);
  const body = (await response.json().catch(() => ({}))) as { replaced?: unknown };
  return { replaced: body.replaced === true };
}
