import {
  ACTION_KEY_PATTERN,
  ACTION_OWNER_MAX_LENGTH,
  ACTION_STATUSES,
  type ActionPlanItem,
  type ActionStatus,
} from '../../core';

// Apart from the sender (action-plan.ts), whose rules the results page loads only with the plan's
// form: the page reads the plan with its results, before that form is needed.

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The plan in an answer from the server, cleaned as any answer is: an item the page could not show
 * (an unknown status, an owner too long, a date that is not YYYY-MM-DD) is left out, and a key met
 * twice keeps its first item. The day an item was carried from is kept when it is a day. The server checks what it stores; this keeps the page's own promise.
 */
export function readActionPlan(value: unknown): ActionPlanItem[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const items: ActionPlanItem[] = [];
  for (const raw of value as unknown[]) {
    if (typeof raw !== 'object' || raw === null) continue;
    const { key, status, owner, targetDate, carriedFrom } = raw as Record<string, unknown>;
    if (typeof key !== 'string' || !ACTION_KEY_PATTERN.test(key) || seen.has(key)) continue;
    if (!ACTION_STATUSES.includes(status as ActionStatus)) continue;
    const item: ActionPlanItem = { key, status: status as ActionStatus };
    if (typeof owner === 'string') {
      const trimmed = owner.trim();
      if (trimmed.length > ACTION_OWNER_MAX_LENGTH) continue;
      if (trimmed !== '') item.owner = trimmed;
    }
    if (typeof targetDate === 'string' && DAY_PATTERN.test(targetDate)) item.targetDate = targetDate;
    // Only a note of where the item came from: one that is not a day is left out, the item kept.
    if (typeof carriedFrom === 'string' && DAY_PATTERN.test(carriedFrom)) item.carriedFrom = carriedFrom;
    seen.add(key);
    items.push(item);
  }
  return items;
}
