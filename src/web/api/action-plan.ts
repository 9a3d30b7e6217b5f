import type { ActionPlanItem } from '../../core';
import { actionPlanPath, type ActionChangeStatus } from '../../shared/action-plan-rules';
import type { ApiErrorBody } from '../../shared/api-errors';
import { readActionPlan } from './stored-plan';

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
