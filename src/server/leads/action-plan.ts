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
import { MAX_CHAIN_STEPS } from './result-history';
import { readVersion } from '../content/content-store';

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
  /** The day (UTC) of the result the item was carried from, or null: set here, or that one erased. */
  carried_from: string | null;
}

/**
 * Joined to `action_plan_items i`: the result each item was carried from, for its day: the day in UTC, as the history
 * gives each result's day (isoDate), so "carried from your results of 3 November" names a day the
 * progress lists.
 */
const CARRIED_FROM_JOIN = `LEFT JOIN email_requests earlier ON earlier.id = i.carried_from_request_id`;
const ITEM_COLUMNS = `i.item_key, i.status, i.owner, to_char(i.target_date, 'YYYY-MM-DD') AS target_date,
  to_char(earlier.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS carried_from`;

function itemOf(row: ItemRow): ActionPlanItem {
  return {
    key: row.item_key,
    status: row.status,
    ...(row.owner === null ? {} : { owner: row.owner }),
    ...(row.target_date === null ? {} : { targetDate: row.target_date }),
    ...(row.carried_from === null ? {} : { carriedFrom: row.carried_from }),
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
       FROM email_requests r JOIN action_plan_items i ON i.request_id = r.id ${CARRIED_FROM_JOIN}
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
  | { outcome: 'not_a_topic' }
  /** A later result was retaken from this one and holds the plan now (decision 0060): nothing changed. */
  | { outcome: 'superseded' };

/**
 * Applies one change to a request's plan: sets the topic's item to the change's status, owner and
 * target date (an owner or date left out is cleared), or removes it for `not_started`; then answers
 * the whole plan. One transaction that holds the request (FOR KEY SHARE), so an erasure or purge at
 * the same moment waits for it, or comes first and the change finds nothing: never half of each.
 *
 * A request a later result was retaken from is refused whole: that result holds the plan now, and
 * a change here would be lost to it. The check is a statement after the lock, so a retake carrying
 * this plan (carryActionPlan, which locks the request FOR UPDATE) either waits for this change and
 * carries it, or comes first and this change sees the retake and is refused.
 *
 * A change sets the item on this result, so it is no longer one carried from an earlier result.
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
    if (await hasLaterResult(tx, requestId)) return { outcome: 'superseded' };
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
                       updated_at = EXCLUDED.updated_at, carried_from_request_id = NULL`,
        [requestId, change.key, change.status, change.owner ?? null, change.targetDate ?? null],
      );
    }
    const items = await tx.query<ItemRow>(
      `SELECT ${ITEM_COLUMNS} FROM action_plan_items i ${CARRIED_FROM_JOIN} WHERE i.request_id = $1`,
      [requestId],
    );
    return { outcome: 'saved', plan: inTopicOrder(items.rows, responses) };
  });
}

/**
 * Whether a later result was retaken from this request ("Retake with these answers", or a continue
 * link of one): that result holds the plan now. Any such request counts: a later result is always
 * newer than this one, so it cannot be past the retention period while this one is not.
 */
async function hasLaterResult(db: Queryable, requestId: string): Promise<boolean> {
  const { rows } = await db.query<{ later: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM email_requests WHERE previous_request_id = $1) AS later',
    [requestId],
  );
  return rows[0]?.later === true;
}

/**
 * Starts a retake's plan with the plan of the result it was retaken from (decision 0060): each item
 * of that plan whose topic the retake still has (its own answers give its topics) is copied with its
 * status, owner, target date and when it was last set, and marked as carried from that result. Done
 * stays done; a topic the retake no longer has is not carried. Across versions of the audit's words
 * a statement's item follows its key (issue 34): to wherever the statement now sits, or nowhere when
 * its meaning is new. Answers how many items were carried:
 * 0 for a request that is no retake, whose earlier result is gone, or whose earlier plan is empty.
 *
 * Run it in a transaction, right after the request is stored: it holds a row lock (FOR UPDATE) on
 * the earlier request until the copy is made, so a change to the earlier plan at that moment is
 * either carried or refused as superseded (changeActionPlan), never lost between the two. An item the retake already
 * has is kept, so a second call changes nothing.
 */
export async function carryActionPlan(db: Queryable, requestId: string): Promise<number> {
  const { rows } = await db.query<{
    responses: unknown;
    previous_request_id: string | null;
    content_version: number;
  }>('SELECT responses, previous_request_id, content_version FROM email_requests WHERE id = $1', [requestId]);
  const retake = rows[0];
  if (!retake?.previous_request_id) return 0;
  const earlier = await db.query<{ content_version: number }>(
    'SELECT content_version FROM email_requests WHERE id = $1 FOR UPDATE',
    [retake.previous_request_id],
  );
  const earlierVersion = earlier.rows[0]?.content_version;
  if (earlierVersion === undefined) return 0;
  // Each of the retake's topics with the key its item has in the earlier result's plan.
  const topics = topicKeysOf(sanitizeResponses(retake.responses));
  const earlierKeyOf = await earlierItemKeys(db, earlierVersion, retake.content_version);
  const pairs = topics.flatMap((to) => {
    const from = earlierKeyOf(to);
    return from === undefined ? [] : [{ from, to }];
  });
  const { rowCount } = await db.query(
    `INSERT INTO action_plan_items (request_id, item_key, status, owner, target_date, updated_at,
                                    carried_from_request_id)
     SELECT $1, topic.to_key, i.status, i.owner, i.target_date, i.updated_at, i.request_id
       FROM action_plan_items i
       JOIN unnest(string_to_array($3, ','), string_to_array($4, ',')) AS topic(from_key, to_key) ON topic.from_key = i.item_key
      WHERE i.request_id = $2
     ON CONFLICT (request_id, item_key) DO NOTHING`,
    [
      requestId,
      retake.previous_request_id,
      pairs.map((p) => p.from).join(','),
      pairs.map((p) => p.to).join(','),
    ],
  );
  return rowCount;
}

/**
 * A retake's topic key as the earlier result's plan names it: the same key within one version;
 * across two, a statement's topic (`statement:<area>-<i>`) is the earlier statement with the same
 * key, wherever it sat, and none when no earlier statement had it (a new meaning). An area's topic
 * is the same in every version.
 */
async function earlierItemKeys(
  db: Queryable,
  earlierVersion: number,
  retakeVersion: number,
): Promise<(key: string) => string | undefined> {
  if (earlierVersion === retakeVersion) return (key) => key;
  const [earlier, retake] = await Promise.all([
    readVersion(db, earlierVersion),
    readVersion(db, retakeVersion),
  ]);
  if (!earlier || !retake) return () => undefined;
  return (key) => {
    const statement = /^statement:([a-z]+)-([0-4])$/.exec(key);
    if (!statement) return key;
    const [, area, index] = statement;
    const wanted = retake.content.areas.find((a) => a.id === area)?.statements[Number(index)]?.key;
    const at =
      earlier.content.areas.find((a) => a.id === area)?.statements.findIndex((s) => s.key === wanted) ?? -1;
    return at < 0 ? undefined : `statement:${area}-${at}`;
  };
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
 *
 * The counts follow the latest result (issue 32, decision 0060): a request retaken since counts
 * the plan of the newest result retaken from it, directly or along the chain, which holds the plan
 * now; its own is kept only to read. The walk forward is bounded as the history's walk back is
 * (MAX_CHAIN_STEPS), and a request retaken twice counts the newer retake's plan.
 */
export function actionPlanCountsJoin(alias: string): string {
  return `CROSS JOIN LATERAL (
    WITH RECURSIVE later (id, created_at, step) AS (
      SELECT ${alias}.id, ${alias}.created_at, 0
      UNION ALL
      SELECT r.id, r.created_at, l.step + 1
        FROM later l JOIN email_requests r ON r.previous_request_id = l.id
       WHERE l.step < ${MAX_CHAIN_STEPS}
    )
    SELECT id FROM later ORDER BY created_at DESC, step DESC LIMIT 1) plan_holder
  CROSS JOIN LATERAL (
    SELECT count(*) FILTER (WHERE p.status = 'planned')::int AS plan_planned,
           count(*) FILTER (WHERE p.status = 'in_progress')::int AS plan_in_progress,
           count(*) FILTER (WHERE p.status = 'done')::int AS plan_done,
           max(p.updated_at) AS plan_updated_at
      FROM action_plan_items p WHERE p.request_id = plan_holder.id) plan_counts`;
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
