import { describe, expect, it } from 'vitest';
import { addressParts } from './address-breaks';

const LONG = 'very.long.first.name.surname@a-care-home-provider-with-a-long-name.co.uk';

describe('addressParts: an address cut only after "@" or "."', () => {
  it('cuts a long address after its "@" and after every ".", and a long label after its hyphens', () => {
    expect(addressParts(LONG)).toEqual([
      'very.',
      'long.',
      'first.',
      'name.',
      'surname@',
      // A label longer than LONG_PART may also break after its hyphens.
      'a-',
      'care-',
      'home-',
      'provider-',
      'with-',
      'a-',
      'long-',
      'name.',
      'co.',
      'uk',
    ]);
  });

  it('never at a hyphen of a part of 20 characters or fewer', () => {
    expect(addressParts('sam@care-home-group.org')).toEqual(['sam@', 'care-home-group.', 'org']);
    expect(addressParts('x@abcdefghij-abcdefgh.uk')).toEqual(['x@', 'abcdefghij-abcdefgh.', 'uk']);
    expect(addressParts('x@abcdefghij-abcdefghi.uk')).toEqual(['x@', 'abcdefghij-', 'abcdefghi.', 'uk']);
  });

  it('with whole, after the "@" (and a long half after its hyphens)', () => {
    expect(addressParts('sam.patel@care-audit.example', { whole: true })).toEqual([
      'sam.patel@',
      'care-audit.example',
    ]);
    expect(addressParts(LONG, { whole: true })).toEqual([
      'very.long.first.name.surname@',
      'a-',
      'care-',
      'home-',
      'provider-',
      'with-',
      'a-',
      'long-',
      'name.co.uk',
    ]);
  });

  it.each([
    LONG,
    'a@b.c',
    'me@example.org',
    'first.last+tag@sub.domain.example.co.uk',
    '"quoted@local"@example.org',
    'trailing.dot.@example.org',
  ])('gives back %s unchanged when joined, each part ending at "@" or "." but the last', (address) => {
    const parts = addressParts(address);
    expect(parts.join('')).toBe(address);
    expect(parts.every((part) => part.length > 0)).toBe(true);
    for (const part of parts.slice(0, -1)) expect(part).toMatch(/[@.-]$/);
    for (const part of parts) expect(part.slice(0, -1)).not.toMatch(/[@.]/);
  });

  it('leaves text that is not an address whole, dots and all', () => {
    expect(addressParts('Google Ads')).toEqual(['Google Ads']);
    expect(addressParts('care-audit.example')).toEqual(['care-audit.example']);
    expect(addressParts('')).toEqual(['']);
  });
});
