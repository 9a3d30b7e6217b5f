import { describe, expect, it } from 'vitest';
import { addressHtml } from './address-html';

describe('addressHtml: an address in an e-mail, wrapping only after "@", "." or a long label’s hyphens', () => {
  it('keeps each part whole and puts a <wbr> between parts, nothing else', () => {
    expect(addressHtml('very.long.first.name.surname@a-care-home-provider-with-a-long-name.co.uk')).toBe(
      // prettier-ignore
      ['very.', 'long.', 'first.', 'name.', 'surname@', 'a-', 'care-', 'home-', 'provider-', 'with-', 'a-', 'long-', 'name.', 'co.', 'uk']
        .map((part) => `<span style="white-space:nowrap">${part}</span>`)
        .join('<wbr>'),
    );
  });

  it('escapes what HTML would read', () => {
    expect(addressHtml('"a<b>"@example.org')).toBe(
      '<span style="white-space:nowrap">&quot;a&lt;b&gt;&quot;@</span><wbr><span style="white-space:nowrap">example.</span><wbr><span style="white-space:nowrap">org</span>',
    );
  });
});
