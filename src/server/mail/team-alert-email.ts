import type { SendMailOptions } from 'nodemailer';
import { AREAS, ratingFor } from '../../core';
import { DIRECT_SOURCE } from '../../shared/team-api';
import { escapeHtml as e } from '../http/escape-html';
import type { LeadGlance } from '../leads/lead-glance';
import type { WaitingLead } from '../leads/waiting-leads';
import { outboxEnvelope } from './envelope';
import { dateTime, profileLine, weekdayDay, weekdayTime } from './format';
import type { LeadAlertFacts, LeadDigestFacts } from './team-alert-facts';
import { changeLine, type RenderedEmail } from './visitor-email';

/*
 * A team member's lead alert and daily digest: pure functions from gathered facts (team-alert-facts.ts)
 * to the message, no database and no clock. They say what helps decide whether to open a lead
 * (score, service, source, consent) and link to it in the workspace, where signing in shows the
 * rest. No address, name, phone or note: a mailbox keeps them after the lead is erased or expires.
 */

/** What the team's alerts take from the configuration. */
export interface TeamAlertSettings {
  mailFrom: string;
  /** The site's own address (PUBLIC_URL): the workspace's links start with it. */
  publicUrl: string;
}

/** The lead's page in the team workspace (signing in is asked first). */
export function leadLink(publicUrl: string, id: string): string {
  return `${publicUrl}/team/leads/${encodeURIComponent(id)}`;
}

/** The workspace's list of leads (its first page, newest first: /team, not /team/leads, which is no page). */
export function leadsListLink(publicUrl: string): string {
  return `${publicUrl}/team`;
}

/** The workspace's list filtered to the leads waiting for a first contact (the list's own filter). */
export function waitingLeadsLink(publicUrl: string): string {
  return `${leadsListLink(publicUrl)}?waiting=true`;
}

/** The workspace's "Your alerts" page, where a member changes how they hear of leads. */
export function alertsLink(publicUrl: string): string {
  return `${publicUrl}/team/alerts`;
}

/** "66% (Good)". */
function scoreLine(lead: Pick<LeadGlance, 'overallScore'>): string {
  return `${lead.overallScore}% (${ratingFor(lead.overallScore)})`;
}

/** The source as the list shows it; "direct" explained, since it is not a site's name. */
function sourceLine(lead: LeadGlance): string {
  return lead.source === DIRECT_SOURCE ? 'direct (no campaign, no referring site)' : lead.source;
}

function consentLine(lead: LeadGlance): string {
  return lead.consent ? 'yes' : 'no (send the results only, nothing else)';
}

/** A lead's facts as label and value, in the order both the text and the HTML show them. */
function glanceRows(lead: LeadGlance): [string, string][] {
  return [
    ['Overall score', scoreLine(lead)],
    ['Service', profileLine(lead.profile)],
    ['Source', sourceLine(lead)],
    ['Consent to contact', consentLine(lead)],
    ['Received', dateTime(lead.createdAt)],
  ];
}

const FONT = "font-family:Arial,'Helvetica Neue',Helvetica,sans-serif";

/** The plain frame of the team's alert e-mails, as the sign-in e-mail has it. */
function htmlPage(title: string, heading: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(title)}</title></head>
<body style="margin:0;padding:24px 12px;background-color:#eef2f4;${FONT};color:#18212d">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background-color:#ffffff;border-radius:8px">
<tr><td style="padding:32px 28px">
<p style="margin:0 0 8px;font-size:14px;color:#0f4c5c;font-weight:bold;letter-spacing:0.04em;text-transform:uppercase">Care Audit team workspace</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#18212d">${e(heading)}</h1>
${body}
</td></tr>
</table>
</body>
</html>`;
}

function htmlFacts(lead: LeadGlance): string {
  const rows = glanceRows(lead)
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="padding:4px 12px 4px 0;text-align:left;font-weight:normal;color:#4b5563;vertical-align:top">${e(label)}</th><td style="padding:4px 0;color:#18212d">${e(value)}</td></tr>`,
    )
    .join('\n');
  return `<table style="margin:0 0 24px;font-size:15px;line-height:1.4;border-collapse:collapse">\n${rows}\n</table>`;
}

function htmlButton(href: string, label: string): string {
  return `<p style="margin:0 0 24px"><a href="${e(href)}" style="display:inline-block;padding:12px 24px;background-color:#0f4c5c;color:#ffffff;font-size:16px;font-weight:bold;text-decoration:none;border-radius:6px">${e(label)}</a></p>`;
}

function htmlSmall(text: string, href: string): string {
  return `<p style="margin:0;font-size:14px;line-height:1.5;color:#4b5563">${e(text)} <a href="${e(href)}" style="color:#0f4c5c">${e(href)}</a></p>`;
}

/**
 * What an alert says before the facts, by whether the visitor agreed to be contacted. A request
 * without consent is no lead: its subject and first line say so, and that it is not to be followed
 * up, so no one reads "New lead" and calls (issue 32, decision 0068).
 */
function alertWording(lead: LeadGlance) {
  if (lead.consent && lead.previous) {
    // A person who came back: one lead still, with its owner and status; the change says why to look.
    return {
      subject: `Returning lead on Care Audit: ${scoreLine(lead)}, was ${lead.previous.overallScore}%`,
      heading: 'A lead came back with a new result',
      opening: `A returning lead: someone the desk already has took the audit again (last on ${dateTime(lead.previous.createdAt)}). Same lead, same owner and status.`,
      open: 'Open the lead',
      change:
        'You get this e-mail for each new lead and each return. To get a daily digest at 08:00 instead, or no e-mails, choose on “Your alerts” in the team workspace:',
    };
  }
  if (lead.consent) {
    return {
      subject: `New lead on Care Audit: ${scoreLine(lead)}`,
      heading: 'A new lead has arrived',
      opening: 'A new lead has arrived.',
      open: 'Open the lead',
      change:
        'You get this e-mail for each new lead. To get a daily digest at 08:00 instead, or no e-mails, choose on “Your alerts” in the team workspace:',
    };
  }
  return {
    subject: `Results request on Care Audit, no consent to contact: do not follow up (${scoreLine(lead)})`,
    heading: 'Results request: do not follow up',
    opening: `${NO_CONSENT_SENTENCE} Do not follow it up.`,
    open: 'Open the request',
    change:
      'You get this e-mail because you chose to hear of results requests without consent too. To stop, untick that choice on “Your alerts” in the team workspace:',
  };
}

/**
 * For a returning person, what changed since their result before this one: the overall score and
 * every area, unchanged ones too, as the visitor's own e-mail says it ("Service Quality: 56% → 52%
 * (−4)"). Undefined for a first result.
 */
function changedSinceLast(lead: LeadGlance): { heading: string; lines: string[] } | undefined {
  const previous = lead.previous;
  if (!previous) return undefined;
  return {
    heading: `What changed since their last result (${dateTime(previous.createdAt)}):`,
    lines: [
      changeLine('Overall score', lead.overallScore, lead.overallScore - previous.overallScore),
      ...AREAS.map((area) =>
        changeLine(area.title, lead.scores[area.id], lead.scores[area.id] - previous.scores[area.id]),
      ),
    ],
  };
}

function htmlChanges(changed: { heading: string; lines: string[] }): string {
  const items = changed.lines.map((line) => `<li style="margin:0 0 4px">${e(line)}</li>`).join('\n');
  return `<p style="margin:0 0 8px;font-size:15px;font-weight:bold;color:#18212d">${e(changed.heading)}</p>
<ul style="margin:0 0 24px;padding-left:20px;font-size:15px;line-height:1.4;color:#18212d">\n${items}\n</ul>\n`;
}

/** What a results request without consent is, said the same in the alert and the digest. */
const NO_CONSENT_SENTENCE =
  'A visitor asked for their results by e-mail but did not agree to be contacted: this is a results request, not a lead.';

/**
 * The alert of one request as it comes, to a member who chose an e-mail for each lead (the
 * default): a new lead, or, to a member who also chose to hear of those, a results request without
 * consent, not to be followed up.
 */
export function leadAlertEmail(lead: LeadGlance, publicUrl: string): RenderedEmail {
  const link = leadLink(publicUrl, lead.id);
  const { subject, heading, opening, open, change } = alertWording(lead);
  const changed = changedSinceLast(lead);
  const text = [
    opening,
    '',
    ...glanceRows(lead).map(([label, value]) => `${label}: ${value}`),
    '',
    ...(changed ? [changed.heading, ...changed.lines.map((line) => `- ${line}`), ''] : []),
    `${open} in the team workspace (you will be asked to sign in):`,
    link,
    '',
    change,
    alertsLink(publicUrl),
    '',
    'Care Audit',
  ].join('\n');
  const html = htmlPage(
    subject,
    heading,
    `${lead.consent && !lead.previous ? '' : `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#374151">${e(opening)}</p>\n`}${htmlFacts(lead)}
${changed ? htmlChanges(changed) : ''}${htmlButton(link, open)}
<p style="margin:0 0 24px;font-size:14px;line-height:1.5;word-break:break-all">You will be asked to sign in. <a href="${e(link)}" style="color:#0f4c5c">${e(link)}</a></p>
${htmlSmall(change, alertsLink(publicUrl))}`,
  );
  return { subject, html, text };
}

/** "1 new lead", "3 new leads". */
function leadCount(total: number): string {
  return `${total} new lead${total === 1 ? '' : 's'}`;
}

/** What the digest says of one lead besides its score: "Home care, Under 25 people supported · source: google · consent: yes". */
function digestDetails(lead: LeadGlance): string {
  return [
    profileLine(lead.profile),
    `source: ${lead.source}`,
    `consent: ${lead.consent ? 'yes' : 'no'}`,
  ].join(' · ');
}

/** "1 results request", "3 results requests". */
function requestCount(total: number): string {
  return `${total} results request${total === 1 ? '' : 's'}`;
}

/** The digest's heading above the requests without consent, and what it says of them. */
export const NO_CONSENT_HEADING = 'Results requests without consent: do not follow up';
const NO_CONSENT_DIGEST_NOTE =
  'These visitors asked for their results by e-mail but did not agree to be contacted. They are not leads: do not follow them up.';

/** One listed lead as text: its number and line, and its link below. */
function textItem(index: number, line: string, href: string): string[] {
  return [`${index + 1}. ${line}`, `   ${href}`];
}

/** One listed request as text: its number, score and details, and its link below. */
function digestTextItem(publicUrl: string, lead: LeadGlance, index: number): string[] {
  return textItem(index, `${scoreLine(lead)} · ${digestDetails(lead)}`, leadLink(publicUrl, lead.id));
}

/** A numbered list of leads, each its linked title and a line of details below. */
function htmlList(items: readonly { href: string; title: string; details: string }[]): string {
  const lines = items
    .map(
      ({ href, title, details }) =>
        `<li style="margin:0 0 12px"><a href="${e(href)}" style="color:#0f4c5c;font-weight:bold">${e(title)}</a><br>${e(details)}</li>`,
    )
    .join('\n');
  return `<ol style="margin:0 0 24px;padding-left:24px;font-size:15px;line-height:1.4">\n${lines}\n</ol>`;
}

function digestHtmlList(publicUrl: string, leads: readonly LeadGlance[]): string {
  return htmlList(
    leads.map((lead) => ({
      href: leadLink(publicUrl, lead.id),
      title: scoreLine(lead),
      details: digestDetails(lead),
    })),
  );
}

/** "…and 3 more, listed in the team workspace:" and its link, in a paragraph of its own. */
function htmlMore(sentence: string, href: string): string {
  return `<p style="margin:0 0 24px;font-size:15px;line-height:1.5">${e(sentence)} <a href="${e(href)}" style="color:#0f4c5c">${e(href)}</a></p>\n`;
}

function htmlHeading(text: string): string {
  return `<h2 style="margin:0 0 8px;font-size:18px;line-height:1.3;color:#18212d">${e(text)}</h2>`;
}

function htmlParagraph(text: string): string {
  return `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#374151">${e(text)}</p>`;
}

/** The heading the waiting leads head a digest under, and the one the new leads then come under. */
export const WAITING_HEADING = 'Waiting for a first contact';
const NEW_LEADS_HEADING = 'New leads';

/** "2 waiting". */
function waitingCount(total: number): string {
  return `${total} waiting`;
}

/** What a digest says above its waiting leads, as at `moment` (its period's end). */
function waitingIntro(total: number, moment: Date): string {
  const leads =
    total === 1 ? '1 lead asked to be contacted and has' : `${total} leads asked to be contacted and have`;
  return `${leads} had no first contact within one working day, as at ${weekdayTime(moment)} (UK time). The longest wait first:`;
}

/** A waiting lead's title and details: "Waiting since Friday 23 October at 17:00", "66% (Good) · owner: nobody". */
function waitingItem(lead: WaitingLead): { title: string; details: string } {
  return {
    title: `Waiting since ${weekdayTime(lead.waitingSince)}`,
    details: `${scoreLine(lead)} · owner: ${lead.owner ?? 'nobody'}`,
  };
}

/** The digest's head when leads wait: its parts in text and HTML, both in the same order. */
function waitingSection(
  publicUrl: string,
  waiting: { leads: readonly WaitingLead[]; total: number },
  moment: Date,
): { text: string[]; html: string } {
  const intro = waitingIntro(waiting.total, moment);
  const items = waiting.leads.map((lead) => ({ href: leadLink(publicUrl, lead.id), ...waitingItem(lead) }));
  const unlisted = waiting.total - waiting.leads.length;
  const more = unlisted > 0 ? `…and ${unlisted} more waiting, listed in the team workspace:` : undefined;
  const text = [
    WAITING_HEADING,
    '',
    intro,
    '',
    ...items.flatMap(({ href, title, details }, index) => textItem(index, `${title} · ${details}`, href)),
    ...(more ? ['', `${more} ${waitingLeadsLink(publicUrl)}`] : []),
    '',
    NEW_LEADS_HEADING,
    '',
  ];
  const html = `${htmlHeading(WAITING_HEADING)}
${htmlParagraph(intro)}
${items.length > 0 ? `${htmlList(items)}\n` : ''}${more ? htmlMore(more, waitingLeadsLink(publicUrl)) : ''}${htmlHeading(NEW_LEADS_HEADING)}
`;
  return { text, html };
}

/** What each link of a digest opens, said once. */
const LINKS_NOTE = 'Each link opens the lead in the team workspace (you will be asked to sign in).';

/**
 * The daily digest: headed, when some leads wait for a first contact at the period's end, by those
 * (up to DIGEST_WAITING_MAX_LISTED, the longest wait first, then how many more, linked to the
 * list's waiting filter); then how many leads the period holds, each listed (up to
 * DIGEST_MAX_LISTED) with its line and link, and how many more the workspace has; then, for a
 * member who chose them, the results requests without consent apart, under a heading saying not to
 * follow them up. With no lead waiting it is as it was before waiting leads headed it.
 */
export function leadDigestEmail(
  facts: Pick<LeadDigestFacts, 'period' | 'leads' | 'total' | 'withoutConsent' | 'waiting'>,
  publicUrl: string,
): RenderedEmail {
  const { period, leads, total, withoutConsent } = facts;
  // Named in the subject only when there are some: "0 results requests" or "0 waiting" would be noise.
  const requests = withoutConsent && withoutConsent.total > 0 ? withoutConsent : undefined;
  const waiting = facts.waiting && facts.waiting.total > 0 ? facts.waiting : undefined;
  const counted = `${waiting ? `${waitingCount(waiting.total)}, ` : ''}${leadCount(total)}`;
  const subject = `Care Audit daily digest for ${weekdayDay(period.to)}: ${counted}${
    requests ? `, ${requestCount(requests.total)} not to follow up` : ''
  }`;
  const head = waiting ? waitingSection(publicUrl, waiting, period.to) : undefined;
  const span = `from ${weekdayTime(period.from)} to ${weekdayTime(period.to)} (UK time)`;
  const intro = `${leadCount(total)} arrived ${span}.`;
  const unlistedLeads = total - leads.length;
  const unlistedRequests = requests ? requests.total - requests.requests.length : 0;
  const unlisted = unlistedLeads + unlistedRequests;
  const more = unlisted > 0 ? `…and ${unlisted} more, listed in the team workspace:` : undefined;
  const change =
    'You get this digest every day at 08:00 when there are new or waiting leads. To get an e-mail for each lead instead, or no e-mails, choose on “Your alerts” in the team workspace:';
  const requestsText = requests
    ? [
        '',
        NO_CONSENT_HEADING,
        '',
        `${requestCount(requests.total)} arrived ${span}. ${NO_CONSENT_DIGEST_NOTE}`,
        '',
        ...requests.requests.flatMap((lead, index) => digestTextItem(publicUrl, lead, index)),
      ]
    : [];
  const text = [
    ...(head?.text ?? []),
    intro,
    ...(leads.length > 0
      ? ['', ...leads.flatMap((lead, index) => digestTextItem(publicUrl, lead, index))]
      : []),
    ...requestsText,
    ...(more ? ['', `${more} ${leadsListLink(publicUrl)}`] : []),
    '',
    LINKS_NOTE,
    '',
    change,
    alertsLink(publicUrl),
    '',
    'Care Audit',
  ].join('\n');
  const requestsHtml = requests
    ? `${htmlHeading(NO_CONSENT_HEADING)}
${htmlParagraph(`${requestCount(requests.total)} arrived ${span}. ${NO_CONSENT_DIGEST_NOTE}`)}
${requests.requests.length > 0 ? `${digestHtmlList(publicUrl, requests.requests)}\n` : ''}`
    : '';
  // Without waiting leads, the first paragraph says what the links open; with them, a paragraph
  // of its own says so above both lists.
  const opening = head
    ? `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#374151">${e(LINKS_NOTE)}</p>
${head.html}${htmlParagraph(intro)}`
    : `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#374151">${e(intro)} ${e(LINKS_NOTE)}</p>`;
  const html = htmlPage(
    subject,
    counted,
    `${opening}
${leads.length > 0 ? `${digestHtmlList(publicUrl, leads)}\n` : ''}${requestsHtml}${more ? htmlMore(more, leadsListLink(publicUrl)) : ''}${htmlSmall(change, alertsLink(publicUrl))}`,
  );
  return { subject, html, text };
}

/** The alert as nodemailer sends it, with the outbox message's stable Message-ID. */
export function composeLeadAlertMail(
  facts: LeadAlertFacts,
  settings: TeamAlertSettings,
  date: Date,
): SendMailOptions {
  const { subject, html, text } = leadAlertEmail(facts.lead, settings.publicUrl);
  return { ...outboxEnvelope(facts.message, settings.mailFrom, date), subject, html, text };
}

/** The digest as nodemailer sends it, with the outbox message's stable Message-ID. */
export function composeLeadDigestMail(
  facts: LeadDigestFacts,
  settings: TeamAlertSettings,
  date: Date,
): SendMailOptions {
  const { subject, html, text } = leadDigestEmail(facts, settings.publicUrl);
  return { ...outboxEnvelope(facts.message, settings.mailFrom, date), subject, html, text };
}
