import { useCallback, useState } from 'react';
import { TEAM_ROLES, sanitizeResponses, type Responses, type TeamRole } from '../../../core';

/**
 * A colleague's answers while they answer, kept in this tab's sessionStorage under the join token,
 * so a reload (the bot check's "reload the page and try again", say) loses nothing. Apart from the
 * tab's own audit (audit-session.ts) on purpose: a colleague's answers for their manager's team
 * audit must never become this browser's audit, nor the other way round.
 */
export interface TeamAnswersDraft {
  responses: Responses;
  /** Left out: "Prefer not to say". */
  role?: TeamRole;
}

const storageKey = (joinToken: string) => `care-audit:team-answers:${joinToken}`;

export function isTeamRole(value: unknown): value is TeamRole {
  return (TEAM_ROLES as readonly unknown[]).includes(value);
}

function read(joinToken: string): TeamAnswersDraft {
  try {
    const parsed = JSON.parse(window.sessionStorage.getItem(storageKey(joinToken)) ?? '{}') as Record<
      string,
      unknown
    >;
    return {
      responses: sanitizeResponses(parsed.responses),
      ...(isTeamRole(parsed.role) ? { role: parsed.role } : {}),
    };
  } catch {
    // Storage blocked, or junk in it: start afresh.
    return { responses: {} };
  }
}

/** The draft for one join token, and a setter that keeps it in the tab as it changes. */
export function useTeamAnswers(joinToken: string): [TeamAnswersDraft, (next: TeamAnswersDraft) => void] {
  const [draft, setDraft] = useState(() => read(joinToken));
  const save = useCallback(
    (next: TeamAnswersDraft) => {
      setDraft(next);
      try {
        window.sessionStorage.setItem(storageKey(joinToken), JSON.stringify(next));
      } catch {
        // Refused: the answers still work, they just won't survive a reload.
      }
    },
    [joinToken],
  );
  return [draft, save];
}

/** What the "sent" history entry says: that the answers joined the team's, and whether they replaced earlier ones. */
export interface Sent {
  replaced: boolean;
}

/** The sent step a history entry of the join page shows (its navigation state), if it is one. */
export function sentFromState(state: unknown): Sent | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { sent } = state as { sent?: unknown };
  if (typeof sent !== 'object' || sent === null) return undefined;
  return { replaced: (sent as { replaced?: unknown }).replaced === true };
}
