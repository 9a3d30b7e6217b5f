import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LINK_PLACEHOLDERS } from '../../shared/site-links';
import type { SiteLinks } from '../config';
import { substituteLinks } from './link-substitution';

const links: SiteLinks = {
  signupUrl: 'https://example.org/join?ref=site&lang=en',
  contactUrl: "https://wa.me/441210000000?text=Hello%20there's",
  bookingUrl: 'https://example.org/book/`${x}`"</script>',
  contactEmail: 'team@example.org',
  retentionPeriod: '90 days after it is made',
};

describe('substituteLinks', () => {
  it('replaces every placeholder in HTML, escaped for attributes and text', () => {
    const html = `<a href="${LINK_PLACEHOLDERS.signupUrl}">Sign up</a><a href='${LINK_PLACEHOLDERS.contactUrl}'>Contact</a>
<a href="${LINK_PLACEHOLDERS.bookingUrl}">Book</a><a href="mailto:${LINK_PLACEHOLDERS.contactEmail}">${LINK_PLACEHOLDERS.contactEmail}</a>`;
    expect(substituteLinks(html, 'html', links)).toBe(
      `<a href="https://example.org/join?ref=site&amp;lang=en">Sign up</a><a href='https://wa.me/441210000000?text=Hello%20there&#39;s'>Contact</a>
<a href="https://example.org/book/\`\${x}\`&quot;&lt;/script&gt;">Book</a><a href="mailto:team@example.org">team@example.org</a>`,
    );
  });

  it.each([
    ['double quotes', (s: string) => `"${s}"`],
    ['single quotes', (s: string) => `'${s}'`],
    ['a template literal', (s: string) => `\`${s}\``],
  ])('keeps a JavaScript string in %s valid and equal to the configured value', (_, quote) => {
    const keys = Object.keys(LINK_PLACEHOLDERS) as (keyof SiteLinks)[];
    const source = `[${keys.map((k) => quote(LINK_PLACEHOLDERS[k])).join(', ')}]`;
    const substituted = substituteLinks(source, 'javascript', links);
    expect(vm.runInNewContext(substituted, { x: 'INJECTED' })).toEqual(keys.map((k) => links[k]));
  });

  it('replaces in one pass, so a configured value holding another placeholder stays as configured', () => {
    const sneaky: SiteLinks = { ...links, signupUrl: LINK_PLACEHOLDERS.contactUrl };
    expect(substituteLinks(LINK_PLACEHOLDERS.signupUrl, 'html', sneaky)).toBe(LINK_PLACEHOLDERS.contactUrl);
  });

  it('leaves text without placeholders alone', () => {
    const text = '<a href="https://care-audit.example/other">x</a> https://care-audit.example/';
    expect(substituteLinks(text, 'html', links)).toBe(text);
  });

  it('leaves the placeholders when the configured values are the placeholders', () => {
    const html = `<a href="${LINK_PLACEHOLDERS.bookingUrl}">`;
    expect(substituteLinks(html, 'html', { ...LINK_PLACEHOLDERS })).toBe(html);
  });
});
