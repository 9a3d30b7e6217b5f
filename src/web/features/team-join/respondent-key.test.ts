// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { respondentKeyFor } from './respondent-key';

const A = 'A'.repeat(43);
const B = 'B'.repeat(43);

describe('respondentKeyFor', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('makes 32 random bytes in base64url once per join token, and keeps them in localStorage', () => {
    const key = respondentKeyFor(A);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(window.localStorage.getItem(`care-audit:team-respondent:${A}`)).toBe(key);
    expect(respondentKeyFor(A)).toBe(key);
    expect(respondentKeyFor(B)).not.toBe(key);
  });

  it('uses the key another tab kept, and replaces one that is not a key', () => {
    window.localStorage.setItem(`care-audit:team-respondent:${A}`, 'x'.repeat(43));
    expect(respondentKeyFor(A)).toBe('x'.repeat(43));
    window.localStorage.setItem(`care-audit:team-respondent:${B}`, 'not a key');
    expect(respondentKeyFor(B)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('keeps one key for the page when storage is refused', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const token = 'C'.repeat(43);
    const key = respondentKeyFor(token);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(respondentKeyFor(token)).toBe(key);
  });
});
