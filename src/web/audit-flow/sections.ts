import { AREAS, QUESTIONS_PER_AREA, isAreaComplete, isRating, type AreaId, type Responses } from '../../core';

/**
 * The audit's sections, as /audit-tool and a colleague's join page both ask them (the flow is
 * section-flow.ts, the screen section-form.tsx): which section an entry shows, where one can carry
 * on, and what is still unrated.
 */

/** The section a history entry of an audit page shows (its navigation state), if it names one. */
export function sectionFromState(state: unknown): number | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { section } = state as { section?: unknown };
  return Number.isInteger(section) && (section as number) >= 0 && (section as number) < AREAS.length
    ? (section as number)
    : undefined;
}

/**
 * The section to show for the one asked: never past the first section with a statement unrated,
 * since Next is only allowed once a section is complete. So a Forward, or a Back after "Retake
 * Audit" cleared the answers, lands where the visitor can carry on, not on a later section.
 */
export function sectionOnScreen(responses: Responses, asked: number): number {
  const firstIncomplete = AREAS.findIndex((area) => !isAreaComplete(responses, area.id));
  return firstIncomplete === -1 ? asked : Math.min(asked, firstIncomplete);
}

/** The numbers (1–5) of an area's statements that have no rating yet, in order. */
export function unratedStatements(responses: Responses, areaId: AreaId): number[] {
  const answers = responses[areaId] ?? {};
  return Array.from({ length: QUESTIONS_PER_AREA }, (_, index) => index)
    .filter((index) => !isRating(answers[index]))
    .map((index) => index + 1);
}
