import { describe, expect, it } from 'vitest';
import { TEAM_PAGE_SIZE } from '../shared/team-api';
import { queryFromSearch, searchFor } from './lead-query';
import { niceMax } from './ui/charts';
import { pageRange } from './ui/pager';

describe('pageRange', () => {
  it.each([
    [1, 0, { first: 0, last: 0, pages: 1 }],
    [1, 1, { first: 1, last: 1, pages: 1 }],
    [1, 50, { first: 1, last: 50, pages: 1 }],
    [1, 51, { first: 1, last: 50, pages: 2 }],
    [2, 51, { first: 51, last: 51, pages: 2 }],
    [2, 100, { first: 51, last: 100, pages: 2 }],
    [3, 100, { first: 0, last: 0, pages: 2 }],
  ])('page %i of %i leads', (page, total, expected) => {
    expect(pageRange(page, TEAM_PAGE_SIZE, total)).toEqual(expected);
  });
});

describe('the leads query in the address', () => {
  it('reads page, search and known filters, and nothing else', () => {
    expect(queryFromSearch('?page=3&q=%20care%20&status=contacted&delivery=failed')).toEqual({
      page: 3,
      q: 'care',
      status: 'contacted',
      delivery: 'failed',
    });
    expect(queryFromSearch('')).toEqual({ page: 1, q: undefined, status: undefined, delivery: undefined });
  });

  it.each(['?page=0', '?page=-2', '?page=abc', '?page='])('starts at page 1 for %s', (search) => {
    expect(queryFromSearch(search).page).toBe(1);
  });

  it('drops a status or delivery state it does not know, and a blank search', () => {
    expect(queryFromSearch('?status=lost&delivery=bounced&q=%20%20')).toEqual({
      page: 1,
      q: undefined,
      status: undefined,
      delivery: undefined,
    });
  });

  it('writes back only what is set, page 1 without a page', () => {
    expect(searchFor({ page: 1 })).toBe('/team');
    expect(searchFor({ page: 2, q: 'a+b@x.test', status: 'new' })).toBe(
      '/team?q=a%2Bb%40x.test&status=new&page=2',
    );
    expect(queryFromSearch(searchFor({ page: 2, q: 'a+b@x.test' }).slice('/team'.length))).toMatchObject({
      page: 2,
      q: 'a+b@x.test',
    });
  });
});

describe('niceMax', () => {
  it.each([
    [0, 1],
    [1, 1],
    [2, 2],
    [3, 5],
    [5, 5],
    [6, 10],
    [10, 10],
    [11, 20],
    [99, 100],
    [101, 200],
    [4999, 5000],
  ])('%i rounds up to %i', (max, expected) => {
    expect(niceMax(max)).toBe(expected);
  });
});
