import type { Priority, Report } from '../../core';
import type { Consent } from '../leads/email-requests';
import { dateTime } from './format';

/** What the team is told of one request. */
export interface TeamEmailInput {
  requestId: string;
  createdAt: Date;
  email: string;
  note: string | null;
  /** What the visitor agreed to on the form; null when they left the consent box unticked. */
  consent: Consent | null;
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
 * The visitor's priorities on one line, so whoever calls back knows where to start:
 * "Checking records as they are made (1), Personalised care plans (2)".
 */
export function prioritiesLine(priorities: readonly Priority[]): string {
  if (priorities.length === 0) return 'Priorities: none (no statement rated 1 or 2)';
  return `Priorities: ${priorities.map((p) => `${p.label} (${p.rating})`).join(', ')}`;
}

/**
 * The team's notice of a request: the visitor's address, whether they may be contacted, scores and
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

Visitor: ${input.email}
Received: ${dateTime(input.createdAt)} (${input.createdAt.toISOString()})
Request id: ${input.requestId}

Overall score: ${report.overall.score}% (${report.overall.rating})
${areas}

Weakest areas first: ${report.roadmap.phases
      .flatMap((phase) => phase.areas)
      .map((a) => a.title)
      .join(', ')}
${prioritiesLine(report.priorities)}

Note from the visitor:
${note}

${contact.closing}
`,
  };
}
