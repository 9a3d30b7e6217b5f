import {
  actionTopicsFor,
  buildReport,
  sanitizeResponses,
  type ActionPlanItem,
  type ActionStatus,
  type Responses,
} from '../../core';
import type { ActionPlanChange } from '../../shared/action-plan';
import type { Database, Queryable } from '../db/database';

/**
 * The action plan a care manager keeps on a private results page (decision 0055): one row per
 * marked topic of one request, in `action_plan_items`, deleted with the request (erased, or purged
 * by retention) by the table's cascade. The results link is the key: whoever holds it may read and
 * change the plan, as they may read the results.
 */

/** The topics' keys of the results `responses` give, in their order: priorities, then the areas. */
function topicKeysOf(responses: Responses): string[] {
  const report = buildReport(responses);
  return actionTopicsFor(report.priorities, report.areas).map((topic) => topic.key);
}

interface ItemRow {
  item_key: string;
  status: ActionStatus;
  owner: string | null;
  /** YYYY-MM-DD, as to_char writes it (a driver would make a date a local midnight). */
  target_date: string | null;
}

const ITEM_COLUMNS = `i.item_key, i.status, i.owner, to_char(i.target_date, 'YYYY-MM-DD') AS target_date`;

function itemOf(row: ItemRow): ActionPlanItem {
  return {
    key: row.item_key,
    status: row.status,
    ...(row.owner === null ? {} : { owner: row.owner }),
    ...(row.target_date === null ? {} : { targetDate: row.target_date }),
  };
}

/**
 * The items in the topics' order. A request's answers never change, so every stored key is one of
 * its topics (the route checks it before saving); were one not, it would go last rather than vanish.
 */
function inTopicOrder(rows: readonly ItemRow[], responses: Responses): ActionPlanItem[] {
  const order = new Map(topicKeysOf(responses).map((key, index) => [key, index]));
  const rank = (row: ItemRow) => order.get(row.item_key) ?? order.size;
  return [...rows].sort((a, b) => rank(a) - rank(b) || a.item_key.localeCompare(b.item_key)).map(itemOf);
}

/** A request's action plan in the topics' order; [] when nothing is marked or there is no such request. */
export async function readActionPlan(db: Queryable, requestId: string): Promise<ActionPlanItem[]> {
  const { rows } = await db.query<ItemRow & { responses: unknown }>(
    `SELECT ${ITEM_COLUMNS}, r.responses
       FROM email_requests r JOIN action_plan_items i ON i.request_id = r.id
      WHERE r.id = $1`,
    [requestId],
  );
  const first = rows[0];
  return first ? inTopicOrder(rows, sanitizeResponses(first.responses)) : [];
}

export type ActionPlanChanged =
  | { outcome: 'saved'; plan: ActionPlanItem[] }
  /** The request is gone: erased (or purged) since its results link was looked up. */
  | { outcome: 'not_found' }
  /** The key is not a topic of these results (the priorities depend on the answers). */
  | { outcome: 'not_a_topic' };

/**
 * Applies one change to a request's plan: sets the topic's item to the change's status, owner and
 * target date (an owner or date left out is cleared), or removes it for `not_started`; then answers
 * the whole plan. One transaction that holds the request (FOR KEY SHARE), so an erasure or purge at
 * the same moment waits for it, or comes first and the change finds nothing: never half of each.
 */
export async function changeActionPlan(
  db: Database,
  requestId: string,
  change: ActionPlanChange,
): Promise<ActionPlanChanged> {
  return db.transaction(async (tx): Promise<ActionPlanChanged> => {
    const { rows } = await tx.query<{ responses: unknown }>(
      'SELECT responses FROM email_requests WHERE id = $1 FOR KEY SHARE',
      [requestId],
    );
    const request = rows[0];
    if (!request) return { outcome: 'not_found' };
    const responses = sanitizeResponses(request.responses);
    if (!topicKeysOf(responses).includes(change.key)) return { outcome: 'not_a_topic' };
    if (change.status === 'not_started') {
      await tx.query('DELETE FROM action_plan_items WHERE request_id = $1 AND item_key = $2', [
        requestId,
        change.key,
      ]);
    } else {
      await tx.query(
        `INSERT INTO action_plan_items (request_id, item_key, status, owner, target_date, updated_at)
         VALUES ($1, $2, $3, $4, $5::date, now())
         ON CONFLICT (request_id, item_key)
         DO UPDATE SET status = EXCLUDED.status, owner = EXCLUDED.owner, target_date = EXCLUDED.target_date,
                       updated_at = EXCLUDED.updated_at`,
        [requestId, change.key, change.status, change.owner ?? null, change.targetDate ?? null],
      );
    }
    const items = await tx.query<ItemRow>(
      `SELECT ${ITEM_COLUMNS} FROM action_plan_items i WHERE i.request_id = $1`,
      [requestId],
    );
    return { outcome: 'saved', plan: inTopicOrder(items.rows, responses) };
  });
}

/** How far a lead's action plan has got, as the team sees it: how many topics are at each status. */
export interface ActionPlanCounts {
  planned: number;
  inProgress: number;
  done: number;
  /** When the plan last changed; undefined when nothing is marked. */
  updatedAt?: Date;
}

/** The columns ACTION_PLAN_COUNTS_JOIN adds to a row. */
export interface ActionPlanCountsRow {
  plan_planned: number;
  plan_in_progress: number;
  plan_done: number;
  plan_updated_at: Date | null;
}

/**
 * Joined to a query on `email_requests` aliased `alias`: a lead's counts as the columns of
 * ActionPlanCountsRow, one row per request (an aggregate without GROUP BY gives one row, zeros when
 * nothing is marked). The lead's detail and the CSV both count with it.
 */
export function actionPlanCountsJoin(alias: string): string {
  return `CROSS JOIN LATERAL (
    SELECT count(*) FILTER (WHERE p.status = 'planned')::int AS plan_planned,
           count(*) FILTER (WHERE p.status = 'in_progress')::int AS plan_in_progress,
           count(*) FILTER (WHERE p.status = 'done')::int AS plan_done,
           max(p.updated_at) AS plan_updated_at
      FROM action_plan_items p WHERE p.request_id = ${alias}.id) plan_counts`;
}

/** The columns of ACTION_PLAN_COUNTS_JOIN, for the query's select list. */
export const ACTION_PLAN_COUNTS_COLUMNS =
  'plan_counts.plan_planned, plan_counts.plan_in_progress, plan_counts.plan_done, plan_counts.plan_updated_at';

export function actionPlanCountsFrom(row: ActionPlanCountsRow): ActionPlanCounts {
  return {
    planned: row.plan_planned,
    inProgress: row.plan_in_progress,
    done: row.plan_done,
    ...(row.plan_updated_at === null ? {} : { updatedAt: new Date(row.plan_updated_at) }),
  };
}
