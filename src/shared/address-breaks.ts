/**
 * An e-mail address cut where a line may break: after its "@" and after each "." (with `whole`,
 * after the "@" only), nowhere else, not even after a hyphen. Joined, the parts are the address
 * unchanged. Text without an "@" is not an address and comes back whole. Each app has one helper
 * that prints these parts (the browser apps' `Address`, the e-mails' `addressHtml`), so a long
 * address like `very.long.first.name.surname@a-care-home-provider-with-a-long-name.co.uk` wraps
 * only at "@" or "." wherever it is shown.
 */
export function addressParts(text: string, options: { whole?: boolean } = {}): string[] {
  if (!text.includes('@')) return [text];
  const parts: string[] = [];
  let part = '';
  for (const character of text) {
    part += character;
    if (character === '@' || (character === '.' && !options.whole)) {
      parts.push(part);
      part = '';
    }
  }
  if (part !== '') parts.push(part);
  return parts;
}
