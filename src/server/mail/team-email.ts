import type { Report } from '../../core';
import { dateTime } from './format';

/** What the team is told of one request. */
export interface TeamEmailInput {
  requestId: string;
  createdAt: Date;
  email: string;
  note: string | null;
  report: Report;
}

/**
 * The team's notice of a request: the visitor's address, scores and note, and the request's id and
 * time. Plain text: it is read by people who will reply to the visitor, not a designed e-mail.
 */
export function teamEmail(input: TeamEmailInput): { subject: string; text: string } {
  const { report } = input;
  const areas = report.areas.map((a) => `  ${a.title}: ${a.score}% (${a.rating})`).join('\n');
  const note = input.note ? input.note.replace(/\r\n?/g, '\n') : '(none)';
  return {
    subject: `Audit request from ${input.email}: ${report.overall.score}% (${report.overall.rating})`,
    text: `A visitor asked for their audit results by e-mail.

Visitor: ${input.email}
Received: ${dateTime(input.createdAt)} (${input.createdAt.toISOString()})
Request id: ${input.requestId}

Overall score: ${report.overall.score}% (${report.overall.rating})
${areas}

Weakest areas first: ${report.roadmap
      .flatMap((phase) => phase.areas)
      .map((a) => a.title)
      .join(', ')}

Note from the visitor:
${note}

Reply to this e-mail to write to the visitor.
`,
  };
}
