import { describe, expect, it } from 'vitest';
import { inlineHashes } from './inline-hashes';

describe('inlineHashes', () => {
  it('hashes an inline script as the CSP specification does', () => {
    // The example of CSP Level 3 §8.3 (hash-source).
    expect(inlineHashes(["<p>x</p><script>alert('Hello, world.');</script>"])).toEqual({
      scripts: ["'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='"],
      styles: [],
    });
  });

  it('ignores scripts with a src, empty elements, and counts a repeated script once', () => {
    const pages = [
      '<script type="module" src="/assets/app.js"></script><script></script><script>a()</script>',
      '<SCRIPT type="module">a()</SCRIPT>\n<script>a()</script >',
    ];
    const { scripts } = inlineHashes(pages);
    expect(scripts).toEqual(inlineHashes(['<script>a()</script>']).scripts);
    expect(scripts).toHaveLength(1);
  });

  it('hashes inline style elements separately from scripts', () => {
    const { scripts, styles } = inlineHashes(['<style>body{margin:0}</style><div style="width:50%"></div>']);
    expect(scripts).toEqual([]);
    expect(styles).toHaveLength(1);
    expect(styles[0]).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
  });

  it('finds nothing in pages without inline elements', () => {
    expect(
      inlineHashes(['<link rel="stylesheet" href="/assets/a.css"><script src="/a.js"></script>']),
    ).toEqual({
      scripts: [],
      styles: [],
    });
  });
});
