import * as z from 'zod/mini';
import { AREA_IDS, isAreaComplete, type Responses } from '../core';
import { TEAM_ROLES } from '../core/team-roles';
import { responsesSchema } from './email-request';
import { TEAM_AUDIT_MESSAGES } from './team-audit';

/**
 * `POST /api/team-audits/<joinToken>/answers`: one colleague's answers. `respondentKey` is 32 random
 * bytes in base64url the browser made for this team audit and keeps, so answering again replaces its
 * earlier answer (the server keeps only the key's hash). Every statement must be rated: the flow
 * does not let a section be left half done, and a half answer would skew the team's medians.
 * `website` and `proof` are the bot check's, checked before this schema; other unknown fields are
 * dropped, as the e-mail request drops them.
 */
export const teamAnswerSchema = z.object(
  {
    respondentKey: z
      .string({ error: TEAM_AUDIT_MESSAGES.respondentKeyInvalid })
      .check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: TEAM_AUDIT_MESSAGES.respondentKeyInvalid })),
    role: z.optional(z.enum(TEAM_ROLES, { error: TEAM_AUDIT_MESSAGES.roleInvalid })),
    responses: responsesSchema.check(
      z.refine((responses) => AREA_IDS.every((id) => isAreaComplete(responses as Responses, id)), {
        error: TEAM_AUDIT_MESSAGES.answersIncomplete,
        when: (payload) => payload.issues.length === 0,
      }),
    ),
  },
  { error: TEAM_AUDIT_MESSAGES.notObject },
);

export type TeamAnswerRequest = z.output<typeof teamAnswerSchema>;
