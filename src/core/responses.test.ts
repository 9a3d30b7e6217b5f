import { describe, expect, it } from 'vitest';
import {
  answeredCount,
  isAreaComplete,
  isRating,
  sanitizeResponses,
  withAnswer,
  type Responses,
} from './responses';

describe('isRating', () => {
  it.each([
    [1, true],
    [5, true],
    [3, true],
    [0, false],
    [6, false],
    [2.5, false],
    ['3', false],
    [null, false],
    [Number.NaN, false],
  ])('%s → %s', (value, expected) => {
    expect(isRating(value)).toBe(expected);
  });
});

describe('recording answers', () => {
  it('records and overwrites an answer without touching the input', () => {
    const first = withAnswer({}, 'quality', 2, 4);
    const second = withAnswer(first, 'quality', 2, 1);
    expect(first).toEqual({ quality: { 2: 4 } });
    expect(second).toEqual({ quality: { 2: 1 } });
  });

  it.each<[Responses, number, boolean]>([
    [{}, 0, false],
    [{ data: { 0: 1, 1: 2 } }, 2, false],
    [{ data: { 0: 1, 1: 2, 2: 3, 3: 4, 4: 5 } }, 5, true],
  ])('counts answers in an area: %j → %i answered, complete %s', (responses, count, complete) => {
    expect(answeredCount(responses, 'data')).toBe(count);
    expect(isAreaComplete(responses, 'data')).toBe(complete);
  });
});

describe('sanitizeResponses keeps only well-formed answers', () => {
  it.each<[string, unknown, unknown]>([
    ['not an object', 'nope', {}],
    ['null', null, {}],
    ['unknown area dropped', { finance: { 0: 5 } }, {}],
    ['index out of range dropped', { data: { 5: 3, 0: 2 } }, { data: { 0: 2 } }],
    ['bad ratings dropped', { data: { 0: 0, 1: 6, 2: 2.5, 3: '4', 4: 4 } }, { data: { 4: 4 } }],
    ['good data kept', { operational: { 0: 1, 4: 5 } }, { operational: { 0: 1, 4: 5 } }],
  ])('%s', (_name, input, expected) => {
    expect(sanitizeResponses(input)).toEqual(expected);
  });
});
