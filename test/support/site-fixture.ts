import fs from 'node:fs/promises';
import path from 'node:path';
import { formatSitePages, SITE_PAGES_FILE, type SitePage } from '../../src/shared/pages';
import { LINK_PLACEHOLDERS } from '../../src/shared/site-links';

/** The site's pages as the build lists them, with titles to find them by (the server imports no web code). */
export const FIXTURE_PAGES = {
  home: {
    path: '/',
    file: 'index.html',
    status: 200,
    title: 'Care Audit – AI care management audit for UK care providers',
  },
  auditTool: {
    path: '/audit-tool',
    file: 'audit-tool.html',
    status: 200,
    title: 'Take the audit – Care Audit',
  },
  auditResults: {
    path: '/audit-results',
    file: 'audit-results.html',
    status: 200,
    title: 'Your audit results – Care Audit',
  },
  emailResults: {
    path: '/email-results',
    file: 'email-results.html',
    status: 200,
    title: 'Email your results – Care Audit',
  },
  privacy: { path: '/privacy', file: 'privacy.html', status: 200, title: 'Privacy notice – Care Audit' },
  accessibility: {
    path: '/accessibility',
    file: 'accessibility.html',
    status: 200,
    title: 'Accessibility statement – Care Audit',
  },
  notFound: { path: '/404', file: '404.html', status: 404, title: 'Page not found – Care Audit' },
} as const satisfies Record<string, SitePage & { title: string }>;

/** The private results page: not in FIXTURE_PAGES, so only the tests that add it have it. */
export const FIXTURE_PRIVATE_PAGE = {
  path: '/results',
  file: 'results.html',
  status: 200,
  private: true,
  title: 'Your results – Care Audit',
} as const satisfies SitePage & { title: string };

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
<main><div id="root">${body}</div><!--/root--></main>
<footer><a href="${LINK_PLACEHOLDERS.contactUrl}" target="_blank" rel="noopener noreferrer">Contact Us</a>
<a href="mailto:${LINK_PLACEHOLDERS.contactEmail}">${LINK_PLACEHOLDERS.contactEmail}</a></footer>
</body>
</html>
`;
}

/**
 * A small stand-in for `npm run build`'s build/client: the page list and every page on it (the
 * home page with an inline script), hashed assets (one holding the link placeholders), a favicon
 * and robots.txt.
 */
export async function writeSiteFixture(
  dir: string,
  pages: Readonly<Record<string, SitePage & { title: string }>> = FIXTURE_PAGES,
): Promise<string> {
  await fs.mkdir(path.join(dir, 'assets'), { recursive: true });
  await fs.writeFile(path.join(dir, SITE_PAGES_FILE), formatSitePages(Object.values(pages)));
  for (const p of Object.values(pages)) {
    const isHome = p.file === FIXTURE_PAGES.home.file;
    const body = isHome
      ? `<h1>Care Audit</h1><a href="${LINK_PLACEHOLDERS.signupUrl}">Start Your AI Audit Now</a><div class="bar" style="width:85%"></div><script>${FIXTURE_INLINE_SCRIPT}</script>`
      : `<h1>${p.title}</h1>`;
    const html = page(p.title, body);
    // A private page tells search engines to keep out, as the build writes it.
    await fs.writeFile(
      path.join(dir, p.file),
      p.private ? html.replace('</head>', '<meta name="robots" content="noindex, nofollow">\n</head>') : html,
    );
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
