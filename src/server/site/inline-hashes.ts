import { createHash } from 'node:crypto';

import type { InlineHashes } from '../http/security-headers';

const ELEMENT = (tag: string) => new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}\\s*>`, 'gi');
const HAS_SRC = /\ssrc\s*=/i;
/** A data block (the audit's words, site/live-pages.ts): never run, so no CSP hash is needed. */
const DATA_BLOCK = /\stype\s*=\s*["']?application\/json/i;

function cspHash(content: string): string {
  return `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`;
}

/**
 * The hashes that let a Content-Security-Policy allow exactly the inline `<script>` and `<style>`
 * elements in the pages, so it never needs 'unsafe-inline'. A browser hashes the element's text as
 * written, so this hashes the served text, after link substitution.
 */
export function inlineHashes(pages: readonly string[]): InlineHashes {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const html of pages) {
    for (const [, attributes = '', content = ''] of html.matchAll(ELEMENT('script'))) {
      if (!HAS_SRC.test(attributes) && !DATA_BLOCK.test(attributes) && content.trim() !== '') {
        scripts.add(cspHash(content));
      }
    }
    for (const [, , content = ''] of html.matchAll(ELEMENT('style'))) {
      if (content.trim() !== '') styles.add(cspHash(content));
    }
  }
  return { scripts: [...scripts].sort(), styles: [...styles].sort() };
}
