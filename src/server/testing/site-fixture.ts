import fs from 'node:fs/promises';
import path from 'node:path';
import { PAGES } from '../../shared/pages';
import { LINK_PLACEHOLDERS } from '../../shared/site-links';

/** The inline script a fixture page carries, to check that its hash reaches the CSP. */
export const FIXTURE_INLINE_SCRIPT = 'window.__fixture = { ready: true };';
export const FIXTURE_ASSETS = {
  script: 'assets/entry-3f9a1c2b.js',
  linksScript: 'assets/site-chrome-77aa01bc.js',
  style: 'assets/entry-9b8c7d6e.css',
} as const;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<title>${title}</title>
<link rel="stylesheet" href="/${FIXTURE_ASSETS.style}">
<script type="module" src="/${FIXTURE_ASSETS.script}"></script>
</head>
<body>
<main>${body}</main>
<footer><a href="${LINK_PLACEHOLDERS.contactUrl}" target="_blank" rel="noopener noreferrer">Contact Us</a>
<a href="mailto:${LINK_PLACEHOLDERS.contactEmail}">${LINK_PLACEHOLDERS.contactEmail}</a></footer>
</body>
</html>
`;
}

/**
 * A small stand-in for `npm run build`'s build/client: every page of PAGES (the home page with an
 * inline script), hashed assets (one holding the link placeholders), a favicon and robots.txt.
 */
export async function writeSiteFixture(
  dir: string,
  pages: Readonly<Record<string, { file: string; title: string }>> = PAGES,
): Promise<string> {
  await fs.mkdir(path.join(dir, 'assets'), { recursive: true });
  for (const p of Object.values(pages)) {
    const isHome = p.file === PAGES.home.file;
    const body = isHome
      ? `<h1>Care Audit</h1><a href="${LINK_PLACEHOLDERS.signupUrl}">Start Your AI Audit Now</a><div class="bar" style="width:85%"></div><script>${FIXTURE_INLINE_SCRIPT}</script>`
      : `<h1>${p.title}</h1>`;
    await fs.writeFile(path.join(dir, p.file), page(p.title, body));
  }
  // Large enough to be worth compressing.
  const filler = Array.from(
    { length: 200 },
    (_, i) => `export const value${i} = 'audit area ${i % 5}';`,
  ).join('\n');
  await fs.writeFile(path.join(dir, FIXTURE_ASSETS.script), `${filler}\nconsole.log('ready');\n`);
  await fs.writeFile(
    path.join(dir, FIXTURE_ASSETS.linksScript),
    `export const links = { signup: "${LINK_PLACEHOLDERS.signupUrl}", booking: '${LINK_PLACEHOLDERS.bookingUrl}', contact: \`${LINK_PLACEHOLDERS.contactUrl}\`, email: "${LINK_PLACEHOLDERS.contactEmail}" };\n${filler}\n`,
  );
  await fs.writeFile(
    path.join(dir, FIXTURE_ASSETS.style),
    `body { margin: 0; font-family: system-ui, sans-serif; }\n${'.card { padding: 1rem; }\n'.repeat(30)}`,
  );
  await fs.writeFile(
    path.join(dir, 'favicon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="#0f4c5c"/></svg>',
  );
  await fs.writeFile(path.join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  // A bundler's fallback document: not a page, so never served under its own name.
  await fs.writeFile(path.join(dir, '__spa-fallback.html'), page('fallback', ''));
  return dir;
}
