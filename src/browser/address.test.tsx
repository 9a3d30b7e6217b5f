// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Address } from './address';

const LONG = 'very.long.first.name.surname@a-care-home-provider-with-a-long-name.co.uk';

/** The rendered parts: the text of each unbreakable span, and how many <wbr> stand between them. */
function rendered(element: React.ReactElement) {
  const { container } = render(<p>{element}</p>);
  const parts = [...container.querySelectorAll('.email-address__part')].map((span) => span.textContent);
  return { text: container.textContent, parts, breaks: container.querySelectorAll('wbr').length };
}

describe('Address: both apps’ one way to show an e-mail address', () => {
  it('may wrap only after "@" or ".": one <wbr> between unbreakable parts, the text unchanged', () => {
    const { text, parts, breaks } = rendered(<Address value={LONG} />);
    expect(text).toBe(LONG);
    expect(parts).toEqual([
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
    expect(breaks).toBe(parts.length - 1);
  });

  it('with whole, only after the "@"', () => {
    const { text, parts, breaks } = rendered(<Address value="sam.patel@care-audit.example" whole />);
    expect(text).toBe('sam.patel@care-audit.example');
    expect(parts).toEqual(['sam.patel@', 'care-audit.example']);
    expect(breaks).toBe(1);
  });

  it('prints text that is not an address as it is', () => {
    const { text, parts, breaks } = rendered(<Address value="Google Ads" />);
    expect(text).toBe('Google Ads');
    expect(parts).toEqual([]);
    expect(breaks).toBe(0);
  });
});
