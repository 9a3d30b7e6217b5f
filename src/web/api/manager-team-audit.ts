import {
  AREA_IDS,
  MIN_TEAM_RESPONDENTS,
  QUESTIONS_PER_AREA,
  TEAM_ROLES,
  type DifferingStatement,
  type Spread,
  type TeamAreaView,
  type TeamRoleView,
  type TeamView,
} from '../../core';
import type { ApiErrorBody } from '../../shared/api-errors';
import type { ManagerTeamAudit, TeamAuditSummary } from '../../shared/team-audit';

/**
 * The manager's side of the team audit (decision 0069), keyed by her results link as the action
 * plan is: read it, open one, close it. The token goes in the path; the browser adds the Origin
 * header the server checks on the two changes. Loaded only with the page's "Ask your team" section.
 */

/** What a call came to: the team audit as it now stands, the results link gone, or no answer. */
export type TeamAuditAnswer =
  { status: 'ok'; answer: ManagerTeamAudit } | { status: 'gone' } | { status: 'failed'; message: string };

const pathOf = (token: string) => `/api/results/${encodeURIComponent(token)}/team-audit`;

/** `GET /api/results/<token>/team-audit`: the result's latest team audit, or none yet. */
export function fetchTeamAudit(token: string, signal?: AbortSignal): Promise<TeamAuditAnswer> {
  return call(pathOf(token), { headers: { accept: 'application/json' }, signal });
}

/** `POST …/team-audit`: opens one, or answers the one already open (two presses make one link). */
export function openTeamAudit(token: string): Promise<TeamAuditAnswer> {
  return call(pathOf(token), postEmpty);
}

/** `POST …/team-audit/close`: closes the open one; answers what there is either way. */
export function closeTeamAudit(token: string): Promise<TeamAuditAnswer> {
  return call(`${pathOf(token)}/close`, postEmpty);
}

// The server takes an empty JSON object for both changes.
const postEmpty: RequestInit = {
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json' },
  body: '{}',
};

const NO_ANSWER = 'There was no answer from our server. Please check your connection and try again.';

async function call(path: string, init: RequestInit): Promise<TeamAuditAnswer> {
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    return { status: 'failed', message: NO_ANSWER };
  }
  if (response.status === 404) return { status: 'gone' };
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = (body as Partial<ApiErrorBody> | undefined)?.error?.message;
    return {
      status: 'failed',
      message: message ?? `Our server could not do that (HTTP ${response.status}).`,
    };
  }
  const answer = readManagerTeamAudit(body);
  // A 200 that cannot be read leaves the page not knowing what there is: said as a failure.
  return answer ? { status: 'ok', answer } : { status: 'failed', message: NO_ANSWER };
}

/**
 * The server's answer, checked as any untrusted answer is: every figure a whole number in its
 * range, every name one the page knows, or undefined. A view over fewer than MIN_TEAM_RESPONDENTS
 * is refused too: the page must never draw one.
 */
export function readManagerTeamAudit(value: unknown): ManagerTeamAudit | undefined {
  if (!isRecord(value)) return undefined;
  const organisation = typeof value.organisation === 'string' ? value.organisation : undefined;
  const base = organisation ? { organisation } : {};
  if (value.teamAudit === null) return { teamAudit: null, ...base };
  const teamAudit = readSummary(value.teamAudit);
  return teamAudit && { teamAudit, ...base };
}

function readSummary(value: unknown): TeamAuditSummary | undefined {
  if (!isRecord(value)) return undefined;
  const { joinLink, openedAt, closesAt, closedAt, status, respondents, view } = value;
  if (typeof joinLink !== 'string' || !/^https?:\/\//.test(joinLink)) return undefined;
  if (!isMoment(openedAt) || !isMoment(closesAt)) return undefined;
  if (closedAt !== undefined && !isMoment(closedAt)) return undefined;
  if (status !== 'open' && status !== 'closed') return undefined;
  if (!isWhole(respondents, 0, Infinity)) return undefined;
  let teamView: TeamView | undefined;
  if (view !== undefined) {
    teamView = readView(view);
    if (!teamView) return undefined;
  }
  return {
    joinLink,
    openedAt,
    closesAt,
    ...(closedAt !== undefined ? { closedAt } : {}),
    status,
    respondents,
    ...(teamView ? { view: teamView } : {}),
  };
}

function readView(value: unknown): TeamView | undefined {
  if (!isRecord(value) || !isWhole(value.respondents, MIN_TEAM_RESPONDENTS, Infinity)) return undefined;
  const areas = readAreas(value.areas);
  const overall = readOwnSpread(value.overall, 100);
  if (!areas || !overall || !Array.isArray(value.differing) || !Array.isArray(value.roles)) return undefined;
  const differing = value.differing.map(readDiffering);
  const roles = value.roles.map(readRole);
  if (!differing.every(Boolean) || !roles.every(Boolean)) return undefined;
  return {
    respondents: value.respondents,
    areas,
    overall,
    differing: differing as DifferingStatement[],
    roles: roles as TeamRoleView[],
  };
}

/** Five areas, each once, in the audit's order. */
function readAreas(value: unknown): TeamAreaView[] | undefined {
  if (!Array.isArray(value) || value.length !== AREA_IDS.length) return undefined;
  const areas = value.map((area: unknown, index) => {
    if (!isRecord(area) || area.id !== AREA_IDS[index]) return undefined;
    const spread = readOwnSpread(area, 100);
    return spread && { id: AREA_IDS[index]!, ...spread };
  });
  return areas.every(Boolean) ? (areas as TeamAreaView[]) : undefined;
}

function readRole(value: unknown): TeamRoleView | undefined {
  if (!isRecord(value) || !TEAM_ROLES.includes(value.role as never)) return undefined;
  if (!isWhole(value.respondents, MIN_TEAM_RESPONDENTS, Infinity)) return undefined;
  const areas = readAreas(value.areas);
  const overall = readOwnSpread(value.overall, 100);
  return areas && overall
    ? { role: value.role as TeamRoleView['role'], respondents: value.respondents, areas, overall }
    : undefined;
}

function readDiffering(value: unknown): DifferingStatement | undefined {
  if (!isRecord(value) || !AREA_IDS.includes(value.area as never)) return undefined;
  if (!isWhole(value.index, 0, QUESTIONS_PER_AREA - 1)) return undefined;
  const spread = readSpread(value, 1, 5);
  const { counts, own, text, label } = value;
  if (!spread || !Array.isArray(counts) || counts.length !== 5) return undefined;
  if (typeof text !== 'string' || typeof label !== 'string') return undefined;
  if (!counts.every((count) => isWhole(count, 0, Infinity))) return undefined;
  if (own !== undefined && !isWhole(own, 1, 5)) return undefined;
  return {
    area: value.area as DifferingStatement['area'],
    index: value.index,
    text,
    label,
    ...spread,
    counts: counts as DifferingStatement['counts'],
    ...(own !== undefined ? { own } : {}),
  };
}

function readOwnSpread(value: unknown, max: number): (Spread & { own: number }) | undefined {
  const spread = readSpread(value, 0, max);
  if (!spread || !isRecord(value) || !isWhole(value.own, 0, max)) return undefined;
  return { ...spread, own: value.own };
}

function readSpread(value: unknown, min: number, max: number): Spread | undefined {
  if (!isRecord(value)) return undefined;
  const { median, lowest, highest } = value;
  if (!isWhole(lowest, min, max) || !isWhole(highest, lowest, max) || !isWhole(median, lowest, highest)) {
    return undefined;
  }
  return { median, lowest, highest };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isWhole(value: unknown, min: number, max: number): value is number {
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
}

function isMoment(value: unknown): value is string {
  return typeof value === 'string' && !Number.isNaN(new Date(value).getTime());
}
