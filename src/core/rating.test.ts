import { describe, expect, it } from 'vitest';
import { ratingFor, toneFor } from './rating';

describe('rating and colour bands', () => {
  it.each([
    [100, 'Excellent', 'green'],
    [80, 'Excellent', 'green'],
    [79, 'Good', 'yellow'],
    [60, 'Good', 'yellow'],
    [59, 'Fair', 'red'],
    [40, 'Fair', 'red'],
    [39, 'Needs Improvement', 'red'],
    [0, 'Needs Improvement', 'red'],
  ])('%i%% → %s, %s', (percent, label, tone) => {
    expect(ratingFor(percent)).toBe(label);
    expect(toneFor(percent)).toBe(tone);
  });
});
