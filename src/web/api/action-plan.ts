import { ACTION_OWNER_MAX_LENGTH, ACTION_STATUSES, type ActionPlanItem, type ActionStatus } from '../../core';
import { actionPlanPath, type ActionChangeStatus } from '../../shared/action-plan-rules';
import type { ApiErrorBody } from '../../shared/api-errors';

/** One change to the plan, as `POST /api/results/<token>/plan` takes it (shared/action-plan.ts). */
export interface PlanChange {
  key: string;
  status: ActionChangeStatus;
  owner?: string;
  targetDate?: string;
}

/** What a save came to: the whole plan as now kept, the server's reasons, the link gone, or no answer. */
export type PlanSaveAnswer =
  | { status: 'saved'; plan: ActionPlanItem[] }
  | { status: 'invalid'; message: string; fields: Record<string, string> }
  | { status: 'gone' }
  | { status: 'failed'; message: string };

const KEY_PATTERN = /^(statement:[a-z]+-[0-4]|area:[a-z]+)$/;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The plan in an answer from the server, cleaned as any answer is: an item the page could not show
 * (an unknown status, an owner too long, a date that is not YYYY-MM-DD) is left out, and a key met
 * twice keeps its first item. The server checks what it stores; this keeps the page's own promise.
 */
export function readActionPlan(value: unknown): ActionPlanItem[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const items: ActionPlanItem[] = [];
  for (const raw of value as unknown[]) {
    if (typeof raw !== 'object' || raw === null) continue;
    const { key, status, owner, targetDate } = raw as Record<string, unknown>;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key) || seen.has(key)) continue;
    if (!ACTION_STATUSES.includes(status as ActionStatus)) continue;
    const item: ActionPlanItem = { key, status: status as ActionStatus };
    if (typeof owner === 'string') {
      const trimmed = owner.trim();
      if (trimmed.length > ACTION_OWNER_MAX_LENGTH) continue;
      if (trimmed !== '') item.owner = trimmed;
    }
    if (typeof targetDate === 'string' && DAY_PATTERN.test(targetDate)) item.targetDate = targetDate;
    seen.add(key);
    items.push(item);
  }
  return items;
}

/**
 * Saves one topic's status, owner and target date. The token is the only key (no account), so it
 * goes in the path as the results page's own request does; the browser adds the Origin header the
 * server checks. An empty owner or date is left out, which clears it; "not started" sends neither,
 * as it removes the topic's item (the server refuses one with either).
 */
export async function saveActionPlanChange(
  token: string,
  change: PlanChange,
  signal?: AbortSignal,
): Promise<PlanSaveAnswer> {
  const body: PlanChange = { key: change.key, status: change.status };
  const owner = change.owner?.trim();
  if (change.status !== 'not_started') {
    if (owner) body.owner = owner;
    if (change.targetDate) body.targetDate = change.targetDate;
  }
  let response: Response;
  try {
    response = await fetch(actionPlanPath(token), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch {
    return { status: 'failed', message: NO_ANSWER };
  }
  if (response.ok) {
    const answer = (await response.json().catch(() => undefined)) as { plan?: unknown } | undefined;
    // A 200 whose plan cannot be read leaves the page not knowing what was kept: said as a failure.
    return answer && Array.isArray(answer.plan)
      ? { status: 'saved', plan: readActionPlan(answer.plan) }
      : { status: 'failed', message: NO_ANSWER };
  }
  if (response.status === 404) return { status: 'gone' };
  const error = ((await response.json().catch(() => undefined)) as Partial<ApiErrorBody> | undefined)?.error;
  const message = error?.message ?? `The change could not be saved (HTTP ${response.status}).`;
  if (response.status === 400) return { status: 'invalid', message, fields: error?.fields ?? {} };
  return { status: 'failed', message };
}

const NO_ANSWER = 'The change could not be saved. Please check your connection and try again.';
