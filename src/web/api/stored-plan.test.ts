import { describe, expect, it } from 'vitest';
import { readActionPlan } from './stored-plan';

describe('readActionPlan', () => {
  it('keeps well-formed items, trims owners and drops an empty one', () => {
    expect(
      readActionPlan([
        { key: 'statement:data-4', status: 'planned', owner: '  Sam  ', targetDate: '2026-12-01' },
        { key: 'area:quality', status: 'done', owner: '   ' },
        { key: 'area:training', status: 'in_progress', owner: 'x'.repeat(100) },
      ]),
    ).toEqual([
      { key: 'statement:data-4', status: 'planned', owner: 'Sam', targetDate: '2026-12-01' },
      { key: 'area:quality', status: 'done' },
      { key: 'area:training', status: 'in_progress', owner: 'x'.repeat(100) },
    ]);
  });

  it('leaves out what the page could not show: unknown statuses and keys, long owners, repeats', () => {
    expect(
      readActionPlan([
        { key: 'area:data', status: 'not_started' },
        { key: 'statement:data-5', status: 'planned' },
        { key: 'area:data', status: 'planned', owner: 'x'.repeat(101) },
        { key: 'area:data', status: 'planned', targetDate: '1 Dec 2026' },
        { key: 'area:data', status: 'done' },
        null,
        'area:data',
      ]),
    ).toEqual([{ key: 'area:data', status: 'planned' }]);
    expect(readActionPlan(undefined)).toEqual([]);
    expect(readActionPlan({ key: 'area:data', status: 'done' })).toEqual([]);
  });

  it('keeps the day an item was carried from, and leaves out one that is not a day, keeping the item', () => {
    expect(
      readActionPlan([
        { key: 'area:data', status: 'done', carriedFrom: '2026-11-03' },
        { key: 'area:quality', status: 'planned', carriedFrom: '3 November 2026' },
        { key: 'area:training', status: 'planned', carriedFrom: true },
      ]),
    ).toEqual([
      { key: 'area:data', status: 'done', carriedFrom: '2026-11-03' },
      { key: 'area:quality', status: 'planned' },
      { key: 'area:training', status: 'planned' },
    ]);
  });
});
