import type { SendMailOptions } from 'nodemailer';
import type { Queryable } from '../db/database';
import { escapeHtml as e } from '../http/escape-html';
import type { ClaimedMessage } from '../outbox/outbox-store';
import { PermanentDeliveryError, type DeliverMessage } from '../outbox/outbox-worker';
import { isSignInTokenLive } from '../team-sign-in/sign-in-tokens';
import type { MailTransport } from './mail-transport';
import { outboxEnvelope } from './envelope';
import type { RenderedEmail } from './visitor-email';

/** The page the link opens: it shows a "Sign in" button, and only pressing it (a POST) uses the token. */
export function signInLink(publicUrl: string, token: string): string {
  return `${publicUrl}/team/auth?token=${encodeURIComponent(token)}`;
}

export const SIGN_IN_SUBJECT = 'Your sign-in link for the Care Audit team workspace';

/** The e-mail with a team member's sign-in link: what it is for, how long it lasts, what to do if unasked. */
export function signInEmail(link: string): RenderedEmail {
  const text = [
    'Hello,',
    '',
    'Here is your link to sign in to the Care Audit team workspace:',
    '',
    link,
    '',
    'Open it and press "Sign in". The link works once, for 15 minutes.',
    '',
    'If you did not ask to sign in, you can ignore this e-mail: nobody can use the link without',
    'access to your mailbox, and it stops working by itself.',
    '',
    'Care Audit',
  ].join('\n');
  const font = "font-family:Arial,'Helvetica Neue',Helvetica,sans-serif";
  const html = `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(SIGN_IN_SUBJECT)}</title></head>
<body style="margin:0;padding:24px 12px;background-color:#eef2f4;${font};color:#18212d">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background-color:#ffffff;border-radius:8px">
<tr><td style="padding:32px 28px">
<p style="margin:0 0 8px;font-size:14px;color:#0f4c5c;font-weight:bold;letter-spacing:0.04em;text-transform:uppercase">Care Audit team workspace</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#18212d">Sign in</h1>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5;color:#374151">Here is your link to sign in. Open it and press &ldquo;Sign in&rdquo;.</p>
<p style="margin:0 0 24px"><a href="${e(link)}" style="display:inline-block;padding:12px 24px;background-color:#0f4c5c;color:#ffffff;font-size:16px;font-weight:bold;text-decoration:none;border-radius:6px">Open the sign-in page</a></p>
<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#374151">The link works once, for 15 minutes. If the button does not work, copy this address into your browser:</p>
<p style="margin:0 0 24px;font-size:14px;line-height:1.5;word-break:break-all"><a href="${e(link)}" style="color:#0f4c5c">${e(link)}</a></p>
<p style="margin:0;font-size:14px;line-height:1.5;color:#4b5563">If you did not ask to sign in, you can ignore this e-mail: nobody can use the link without access to your mailbox, and it stops working by itself.</p>
</td></tr>
</table>
</body>
</html>`;
  return { subject: SIGN_IN_SUBJECT, html, text };
}

function tokenOf(message: ClaimedMessage): string {
  const token = (message.payload as { token?: unknown } | null)?.token;
  if (typeof token !== 'string') throw new PermanentDeliveryError('the sign-in message carries no token');
  return token;
}

export interface SignInMailSettings {
  mailFrom: string;
  publicUrl: string;
}

/** The sign-in message from plain data: no database, no clock (the date is given). */
export function composeSignInMail(
  message: Pick<ClaimedMessage, 'id' | 'recipient'>,
  token: string,
  settings: SignInMailSettings,
  date: Date,
): SendMailOptions {
  const { subject, html, text } = signInEmail(signInLink(settings.publicUrl, token));
  return { ...outboxEnvelope(message, settings.mailFrom, date), subject, html, text };
}

/**
 * Sends `sign_in` outbox messages: gathers the token and whether it still works, then composes.
 * A link that expired (or was used, or purged) before it could be sent would only disappoint: the
 * message fails at once instead of being retried.
 */
export function signInDelivery(
  db: Queryable,
  transport: MailTransport,
  settings: SignInMailSettings,
): DeliverMessage {
  return async (message) => {
    const token = tokenOf(message);
    if (!(await isSignInTokenLive(db, token))) {
      throw new PermanentDeliveryError('the sign-in link expired before it could be sent');
    }
    await transport.send(composeSignInMail(message, token, settings, new Date()));
  };
}
