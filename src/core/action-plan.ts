import type { AreaId } from './areas';
import type { Priority } from './insight';

/**
 * The action plan a care manager keeps on their private results page: each priority, and each
 * area's advice, can be marked planned, in progress or done, with an optional owner and target
 * date. The topics come from the report itself, so the page, the server and the PDF name the same.
 */

export const ACTION_STATUSES = ['planned', 'in_progress', 'done'] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

/** How each status reads on the page, in the PDF and to the team. */
export const ACTION_STATUS_LABELS: Record<ActionStatus, string> = {
  planned: 'Planned',
  in_progress: 'In progress',
  done: 'Done',
};

/** An owner is a name: the contact form’s limit for a name. */
export const ACTION_OWNER_MAX_LENGTH = 100;

/** One marked topic. A topic nobody marked has no item. */
export interface ActionPlanItem {
  /** The topic's key (actionTopicsFor): `statement:<area>-<0–4>` or `area:<area>`. */
  key: string;
  status: ActionStatus;
  /** Who is doing it: a name, trimmed, 1–100 characters. */
  owner?: string;
  /** YYYY-MM-DD; may be in the past (then it is overdue, not invalid). */
  targetDate?: string;
  /**
   * YYYY-MM-DD: the day of the earlier result this item was carried from by a retake, unchanged
   * since (decision 0060). Absent on an item set on this result, or once the earlier one is erased.
   */
  carriedFrom?: string;
}

/** Something the plan can mark: a priority (one statement) or an area's advice. */
export interface ActionTopic {
  key: string;
  kind: 'priority' | 'area';
  /** The priority's label, or the area's title. */
  title: string;
  /** The priority's next step, or the area's advice heading. */
  detail: string;
  /**
   * What the action is, in a sentence or two: the priority's next step, or the area's advice for its
   * band. An item says it wherever it is shown, so a row is never just a topic's name (issue 32).
   */
  action: string;
}

/** The topics a report offers, priorities first (in their order), then the five areas. */
export function actionTopicsFor(
  priorities: readonly Pick<Priority, 'areaId' | 'question' | 'label' | 'nextStep'>[],
  areas: readonly { id: AreaId; title: string; advice: { heading: string; text: string } }[],
): ActionTopic[] {
  return [
    ...priorities.map((priority) => ({
      key: priorityKey(priority.areaId, priority.question),
      kind: 'priority' as const,
      title: priority.label,
      detail: priority.nextStep,
      action: priority.nextStep,
    })),
    ...areas.map((area) => ({
      key: areaKey(area.id),
      kind: 'area' as const,
      title: area.title,
      detail: area.advice.heading,
      action: area.advice.text,
    })),
  ];
}

/** Every key a topic can have (the database checks the same shape). */
export const ACTION_KEY_PATTERN = /^(statement:[a-z]+-[0-4]|area:[a-z]+)$/;

export function priorityKey(areaId: AreaId, question: number): string {
  return `statement:${areaId}-${question}`;
}

export function areaKey(areaId: AreaId): string {
  return `area:${areaId}`;
}

/** A marked topic with its words, as the report prints it. */
export interface PlannedAction {
  topic: ActionTopic;
  item: ActionPlanItem;
}
