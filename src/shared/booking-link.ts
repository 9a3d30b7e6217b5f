import { LINK_PLACEHOLDERS } from './site-links';

/**
 * Who a booking link is filled in for: the address the results were sent to, and the name given
 * with it. Only a visitor who ticked the consent box is one (bookingPersonOf).
 */
export interface BookingPerson {
  email: string;
  name?: string;
}

/** The query keys the common booking tools (Calendly, Cal.com, …) read a name and an address from. */
const NAME_KEY = 'name';
const EMAIL_KEY = 'email';

/**
 * The person a request's booking link may carry: null without consent, so nothing of them goes to
 * the booking site; the name only when one was given (with consent, the only way one is stored).
 */
export function bookingPersonOf(request: {
  email: string;
  consented: boolean;
  name?: string | null;
}): BookingPerson | null {
  if (!request.consented) return null;
  return request.name ? { email: request.email, name: request.name } : { email: request.email };
}

/**
 * The configured booking link, with `name` and `email` filled in for `person` so the visitor finds
 * the booking form already filled; the link as configured for null (no consent) and for the
 * placeholder (BOOKING_URL unset): a domain nobody configured never receives personal data.
 *
 * Works on the text, not through URL, so the configured query is kept byte for byte and in order
 * (URL would re-encode it) and the fragment stays last. A configured `name` or `email` pair is
 * dropped rather than kept beside ours: a booking tool would read one or the other.
 */
export function bookingLinkFor(url: string, person: BookingPerson | null): string {
  if (person === null || url === LINK_PLACEHOLDERS.bookingUrl) return url;
  const hashAt = url.indexOf('#');
  const beforeFragment = hashAt === -1 ? url : url.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : url.slice(hashAt);
  const queryAt = beforeFragment.indexOf('?');
  const address = queryAt === -1 ? beforeFragment : beforeFragment.slice(0, queryAt);
  const query = queryAt === -1 ? '' : beforeFragment.slice(queryAt + 1);
  const kept = query.split('&').filter((pair) => pair !== '' && !isPersonKey(pair.split('=')[0]!));
  const added = [
    ...(person.name ? [`${NAME_KEY}=${encodeURIComponent(person.name)}`] : []),
    `${EMAIL_KEY}=${encodeURIComponent(person.email)}`,
  ];
  return `${address}?${[...kept, ...added].join('&')}${fragment}`;
}

function isPersonKey(key: string): boolean {
  return key === NAME_KEY || key === EMAIL_KEY;
}
