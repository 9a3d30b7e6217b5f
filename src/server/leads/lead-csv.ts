import { AREAS } from '../../core';
import type { LeadRecord, MessageDelivery } from './lead-records';
import type { CsvValue } from '../http/csv';

const DELIVERY_FIELDS = ['status', 'attempts', 'last_error', 'sent_at'] as const;

/**
 * The export's columns, for the CLI's export and the workspace's download alike. Area scores are
 * headed by the titles the team sees in the reports and e-mails (in the audit's order); the rest
 * are named like the database columns they come from. New columns go at the end, so a sheet or
 * script that reads the earlier ones by position keeps working.
 */
export const LEAD_CSV_HEADER: readonly string[] = [
  'id',
  'created_at',
  'email',
  'note',
  // "yes" only when the visitor ticked the consent box: then the wording and time they ticked it.
  'may_contact',
  'consent_wording',
  'consent_given_at',
  ...AREAS.map((area) => area.title),
  'overall_score',
  ...DELIVERY_FIELDS.map((field) => `visitor_message_${field}`),
  ...DELIVERY_FIELDS.map((field) => `team_message_${field}`),
  // Where the team's follow-up stands (new, contacted, qualified, closed): a CRM import wants it.
  'follow_up_status',
  // The lead desk: who the lead is (given with consent only), their service, where the visit came
  // from (and the one source name the workspace filters by), and who follows it up and when.
  'contact_name',
  'contact_organisation',
  'contact_role',
  'contact_phone',
  'service_type',
  'size_band',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'referrer_host',
  'source',
  'owner',
  'follow_up_on',
  // How far the action plan on the lead's results page has got: topics at each status (counts only).
  'action_plan_planned',
  'action_plan_in_progress',
  'action_plan_done',
];

function deliveryValues(delivery: MessageDelivery | undefined): CsvValue[] {
  if (!delivery) return DELIVERY_FIELDS.map(() => null);
  return [delivery.status, delivery.attempts, delivery.lastError, delivery.sentAt];
}

/** One request's values, in LEAD_CSV_HEADER's order. */
export function leadCsvValues(record: LeadRecord): CsvValue[] {
  return [
    record.id,
    record.createdAt,
    record.email,
    record.note,
    record.consent ? 'yes' : 'no',
    record.consent?.wording ?? null,
    record.consent?.givenAt ?? null,
    ...AREAS.map((area) => record.scores[area.id]),
    record.overallScore,
    ...deliveryValues(record.visitorMessage),
    ...deliveryValues(record.teamMessage),
    record.followUpStatus,
    record.contact?.name,
    record.contact?.organisation,
    record.contact?.role,
    record.contact?.phone,
    record.profile.serviceType,
    record.profile.size,
    record.source.utmSource,
    record.source.utmMedium,
    record.source.utmCampaign,
    record.source.referrerHost,
    record.sourceLabel,
    record.owner,
    record.followUpOn,
    record.actionPlan.planned,
    record.actionPlan.inProgress,
    record.actionPlan.done,
  ];
}
