import type { TeamView } from '../core/team-view';

/**
 * The team audit (PRODUCT.md part 4, "The whole team answers"; decision 0069): a care manager asks
 * colleagues to answer the same 25 statements through a join link, `PUBLIC_URL/audit-tool/join/<token>`.
 * The token is 32 bytes in base64url (43 characters, 256 bits) worked out from the manager's results
 * link, so her page can show it again; the server stores only its hash. The paths, the words both
 * sides show and the shapes of the API's answers; the request schema is team-audit-request.ts.
 */
export const JOIN_PATH = '/audit-tool/join';
export const JOIN_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The link the manager copies or sends from her own e-mail program. */
export function joinLink(publicUrl: string, token: string): string {
  return `${publicUrl}${JOIN_PATH}/${token}`;
}

/** The token in a join page's path, or undefined when the path is not one. */
export function joinTokenFromPath(pathname: string): string | undefined {
  const prefix = `${JOIN_PATH}/`;
  if (!pathname.startsWith(prefix)) return undefined;
  const token = pathname.slice(prefix.length).replace(/\/+$/, '');
  return JOIN_TOKEN_PATTERN.test(token) ? token : undefined;
}

/** The manager's team audit as her results page shows it. */
export interface TeamAuditSummary {
  /** The join link to copy or send (the server works it out again from the results link). */
  joinLink: string;
  /** When it opened, and when it closes or closed by itself (ISO 8601). */
  openedAt: string;
  closesAt: string;
  /** When it closed (ISO 8601): the manager's Close, or closesAt once that has passed. */
  closedAt?: string;
  status: 'open' | 'closed';
  /** How many colleagues have answered (the manager's own result not counted). */
  respondents: number;
  /** The team's view: only with at least MIN_TEAM_RESPONDENTS respondents. */
  view?: TeamView;
}

/**
 * `GET /api/results/<token>/team-audit`, and the answer to opening (`POST …/team-audit`) and
 * closing (`POST …/team-audit/close`) one: the result's latest team audit, or null before the first.
 * `organisation` is the name the colleague's page will show, when the manager gave one.
 */
export interface ManagerTeamAudit {
  teamAudit: TeamAuditSummary | null;
  organisation?: string;
}

/** `GET /api/team-audits/<joinToken>`: what a colleague's page needs before they answer. */
export interface TeamAuditInvitation {
  /** The organisation the manager gave with her results, if she gave one. */
  organisation?: string;
  status: 'open' | 'closed';
  closesAt: string;
  /** The version of the audit's words the manager's result was answered with: colleagues answer the same. */
  contentVersion: number;
}

/** `POST /api/team-audits/<joinToken>/answers` answers 200 with this. */
export interface TeamAnswerStored {
  /** True when this browser had answered before and its earlier answer was replaced. */
  replaced: boolean;
}

/** How the colleague's page names whose team audit this is. */
export function teamAuditOwner(organisation: string | undefined): string {
  return organisation ? `${organisation}’s team audit` : 'your manager’s team audit';
}

export const TEAM_AUDIT_MESSAGES = {
  notFound:
    'There is no team audit at this link. It may have been mistyped, or the team audit has been deleted.',
  closed: 'This team audit has closed, so it takes no more answers. Thank you for wanting to take part.',
  full: 'This team audit already has the most answers it can take (200). Thank you for wanting to take part.',
  respondentKeyInvalid: 'respondentKey must be the 43-character key this browser made for the team audit',
  roleInvalid: 'The role must be one of the roles listed, or left out',
  answersIncomplete: 'Every statement needs a rating from 1 to 5 before the answers can join the team’s',
  notObject: 'The request must be a JSON object',
} as const;
