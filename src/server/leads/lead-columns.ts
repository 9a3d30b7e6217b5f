import { AREA_IDS, sanitizeProfile, type AreaId, type ServiceProfile } from '../../core';
import {
  FOLLOW_UP_STATUSES,
  type FollowUpStatus,
  type LeadContact,
  type LeadSource,
} from '../../shared/team-api';

/**
 * The columns of a lead's result, declared once (issue 32, decision 0057): for each field of a
 * stored request as the team and the webhook read it, the SQL that selects it from the request `r`
 * joined to its lead `l`, and how the driver's value becomes the field. The SELECT list
 * (leadColumnsSql), the row's type (LeadColumns) and the mapper (leadColumnsFrom) are derived from
 * this one table; the export (lead-record's CSV) and the webhook's payload take their fields from
 * LeadColumns, so a new field is one entry here. Composite fields (consent, scores, contact,
 * profile, source) are built as JSON by the database, so one entry is one field, and a part that
 * was never given is absent, never null.
 */

/** What a visitor agreed to: the exact wording they ticked and when. Null when they did not. */
export interface Consent {
  wording: string;
  givenAt: Date;
}

interface Column<T> {
  /** The SQL of the field, given the aliases of the request and of its lead. */
  sql: (r: string, l: string) => string;
  /** The field from the driver's value (a JSON object arrives parsed on both drivers). */
  read: (value: unknown) => T;
}

const column = <T>(sql: Column<T>['sql'], read: Column<T>['read']): Column<T> => ({ sql, read });

const text = (value: unknown): string => String(value);
const textOrNull = (value: unknown): string | null => (value === null ? null : String(value));
const whole = (value: unknown): number => Number(value);
const date = (value: unknown): Date => new Date(value as string | Date);

/** The parts of a JSON object that hold text, so a part never given is absent rather than null. */
function textParts(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** `json_build_object` of `parts` (field name → SQL), without the parts that are null. */
const jsonOf = (parts: Record<string, string>): string =>
  `json_strip_nulls(json_build_object(${Object.entries(parts)
    .map(([key, sql]) => `'${key}', ${sql}`)
    .join(', ')}))`;

export const LEAD_COLUMNS = {
  /** The request's own id: one record per result. */
  id: column((r) => `${r}.id`, text),
  /** The lead (the person, by mailbox) the result belongs to. */
  leadId: column((r) => `${r}.lead_id`, text),
  createdAt: column((r) => `${r}.created_at`, date),
  email: column((r) => `${r}.email`, text),
  note: column((r) => `${r}.note`, textOrNull),
  /** The consent wording the visitor ticked and when; null when they did not (then: results only). */
  consent: column(
    (r) =>
      `CASE WHEN ${r}.consent_at IS NULL THEN NULL
            ELSE json_build_object('wording', ${r}.consent_text, 'givenAt', ${r}.consent_at) END`,
    (value): Consent | null => {
      const parts = textParts(value);
      return parts.wording === undefined || parts.givenAt === undefined
        ? null
        : { wording: parts.wording, givenAt: new Date(parts.givenAt) };
    },
  ),
  scores: column(
    (r) => `json_build_object(${AREA_IDS.map((id) => `'${id}', ${r}.${id}_score`).join(', ')})`,
    (value) =>
      Object.fromEntries(
        AREA_IDS.map((id) => [id, Number((value as Record<string, unknown>)[id])]),
      ) as Record<AreaId, number>,
  ),
  overallScore: column((r) => `${r}.overall_score`, whole),
  /** Name, organisation, role and phone, given with consent only; null when none was given. */
  contact: column(
    (r) =>
      jsonOf({
        name: `${r}.contact_name`,
        organisation: `${r}.contact_organisation`,
        role: `${r}.contact_role`,
        phone: `${r}.contact_phone`,
      }),
    (value): LeadContact | null => {
      const parts = textParts(value);
      return Object.keys(parts).length === 0 ? null : parts;
    },
  ),
  /** The service type and size, each when the visitor gave it (an unknown value left out). */
  profile: column(
    (r) => jsonOf({ serviceType: `${r}.service_type`, size: `${r}.size_band` }),
    (value): ServiceProfile => sanitizeProfile(textParts(value)),
  ),
  /** The utm_* values and the referring host the visit came with (each part only when there was one). */
  source: column(
    (r) =>
      jsonOf({
        utmSource: `${r}.utm_source`,
        utmMedium: `${r}.utm_medium`,
        utmCampaign: `${r}.utm_campaign`,
        referrerHost: `${r}.referrer_host`,
      }),
    (value): LeadSource => textParts(value),
  ),
  /** The one name of the source the list filters by: utm_source, else the referring host, else "direct". */
  sourceLabel: column((r) => `${r}.source_label`, text),
  /** The team's follow-up of the lead (the person), not of this one result. */
  followUpStatus: column(
    (_r, l) => `${l}.follow_up_status`,
    (value): FollowUpStatus => FOLLOW_UP_STATUSES.find((status) => status === value) ?? 'new',
  ),
  /** The team member who owns the lead (an address from TEAM_EMAILS), or null. */
  owner: column((_r, l) => `${l}.owner_email`, textOrNull),
  /** The next follow-up day, YYYY-MM-DD (a calendar day in UK time), or null: text, since a driver makes a date a local midnight. */
  followUpOn: column((_r, l) => `to_char(${l}.follow_up_on, 'YYYY-MM-DD')`, textOrNull),
} as const;

/** A lead's result as every reader gets it, derived from LEAD_COLUMNS. */
export type LeadColumns = { [K in keyof typeof LEAD_COLUMNS]: ReturnType<(typeof LEAD_COLUMNS)[K]['read']> };

const NAMES = Object.keys(LEAD_COLUMNS) as (keyof typeof LEAD_COLUMNS)[];

/**
 * The SELECT list of LEAD_COLUMNS, each `AS "<field>"`, for a query on `email_requests` aliased `r`
 * joined to its lead `l` (LEAD_JOIN).
 */
export function leadColumnsSql(r = 'r', l = 'l'): string {
  return NAMES.map((name) => `${LEAD_COLUMNS[name].sql(r, l)} AS "${name}"`).join(',\n       ');
}

/** The join of a request `r` to its lead `l`. */
export const LEAD_JOIN = 'JOIN leads l ON l.id = r.lead_id';

/** The fields of a row selected with leadColumnsSql. */
export function leadColumnsFrom(row: Record<string, unknown>): LeadColumns {
  return Object.fromEntries(NAMES.map((name) => [name, LEAD_COLUMNS[name].read(row[name])])) as LeadColumns;
}
