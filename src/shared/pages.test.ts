import { describe, expect, it } from 'vitest';
import { formatSitePages, parseSitePages, SitePagesError, type SitePage } from './pages';

const PAGES: SitePage[] = [
  { path: '/', file: 'index.html', status: 200 },
  { path: '/audit-tool', file: 'audit-tool.html', status: 200 },
  { path: '/404', file: '404.html', status: 404 },
];

describe('the page list the build writes for the server', () => {
  it('reads back what it writes, and only the fields the server needs', () => {
    const withExtras = PAGES.map((page) => ({ ...page, title: 'x', shipsScript: true }));
    expect(parseSitePages(formatSitePages(withExtras))).toEqual(PAGES);
  });

  it('keeps a private page private, and writes nothing for one that is not', () => {
    const pages: SitePage[] = [
      ...PAGES,
      { path: '/results', file: 'results.html', status: 200, private: true },
    ];
    const text = formatSitePages([
      ...pages,
      { path: '/open', file: 'open.html', status: 200, private: false },
    ]);
    expect(text).toContain('{"path":"/results","file":"results.html","status":200,"private":true}');
    expect(text).toContain('{"path":"/open","file":"open.html","status":200}');
    expect(parseSitePages(text)).toEqual([...pages, { path: '/open', file: 'open.html', status: 200 }]);
  });

  it('holds a single not-found page with no other page', () => {
    const only = [{ path: '/404', file: '404.html', status: 404 } as const];
    expect(parseSitePages(formatSitePages(only))).toEqual(only);
  });

  it.each([
    ['not JSON', '{', /not JSON/],
    ['not a list', '{"path":"/"}', /not a list/],
    ['empty', '[]', /0 not-found pages/],
    [
      'two not-found pages',
      [...PAGES, { path: '/gone', file: 'gone.html', status: 404 }],
      /2 not-found pages/,
    ],
    ['no not-found page', PAGES.slice(0, 2), /0 not-found pages/],
    ['a path twice', [...PAGES, { path: '/', file: 'other.html', status: 200 }], /has \/ twice/],
    ['a file twice', [...PAGES, { path: '/x', file: 'index.html', status: 200 }], /has index.html twice/],
    ['a file outside the folder', [{ path: '/', file: '../index.html', status: 200 }], /entry 0/],
    ['an absolute file', [{ path: '/', file: '/etc/index.html', status: 200 }], /entry 0/],
    ['a file that is not HTML', [{ path: '/', file: 'index.js', status: 200 }], /entry 0/],
    ['a relative path', [{ path: 'x', file: 'x.html', status: 200 }], /entry 0/],
    ['another status', [...PAGES, { path: '/moved', file: 'moved.html', status: 301 }], /entry 3/],
    ['a missing field', [{ path: '/', status: 200 }], /entry 0/],
    ['null', [null], /entry 0/],
    ['a private not-found page', [{ path: '/404', file: '404.html', status: 404, private: true }], /entry 0/],
    [
      'a private flag that is not true or false',
      [...PAGES, { path: '/r', file: 'r.html', status: 200, private: 'yes' }],
      /entry 3/,
    ],
  ])('refuses %s', (_name, list, message) => {
    const text = typeof list === 'string' ? list : JSON.stringify(list);
    expect(() => parseSitePages(text)).toThrow(SitePagesError);
    expect(() => parseSitePages(text)).toThrow(message);
  });
});
