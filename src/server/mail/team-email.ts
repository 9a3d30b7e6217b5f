import { bandFor, BANDS, type Priority, type Report, type Roadmap, type ServiceProfile } from '../../core';
import type { LeadContact, LeadSource } from '../../shared/team-api';
import type { Consent } from '../leads/lead-columns';
import { dateTime, profileLine } from './format';

/** What the team is told of one request. */
export interface TeamEmailInput {
  requestId: string;
  createdAt: Date;
  email: string;
  note: string | null;
  /** What the visitor agreed to on the form; null when they left the consent box unticked. */
  consent: Consent | null;
  /** Name, organisation, role and phone, given with consent only; null when none was given. */
  contact: LeadContact | null;
  /** Where the visit came from; {} for a direct visit. */
  source: LeadSource;
  /** The service type and size the visitor gave; {} when they skipped the question. */
  profile: ServiceProfile;
  report: Report;
}

/**
 * Whether the team may follow the request up, said so that nobody can miss it: the visitor asked
 * for their results, and only a ticked consent box lets the team contact them about anything else.
 */
function contactLines(input: TeamEmailInput): { subjectTag: string; paragraph: string; closing: string } {
  if (input.consent) {
    return {
      subjectTag: 'may contact',
      paragraph: `Consent to contact: YES. The visitor ticked "${input.consent.wording}" on ${dateTime(input.consent.givenAt)} (${input.consent.givenAt.toISOString()}).`,
      closing: 'Reply to this e-mail to write to the visitor about a free consultation.',
    };
  }
  return {
    subjectTag: 'do not contact',
    paragraph:
      'Consent to contact: NO. The visitor did not tick the consent box. Do not contact them beyond the results they asked for: no calls, no sales e-mails, no mailing list.',
    closing: 'Reply only if the note asks a question about these results, and then only to answer it.',
  };
}

/**
 * The contact details the visitor gave with consent, a line each, under the address. Without
 * consent there are none (the database refuses them), and nothing is said.
 */
function contactDetails(input: TeamEmailInput): string[] {
  if (!input.consent) return [];
  const { name, organisation, role, phone } = input.contact ?? {};
  const given: [string, string | undefined][] = [
    ['Name', name],
    ['Organisation', organisation],
    ['Role', role],
    ['Phone', phone],
  ];
  const lines = given.flatMap(([label, value]) => (value === undefined ? [] : [`${label}: ${value}`]));
  return lines.length > 0 ? lines : ['Contact details: none given beyond the address'];
}

/**
 * Where the visit came from, as the browser kept it from the visit's first page: the campaign's
 * utm_* values as they were written (for the team to match with its campaigns) and the referring
 * site's host name.
 */
export function sourceDescription(source: LeadSource): string {
  const campaign = [
    ['utm_source', source.utmSource],
    ['utm_medium', source.utmMedium],
    ['utm_campaign', source.utmCampaign],
  ].flatMap(([name, value]) => (value === undefined ? [] : [`${name} ${value}`]));
  const parts = [
    ...(campaign.length > 0 ? [campaign.join(', ')] : []),
    ...(source.referrerHost === undefined ? [] : [`referred by ${source.referrerHost}`]),
  ];
  return parts.length > 0 ? parts.join('; ') : 'direct (no campaign, no referring site)';
}

/**
 * The visitor's priorities on one line, so whoever calls back knows where to start:
 * "Checking records as they are made (1), Personalised care plans (2)".
 */
export function prioritiesLine(priorities: readonly Priority[]): string {
  if (priorities.length === 0) return 'Priorities: none (no statement rated 1 or 2)';
  return `Priorities: ${priorities.map((p) => `${p.label} (${p.rating})`).join(', ')}`;
}

/** The score from which an area is strong: the roadmap's "sustain and optimise" band, 80%. */
const STRONG_FROM = BANDS.find((band) => band.id === 'sustain')?.min ?? 80;

/**
 * The areas to start a call with: only those below 80% (an area at 80% or more is strong, and
 * calling it "weak" would contradict the visitor's own results), weakest first in the roadmap's
 * order, with their scores; or, when none is below, that none is.
 */
export function weakestAreasLine(roadmap: Roadmap): string {
  const weak = roadmap.phases
    .flatMap((phase) => phase.areas)
    .filter((area) => bandFor(area.score) !== 'sustain');
  if (weak.length === 0) return `Weakest areas: none, every area is at ${STRONG_FROM}% or more`;
  return `Weakest areas (below ${STRONG_FROM}%), weakest first: ${weak.map((a) => `${a.title} (${a.score}%)`).join(', ')}`;
}

/**
 * The team's notice of a request: the visitor's address (and, with consent, the contact details
 * they gave), whether they may be contacted, their service and where they came from, scores and
 * note, and the request's id and time. Plain text: it is read by people who may reply to the
 * visitor, not a designed e-mail.
 */
export function teamEmail(input: TeamEmailInput): { subject: string; text: string } {
  const { report } = input;
  const contact = contactLines(input);
  const areas = report.areas.map((a) => `  ${a.title}: ${a.score}% (${a.rating})`).join('\n');
  const note = input.note ? input.note.replace(/\r\n?/g, '\n') : '(none)';
  return {
    subject: `Audit request from ${input.email}: ${report.overall.score}% (${report.overall.rating}), ${contact.subjectTag}`,
    text: `A visitor asked for their audit results by e-mail.

${contact.paragraph}

Visitor: ${[input.email, ...contactDetails(input)].join('\n')}
Received: ${dateTime(input.createdAt)} (${input.createdAt.toISOString()})
Request id: ${input.requestId}

Service: ${profileLine(input.profile)}
Source: ${sourceDescription(input.source)}

Overall score: ${report.overall.score}% (${report.overall.rating})
${areas}

${weakestAreasLine(report.roadmap)}
${prioritiesLine(report.priorities)}

Note from the visitor:
${note}

${contact.closing}
`,
  };
}
