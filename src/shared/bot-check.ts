import type { ProofOfWork } from './proof-of-work';

/**
 * The fields a form guarded against bots adds to its request, named once for the form and the
 * server. Apart from the solver (proof-of-work.ts), which the browser loads only in its worker.
 */

/** The honeypot: a field people never see or reach, which form-filling bots fill in. */
export const HONEYPOT_FIELD = 'website';
/** Where a request carries its proof of work. */
export const PROOF_FIELD = 'proof';

/** The fields a guarded form adds to its request body. */
export interface BotCheckFields {
  [HONEYPOT_FIELD]?: string;
  [PROOF_FIELD]?: ProofOfWork;
}

/** What a request that fails the bot check is told: nothing about which check, nothing is stored. */
export const BOT_CHECK_FAILED_MESSAGE =
  'This request could not be confirmed as sent from the form. Please reload the page and try again.';
