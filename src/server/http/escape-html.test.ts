import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('leaves other text alone and writes numbers as text', () => {
    expect(escapeHtml('Staff Training – 😀 é')).toBe('Staff Training – 😀 é');
    expect(escapeHtml(66)).toBe('66');
    expect(escapeHtml('')).toBe('');
  });

  it('escapes an ampersand once, so an entity in the input stays visible as typed', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
