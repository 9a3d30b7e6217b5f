import type { SendMailOptions } from 'nodemailer';
import { buildReport, reportFileName, type Report } from '../../core';
import { bookingLinkFor, bookingPersonOf, type BookingPerson } from '../../shared/booking-link';
import { resultsLink } from '../../shared/results-link';
import type { Config } from '../config';
import { outboxEnvelope } from './envelope';
import type { StoredEmailRequest } from '../leads/email-requests';
import type { TeamMailFacts, VisitorMailFacts } from './request-mail-facts';
import { teamEmail } from './team-email';
import { visitorEmail } from './visitor-email';

/** What a request's e-mails take from the configuration. */
export interface RequestMailSettings {
  mailFrom: string;
  links: Config['links'];
  /** The site's own address (PUBLIC_URL), for the results link. */
  publicUrl: string;
}

/*
 * Pure functions from gathered facts (request-mail-facts.ts) to the message nodemailer sends: no
 * database, no clock (the date is given), no PDF renderer (the rendered PDF is given), so a test
 * composes any message from plain data.
 */

/**
 * The team's e-mail: the request, the contact details given with consent, the service and the
 * source, the visitor's note and scores; replies go to the visitor.
 */
export function composeTeamMail(
  facts: TeamMailFacts,
  settings: RequestMailSettings,
  date: Date,
): SendMailOptions {
  const { request } = facts;
  const { subject, text } = teamEmail({
    requestId: request.id,
    createdAt: request.createdAt,
    email: request.email,
    note: request.note,
    consent: request.consent,
    contact: request.contact,
    source: request.source,
    profile: request.profile,
    report: buildReport(request.responses, request.createdAt, { content: facts.content }),
  });
  return { ...outboxEnvelope(facts.message, settings.mailFrom, date), subject, text, replyTo: request.email };
}

/**
 * The report the visitor's e-mail and its PDF show: the request's answers, with the comparison and,
 * for a retake, the change since the earlier result and the chain's progress.
 */
export function visitorMailReport(facts: VisitorMailFacts): Report {
  const { benchmark, earlier, history, content } = facts;
  return buildReport(facts.request.responses, facts.request.createdAt, {
    benchmark,
    earlier,
    history,
    content,
  });
}

/**
 * Who the visitor's booking link (in the e-mail and its PDF) is filled in for: the address the
 * request went to and the name given with it, only when the visitor ticked the consent box.
 */
export function visitorBookingPerson(
  request: Pick<StoredEmailRequest, 'email' | 'consent' | 'contact'>,
): BookingPerson | null {
  return bookingPersonOf({
    email: request.email,
    consented: request.consent !== null,
    name: request.contact?.name,
  });
}

/**
 * The visitor's e-mail: the report, the results link and the PDF, never the note. Its booking
 * link is filled in as the PDF's is (visitorBookingPerson).
 */
export function composeVisitorMail(
  facts: VisitorMailFacts,
  report: Report,
  pdf: Uint8Array,
  settings: RequestMailSettings,
  date: Date,
): SendMailOptions {
  const { subject, html, text } = visitorEmail(report, {
    bookingUrl: bookingLinkFor(settings.links.bookingUrl, visitorBookingPerson(facts.request)),
    contactEmail: settings.links.contactEmail,
    consented: facts.request.consent !== null,
    resultsUrl: resultsLink(settings.publicUrl, facts.resultsToken),
  });
  return {
    ...outboxEnvelope(facts.message, settings.mailFrom, date),
    subject,
    html,
    text,
    attachments: [
      {
        filename: reportFileName(report.generatedAt),
        content: Buffer.from(pdf),
        contentType: 'application/pdf',
      },
    ],
  };
}
