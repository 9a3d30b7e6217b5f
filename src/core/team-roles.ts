/**
 * The team audit's fixed lists and limits (PRODUCT.md part 4, "The whole team answers"), apart from
 * its figures (team-view.ts): a colleague's join page needs the roles and nothing of the
 * computation, which the results pages load with the report.
 */

/** The roles a colleague may give, in the order the form lists them. The role is optional. */
export const TEAM_ROLES = [
  'manager',
  'senior-carer-or-nurse',
  'care-worker',
  'office-or-admin',
  'other',
] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  manager: 'Manager',
  'senior-carer-or-nurse': 'Senior carer or nurse',
  'care-worker': 'Care worker',
  'office-or-admin': 'Office or admin',
  other: 'Other',
};

/**
 * The fewest respondents any combined figure is shown over: the team's view as a whole, and each
 * role apart. Under it, a median or a range could be one person's answer.
 */
export const MIN_TEAM_RESPONDENTS = 3;
/** The most colleagues one team audit takes; the 201st is refused (a replaced answer is not new). */
export const MAX_TEAM_RESPONDENTS = 200;
/** A team audit closes by itself this many days after it opened. */
export const TEAM_AUDIT_DAYS = 30;
