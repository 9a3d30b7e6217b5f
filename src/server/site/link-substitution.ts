import { LINK_PLACEHOLDERS } from '../../shared/site-links';
import type { SiteLinks } from '../config';
import { escapeHtml } from '../http/escape-html';

export type TextKind = 'html' | 'javascript';

// Safe inside '…', "…" and `…` string literals alike, whichever the bundler chose.
function escapeForJavaScriptString(value: string): string {
  return value.replace(
    /[\\'"`$<>\u2028\u2029\r\n]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const placeholderKeys = Object.keys(LINK_PLACEHOLDERS) as (keyof typeof LINK_PLACEHOLDERS)[];
const byPlaceholder = new Map(placeholderKeys.map((key) => [LINK_PLACEHOLDERS[key] as string, key]));
// Longest first, so no placeholder can match inside a longer one; one pass, so a configured value
// that happens to contain a placeholder is never replaced again.
const PLACEHOLDER_PATTERN = new RegExp(
  [...byPlaceholder.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|'),
  'g',
);

/**
 * The text with every link placeholder the web build rendered (src/shared/site-links.ts) replaced
 * by its configured value, escaped for where it stands.
 */
export function substituteLinks(text: string, kind: TextKind, links: SiteLinks): string {
  const escape = kind === 'html' ? escapeHtml : escapeForJavaScriptString;
  return text.replace(PLACEHOLDER_PATTERN, (placeholder) => {
    const key = byPlaceholder.get(placeholder);
    return key === undefined ? placeholder : escape(links[key]);
  });
}
