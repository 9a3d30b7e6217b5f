import * as z from 'zod/mini';
import type { ActionPlanItem } from '../core';
import {
  ACTION_CHANGE_STATUSES,
  ACTION_PLAN_MESSAGES,
  ownerProblem,
  targetDateProblem,
} from './action-plan-rules';

export * from './action-plan-rules';

/**
 * A change to one topic of a results link's action plan (`POST /api/results/<token>/plan`): the
 * schema the server parses every change with. A change sets the topic's whole item: an owner or a
 * target date left out is no longer there. `not_started` removes the item, so it takes neither.
 * Whether the key is a topic of these results is the server's check: the priorities, and so the
 * topics, depend on the answers. Strict: a field it does not know is an error.
 */

const UNKNOWN_FIELD = 'This field is not part of a change to the action plan';

const ownerSchema = z.string({ error: ACTION_PLAN_MESSAGES.ownerInvalid }).check(
  z.trim(),
  z.superRefine((owner, context) => {
    const problem = ownerProblem(owner);
    if (problem) context.issues.push({ code: 'custom', message: problem, input: owner });
  }),
);

const targetDateSchema = z.string({ error: ACTION_PLAN_MESSAGES.targetDateInvalid }).check(
  z.superRefine((day, context) => {
    const problem = targetDateProblem(day);
    if (problem) context.issues.push({ code: 'custom', message: problem, input: day });
  }),
);

export const actionPlanChangeSchema = z
  .strictObject(
    {
      key: z.string({ error: ACTION_PLAN_MESSAGES.keyInvalid }),
      status: z.enum(ACTION_CHANGE_STATUSES, { error: ACTION_PLAN_MESSAGES.statusInvalid }),
      owner: z.optional(ownerSchema),
      targetDate: z.optional(targetDateSchema),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? UNKNOWN_FIELD : 'The change must be a JSON object',
    },
  )
  .check(
    // Nothing to attach them to: a topic not started has no item.
    z.superRefine((change, context) => {
      if (change.status !== 'not_started') return;
      for (const field of ['owner', 'targetDate'] as const) {
        if (change[field] !== undefined) {
          context.issues.push({
            code: 'custom',
            message: ACTION_PLAN_MESSAGES.nothingToAttach,
            input: change[field],
            path: [field],
          });
        }
      }
    }),
  );

export type ActionPlanChange = z.output<typeof actionPlanChangeSchema>;

/** The 200 answer to a change: the whole plan as now saved, in the topics' order. */
export interface ActionPlanSaved {
  plan: ActionPlanItem[];
}
