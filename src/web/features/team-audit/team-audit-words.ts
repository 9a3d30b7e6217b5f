import {
  AREAS,
  MIN_TEAM_RESPONDENTS,
  QUESTIONS_PER_AREA,
  TOO_FEW_REASON,
  colleagues,
  formatDay,
  respondents,
} from '../../../core';
import { ukDay } from '../../../shared/uk-day';

/** The words of "Ask your team" on the private results page (PRODUCT.md part 4). */

export const TEAM_SECTION_HEADING = 'Ask your team';
export const ASK_BUTTON = 'Ask your team to answer';
export const ASK_AGAIN_BUTTON = 'Ask your team again';
export const CLOSE_BUTTON = 'Close the team audit';
export const CONFIRM_CLOSE_BUTTON = 'Yes, close it';
export const KEEP_OPEN_BUTTON = 'Keep it open';
export const COPY_BUTTON = 'Copy link';
export const COPIED = 'Copied';
export const LINK_LABEL = 'Your team’s link';
export const MAILTO_LINK = 'Email the link';
export const REFRESH_BUTTON = 'Check for new answers';

const STATEMENTS = AREAS.length * QUESTIONS_PER_AREA;

export const INTRO = `Your own view of your service is one view. Ask the people you work with to answer the same ${STATEMENTS} statements, anonymously: once at least ${MIN_TEAM_RESPONDENTS} have answered, your team’s view appears here beside your own scores.`;

export const PRIVACY_NOTE =
  'You get a link to share with your team. They give no name or e-mail address, and no one’s answers are ever shown as theirs. We send nothing to your colleagues: you send the link yourself.';

export const SHARE_HINT = `Send the link to your team by e-mail, or however you reach them. It takes about 10 minutes to answer. “${MAILTO_LINK}” opens your own e-mail program with a short message ready to send.`;

export const CLOSE_QUESTION =
  'Close the team audit now? No one can answer after that, and your team’s view keeps the answers given so far.';

export const COPY_REFUSED =
  'Your browser did not let us copy the link, so it is selected: press Ctrl+C (or ⌘C on a Mac) to copy it.';

export const GONE_MESSAGE =
  'This results link has expired or been removed, so its team audit can no longer be shown or changed.';

/** A moment as the UK's day in words: "28 December 2026". */
export function ukDayInWords(moment: string): string {
  const date = new Date(moment);
  return formatDay(ukDay(date)) ?? formatDay(date);
}

/** "No colleagues have answered yet.", "1 colleague has answered.", "4 colleagues have answered." */
export function answeredSentence(count: number): string {
  if (count === 0) return 'No colleagues have answered yet.';
  return `${colleagues(count)} ${count === 1 ? 'has' : 'have'} answered.`;
}

/** Under MIN_TEAM_RESPONDENTS answers: when the view will appear, and why not before. */
export function viewPendingSentence(count: number): string {
  const more = MIN_TEAM_RESPONDENTS - count;
  return `Your team’s view appears here once ${MIN_TEAM_RESPONDENTS} have answered (${more} more), ${TOO_FEW_REASON}.`;
}

/** "Your team audit closed on 12 December 2026 with 12 respondents." */
export function closedSentence(closedAt: string, count: number): string {
  return `Your team audit closed on ${ukDayInWords(closedAt)} with ${respondents(count)}.`;
}

/** A closed team audit with too few answers has no view at all. */
export function closedTooFewSentence(count: number): string {
  return `${count === 1 ? 'Only 1 colleague' : count === 0 ? 'No colleague' : `Only ${colleagues(count)}`} answered, so there is no team view: it needs at least ${MIN_TEAM_RESPONDENTS}, ${TOO_FEW_REASON}.`;
}

export const ASK_AGAIN_NOTE = `Asking again opens a new team audit with a new link, and this section then shows that one. A closed team audit with at least ${MIN_TEAM_RESPONDENTS} answers stays in your progress as a result of its own.`;

/**
 * The `mailto:` link that opens the manager's own e-mail program with a short message: no
 * recipient (she chooses them there; the server never learns who), a subject, and a body that says
 * what the link is, that it is anonymous, how long it takes and when it closes.
 */
export function mailtoHref(joinLink: string, closesAt: string): string {
  const subject = 'Please answer our care audit (about 10 minutes)';
  const body = [
    'Hello,',
    '',
    `I have taken an audit of how we run our care service, and I would like to know how you see it too. Please rate the same ${STATEMENTS} statements at this link:`,
    '',
    joinLink,
    '',
    `It is anonymous: it asks for no name or e-mail address, and no one’s answers are shown as theirs. It takes about 10 minutes, and it closes on ${ukDayInWords(closesAt)}.`,
    '',
    'Thank you',
  ].join('\r\n');
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
