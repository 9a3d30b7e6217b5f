import { describe, expect, it } from 'vitest';
import { hasUnstorableCharacters } from '../../shared/plain-text';
import { decodeQueryComponent, parseQueryString } from './query-string';

describe('the query string parser', () => {
  it('reads what Fastify’s default read: repeated keys as an array, + as a space, UTF-8 escapes', () => {
    expect({ ...parseQueryString('q=jo+e&status=new&status=closed&source=caf%C3%A9&empty=') }).toEqual({
      q: 'jo e',
      status: ['new', 'closed'],
      source: 'café',
      empty: '',
    });
    expect({ ...parseQueryString('emoji=%F0%9F%98%80&pct=100%25&bare=100%&x=%zz') }).toEqual({
      emoji: '😀',
      pct: '100%',
      bare: '100%',
      x: '%zz',
    });
  });

  it('turns a lone surrogate sent as %ED%A0%80, and any byte of no character, into text the rule refuses', () => {
    for (const escaped of ['%ED%A0%80', '%ED%B0%80', '%FF', 'a%C3', '%C3(', '%E2%82', '%C0%AF']) {
      const decoded = decodeQueryComponent(escaped);
      expect(hasUnstorableCharacters(decoded), escaped).toBe(true);
    }
    // Valid characters around an invalid byte are kept.
    expect(decodeQueryComponent('a%FFb%C3%A9')).toBe('a\uDCFFbé');
  });
});
