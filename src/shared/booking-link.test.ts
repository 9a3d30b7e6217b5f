import { describe, expect, it } from 'vitest';
import { bookingLinkFor, bookingPersonOf, type BookingPerson } from './booking-link';
import { LINK_PLACEHOLDERS } from './site-links';

const JO: BookingPerson = { name: 'Jo Bloggs', email: 'jo+x@home.org' };
const JO_PAIRS = 'name=Jo%20Bloggs&email=jo%2Bx%40home.org';

describe('bookingLinkFor', () => {
  // The expected links are written out, not worked out again, so a change in encoding shows.
  it.each([
    ['no query', 'https://book.example/care', JO, `https://book.example/care?${JO_PAIRS}`],
    [
      'a query, kept byte for byte and in order',
      'https://book.example/care?utm_source=audit&x=a%20b',
      JO,
      `https://book.example/care?utm_source=audit&x=a%20b&${JO_PAIRS}`,
    ],
    [
      'a fragment, kept last',
      'https://book.example/care#team',
      JO,
      `https://book.example/care?${JO_PAIRS}#team`,
    ],
    [
      'a query and a fragment',
      'https://book.example/care?utm_source=audit&x=a%20b#team',
      JO,
      `https://book.example/care?utm_source=audit&x=a%20b&${JO_PAIRS}#team`,
    ],
    ['“?” alone', 'https://book.example/care?', JO, `https://book.example/care?${JO_PAIRS}`],
    ['a trailing “&”', 'https://book.example/care?a=1&', JO, `https://book.example/care?a=1&${JO_PAIRS}`],
    [
      'configured name and email pairs, replaced rather than doubled',
      'https://book.example/care?name=Guest&a=1&email=&b=2',
      JO,
      `https://book.example/care?a=1&b=2&${JO_PAIRS}`,
    ],
    [
      'keys that only start like ours, kept; a bare “name”, dropped',
      'https://book.example/care?names=x&email_opt=1&name',
      JO,
      `https://book.example/care?names=x&email_opt=1&${JO_PAIRS}`,
    ],
    [
      'a “?” inside the fragment, left to the fragment',
      'https://book.example/care#slot?x=1',
      JO,
      `https://book.example/care?${JO_PAIRS}#slot?x=1`,
    ],
    [
      'a name with & = # + and quotes',
      'https://book.example/care',
      { name: `A&B=C#D+E 'F' "G"`, email: 'a@b.org' },
      `https://book.example/care?name=A%26B%3DC%23D%2BE%20'F'%20%22G%22&email=a%40b.org`,
    ],
    [
      'a name with < > and non-ASCII, as UTF-8',
      'https://book.example/care',
      { name: "Zoë O'Neill & Co <Ltd>", email: 'zoë@例え.jp' },
      `https://book.example/care?name=Zo%C3%AB%20O'Neill%20%26%20Co%20%3CLtd%3E&email=zo%C3%AB%40%E4%BE%8B%E3%81%88.jp`,
    ],
    [
      'no name: the address alone',
      'https://book.example/care?a=1#t',
      { email: 'jo+x@home.org' },
      'https://book.example/care?a=1&email=jo%2Bx%40home.org#t',
    ],
    [
      'an empty name: the address alone',
      'https://book.example/care',
      { name: '', email: 'jo@home.org' },
      'https://book.example/care?email=jo%40home.org',
    ],
    [
      'no consent: the link as configured',
      'https://book.example/care?name=Guest#team',
      null,
      'https://book.example/care?name=Guest#team',
    ],
    [
      'BOOKING_URL unset: the placeholder, never filled',
      LINK_PLACEHOLDERS.bookingUrl,
      JO,
      LINK_PLACEHOLDERS.bookingUrl,
    ],
  ])('%s', (_case, url, person, expected) => {
    expect(bookingLinkFor(url, person)).toBe(expected);
  });

  it.each(['Jo Bloggs', "Zoë O'Neill & Co", 'a+b=c&d#e?f/g%20h', '<script>"x"</script>', '😀 Ünïcödé 名前'])(
    'gives a booking tool back exactly the name %j and the address',
    (name) => {
      const email = "o'brien+tag@Example.org";
      const link = new URL(
        bookingLinkFor('https://book.example/care?utm_source=audit#team', { name, email }),
      );
      expect(link.searchParams.getAll('name')).toEqual([name]);
      expect(link.searchParams.getAll('email')).toEqual([email]);
      expect(link.searchParams.get('utm_source')).toBe('audit');
      expect(link.hash).toBe('#team');
    },
  );
});

describe('bookingPersonOf', () => {
  it('is nobody without consent, whatever was given', () => {
    expect(bookingPersonOf({ email: 'jo@home.org', consented: false, name: 'Jo' })).toBeNull();
    expect(bookingPersonOf({ email: 'jo@home.org', consented: false })).toBeNull();
  });

  it('is the address, and the name when one was given, with consent', () => {
    expect(bookingPersonOf({ email: 'jo@home.org', consented: true, name: 'Jo' })).toEqual({
      email: 'jo@home.org',
      name: 'Jo',
    });
    for (const name of [undefined, null, '']) {
      expect(bookingPersonOf({ email: 'jo@home.org', consented: true, name })).toEqual({
        email: 'jo@home.org',
      });
    }
  });
});
