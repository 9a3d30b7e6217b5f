import type { SendMailOptions } from 'nodemailer';
import { AREA_IDS, AREAS, answeredCount, formatDay, QUESTIONS_PER_AREA, type Responses } from '../../core';
import { continueLink } from '../../shared/saved-audit';
import type { Queryable } from '../db/database';
import { escapeHtml as e } from '../http/escape-html';
import type { ClaimedMessage } from '../outbox/outbox-store';
import { PermanentDeliveryError, type DeliverMessage } from '../outbox/outbox-worker';
import { findContinueMailFacts, type ContinueMailFacts } from '../saved-audits/saved-audits';
import { outboxEnvelope } from './envelope';
import type { MailTransport } from './mail-transport';
import type { RenderedEmail } from './visitor-email';

export const CONTINUE_SUBJECT = 'Continue your AI care management audit';

const STATEMENTS = AREA_IDS.length * QUESTIONS_PER_AREA;

/** "section 3 of 5, Service Quality": where the audit stopped, as the audit page numbers it. */
export function stoppedAt(section: number): string {
  const area = AREAS[section];
  return `section ${section + 1} of ${AREAS.length}${area ? `, ${area.title}` : ''}`;
}

/** How many of the 25 statements have an answer. */
export function answeredStatements(responses: Responses): number {
  return AREA_IDS.reduce((sum, id) => sum + answeredCount(responses, id), 0);
}

/** What the e-mail says, from the saved audit and its link. */
export interface ContinueEmailFacts extends ContinueMailFacts {
  link: string;
}

/**
 * The e-mail with a continue link: the link, where the audit stopped and how much is answered, the
 * last day the link opens it, that it opens on any device, when the answers are deleted, and that
 * the link is the only key (so not to forward it). No attachment: there are no results yet.
 */
export function continueEmail(facts: ContinueEmailFacts): RenderedEmail {
  const answered = answeredStatements(facts.responses);
  const where = `You stopped at ${stoppedAt(facts.section)}, with ${answered} of ${STATEMENTS} statements answered.`;
  const until = formatDay(facts.expiresOn) ?? facts.expiresOn;
  const opens = `The link opens your audit where you left off, on any device, until the end of ${until} (UK time).`;
  const deleted = `Your saved answers are deleted after ${until}, or as soon as you complete the audit.`;
  const key =
    'Anyone with this link can open your saved answers, so please do not forward this e-mail or share the link.';
  const why =
    'You are receiving this e-mail because you asked to save your audit on the Care Audit website to continue later.';
  const text = [
    'Hello,',
    '',
    'Here is your link to continue your AI care management audit:',
    '',
    facts.link,
    '',
    where,
    opens,
    '',
    deleted,
    '',
    key,
    '',
    why,
    '',
    'Care Audit',
  ].join('\n');
  const font = "font-family:Arial,'Helvetica Neue',Helvetica,sans-serif";
  const paragraph = 'margin:0 0 16px;font-size:16px;line-height:1.5;color:#374151';
  const html = `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(CONTINUE_SUBJECT)}</title></head>
<body style="margin:0;padding:24px 12px;background-color:#eef2f4;${font};color:#18212d">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background-color:#ffffff;border-radius:8px">
<tr><td style="padding:32px 28px">
<p style="margin:0 0 8px;font-size:14px;color:#0f4c5c;font-weight:bold;letter-spacing:0.04em;text-transform:uppercase">Care Audit</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#18212d">Continue your audit</h1>
<p style="${paragraph}">${e(where)}</p>
<p style="margin:0 0 24px"><a href="${e(facts.link)}" style="display:inline-block;padding:12px 24px;background-color:#0f4c5c;color:#ffffff;font-size:16px;font-weight:bold;text-decoration:none;border-radius:6px">Continue your audit</a></p>
<p style="${paragraph}">${e(opens)} If the button does not work, copy this address into your browser:</p>
<p style="margin:0 0 24px;font-size:14px;line-height:1.5;word-break:break-all"><a href="${e(facts.link)}" style="color:#0f4c5c">${e(facts.link)}</a></p>
<p style="${paragraph}">${e(deleted)}</p>
<p style="${paragraph}"><strong>${e(key)}</strong></p>
<p style="margin:0;font-size:14px;line-height:1.5;color:#4b5563">${e(why)}</p>
</td></tr>
</table>
</body>
</html>`;
  return { subject: CONTINUE_SUBJECT, html, text };
}

function tokenOf(message: ClaimedMessage): string {
  const token = (message.payload as { continueToken?: unknown } | null)?.continueToken;
  // A failed message's payload is cleared; a new link would need a new save, so it is not retried.
  if (typeof token !== 'string') throw new PermanentDeliveryError('the continue message carries no link');
  return token;
}

export interface ContinueMailSettings {
  mailFrom: string;
  publicUrl: string;
}

/** The continue message from plain data: no database, no clock (the date is given). */
export function composeContinueMail(
  message: Pick<ClaimedMessage, 'id' | 'recipient'>,
  facts: ContinueEmailFacts,
  settings: ContinueMailSettings,
  date: Date,
): SendMailOptions {
  const { subject, html, text } = continueEmail(facts);
  return { ...outboxEnvelope(message, settings.mailFrom, date), subject, html, text };
}

/**
 * Sends `continue` outbox messages: gathers the saved audit the message is about, then composes.
 * A saved audit that is gone (erased, completed, expired) is not written to about: the message is
 * dropped (its row is usually gone with it already).
 */
export function continueDelivery(
  db: Queryable,
  transport: MailTransport,
  settings: ContinueMailSettings,
): DeliverMessage {
  return async (message) => {
    const token = tokenOf(message);
    const facts = await findContinueMailFacts(db, message.id);
    if (!facts) return;
    const link = continueLink(settings.publicUrl, token);
    await transport.send(composeContinueMail(message, { ...facts, link }, settings, new Date()));
  };
}
