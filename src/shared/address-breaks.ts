/**
 * A part longer than this may also break after its hyphens: a domain label such as
 * "a-care-home-provider-with-a-long-name." is wider than a phone's line on its own, and breaking it
 * after a hyphen (between words) is better than pushing the page sideways. Shorter parts never do.
 */
export const LONG_PART = 20;

/**
 * An e-mail address cut where a line may break: after its "@" and after each "." (with `whole`,
 * after the "@" only), and inside a part longer than LONG_PART after its hyphens; never mid-word.
 * Joined, the parts are the address unchanged. Text without an "@" is not an address and comes
 * back whole. Each app has one helper that prints these parts (the browser apps' `Address`, the
 * e-mails' `addressHtml`), so a long address like
 * `very.long.first.name.surname@a-care-home-provider-with-a-long-name.co.uk` wraps only there
 * wherever it is shown.
 */
export function addressParts(text: string, options: { whole?: boolean } = {}): string[] {
  if (!text.includes('@')) return [text];
  return cutAfter(text, (character) => character === '@' || (character === '.' && !options.whole)).flatMap(
    (part) => (part.length > LONG_PART ? cutAfter(part, (character) => character === '-') : [part]),
  );
}

/** `text` cut after every character `isBreak` accepts; no empty parts. */
function cutAfter(text: string, isBreak: (character: string) => boolean): string[] {
  const parts: string[] = [];
  let part = '';
  for (const character of text) {
    part += character;
    if (isBreak(character)) {
      parts.push(part);
      part = '';
    }
  }
  if (part !== '') parts.push(part);
  return parts;
}
