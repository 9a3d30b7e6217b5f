import { AREAS } from '../../core';
import {
  MESSAGE_STATUS_LABELS,
  serviceTypeLabel,
  sizeLabel,
  sourceLabel,
  STATUS_LABELS,
} from '../../shared/lead-words';
import { ukDateTimeText } from '../../shared/uk-time';
import type { CsvValue } from '../http/csv';
import type { LeadRecord, MessageDelivery } from './lead-records';

/**
 * The export's columns, for the CLI's export and the workspace's download alike, written for a
 * person opening the file in Excel (decision 0067): a header in words, a coded value in the words
 * the workspace shows (lead-words.ts), a time as UK clocks read it in a form Excel takes for a date
 * and time ("2026-11-28 14:05", the header saying "UK time"), a day as YYYY-MM-DD, a score as a
 * number. The file starts with a UTF-8 byte order mark (LEAD_CSV_BOM), without which Excel reads
 * "25–99" or a name with an accent as Windows-1252.
 *
 * One entry per column, in the file's order: its header and how a result (a LeadRecord, whose
 * fields are LEAD_COLUMNS, lead-columns.ts) gives its value. New columns go at the end, so a sheet or script that reads the earlier ones by position keeps working. Text
 * from the visitor is guarded against formula injection when written (http/csv.ts).
 */
interface LeadCsvColumn {
  header: string;
  value: (lead: LeadRecord) => CsvValue;
}

/** Excel opens a CSV as UTF-8 only when it starts with this. */
export const LEAD_CSV_BOM = '\uFEFF';

const ukTime = (moment: Date | null | undefined): string | null => (moment ? ukDateTimeText(moment) : null);

const yesNo = (yes: boolean): string => (yes ? 'Yes' : 'No');

/** The four columns of one e-mail's delivery; all empty when it was never queued. */
function deliveryColumns(
  name: string,
  delivery: (lead: LeadRecord) => MessageDelivery | undefined,
): LeadCsvColumn[] {
  return [
    {
      header: `${name}: status`,
      value: (l) => mapDefined(delivery(l), (d) => MESSAGE_STATUS_LABELS[d.status]),
    },
    { header: `${name}: attempts`, value: (l) => delivery(l)?.attempts },
    { header: `${name}: last error`, value: (l) => delivery(l)?.lastError },
    { header: `${name}: sent (UK time)`, value: (l) => ukTime(delivery(l)?.sentAt) },
  ];
}

function mapDefined<T, U>(value: T | undefined, map: (value: T) => U): U | undefined {
  return value === undefined ? undefined : map(value);
}

export const LEAD_CSV_COLUMNS: readonly LeadCsvColumn[] = [
  { header: 'Request ID', value: (l) => l.id },
  // One row per result; the lead (the person, by mailbox) it belongs to, whose id is its first request's.
  { header: 'Lead ID', value: (l) => l.leadId },
  { header: 'Received (UK time)', value: (l) => ukTime(l.createdAt) },
  { header: 'Email', value: (l) => l.email },
  { header: 'Note', value: (l) => l.note },
  // "Yes" only when the visitor ticked the consent box: then the wording and time they ticked it.
  { header: 'Consent to contact', value: (l) => yesNo(l.consent !== null) },
  { header: 'Consent wording', value: (l) => l.consent?.wording },
  { header: 'Consent given (UK time)', value: (l) => ukTime(l.consent?.givenAt) },
  // Area scores, headed by the titles the team sees in the reports and e-mails, in the audit's order.
  ...AREAS.map((area): LeadCsvColumn => ({ header: `${area.title} (%)`, value: (l) => l.scores[area.id] })),
  { header: 'Overall score (%)', value: (l) => l.overallScore },
  ...deliveryColumns('Results e-mail', (l) => l.visitorMessage),
  ...deliveryColumns('Team e-mail', (l) => l.teamMessage),
  // Where the team's follow-up stands (New, Contacted, Qualified, Closed): a CRM import wants it.
  { header: 'Status', value: (l) => STATUS_LABELS[l.followUpStatus] },
  // The lead desk: who the lead is (given with consent only), their service, where the visit came
  // from (and the one source name the workspace filters by), and who follows it up and when.
  { header: 'Name', value: (l) => l.contact?.name },
  { header: 'Organisation', value: (l) => l.contact?.organisation },
  { header: 'Role', value: (l) => l.contact?.role },
  { header: 'Phone', value: (l) => l.contact?.phone },
  { header: 'Service type', value: (l) => mapDefined(l.profile.serviceType, serviceTypeLabel) },
  { header: 'Size', value: (l) => mapDefined(l.profile.size, sizeLabel) },
  { header: 'UTM source', value: (l) => l.source.utmSource },
  { header: 'UTM medium', value: (l) => l.source.utmMedium },
  { header: 'UTM campaign', value: (l) => l.source.utmCampaign },
  { header: 'Referring site', value: (l) => l.source.referrerHost },
  { header: 'Source', value: (l) => sourceLabel(l.sourceLabel) },
  { header: 'Owner', value: (l) => l.owner },
  { header: 'Next follow-up', value: (l) => l.followUpOn },
  // How far the action plan on the lead's results page has got: topics at each status (counts only).
  { header: 'Action plan: planned', value: (l) => l.actionPlan.planned },
  { header: 'Action plan: in progress', value: (l) => l.actionPlan.inProgress },
  { header: 'Action plan: done', value: (l) => l.actionPlan.done },
];

export const LEAD_CSV_HEADER: readonly string[] = LEAD_CSV_COLUMNS.map((column) => column.header);

/** One request's values, in LEAD_CSV_HEADER's order. */
export function leadCsvValues(record: LeadRecord): CsvValue[] {
  return LEAD_CSV_COLUMNS.map((column) => column.value(record));
}
