// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepVisitSource, sourceOfArrival, visitSource, type PageArrival } from './visit-source';

const OURS = 'audit.care-audit.example';
const arrival = (search: string, referrer = ''): PageArrival => ({ search, ownHost: OURS, referrer });

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('the source of the page a visit starts on', () => {
  it('takes the three utm_* values and the referring host name', () => {
    expect(
      sourceOfArrival(
        arrival(
          '?utm_source=newsletter&utm_medium=email&utm_campaign=winter%202026&utm_term=care&gclid=abc',
          'https://Mail.Example.com/inbox/12345?token=secret#top',
        ),
      ),
    ).toEqual({
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'winter 2026',
      referrerHost: 'mail.example.com',
    });
  });

  it('never keeps the full address of the referring page, only its host', () => {
    const kept = JSON.stringify(
      sourceOfArrival(arrival('', 'https://www.google.com/search?q=care+home+audit')),
    );
    expect(kept).toBe('{"referrerHost":"www.google.com"}');
    expect(kept).not.toMatch(/search|care|https/);
  });

  it.each([
    ['our own host', `https://${OURS}/audit-tool`],
    ['our own host in capitals', `https://${OURS.toUpperCase()}/`],
    ['our own host on another port', `http://${OURS}:8080/`],
    ['no referrer', ''],
    ['a referrer that is not an address', 'not a url'],
    ['a file', 'file:///home/me/page.html'],
    ['an IPv6 address', 'http://[2001:db8::1]/'],
  ])('keeps no referrer for %s', (_, referrer) => {
    expect(sourceOfArrival(arrival('', referrer))).toEqual({});
  });

  it('trims values, and drops empty ones, ones over 100 characters and ones with control characters', () => {
    expect(
      sourceOfArrival(
        arrival(
          `?utm_source=%20%20ads%20&utm_medium=%20&utm_campaign=${'x'.repeat(101)}`,
          'https://partner.example/',
        ),
      ),
    ).toEqual({ utmSource: 'ads', referrerHost: 'partner.example' });
    expect(sourceOfArrival(arrival(`?utm_campaign=${'x'.repeat(100)}`))).toEqual({
      utmCampaign: 'x'.repeat(100),
    });
    expect(sourceOfArrival(arrival('?utm_source=a%00b&utm_medium=a%0Ab&utm_campaign=ok'))).toEqual({
      utmCampaign: 'ok',
    });
  });
});

describe('keeping the source for the visit', () => {
  it('keeps the first page’s source, and later pages do not overwrite it', () => {
    keepVisitSource(arrival('?utm_source=newsletter', 'https://mail.example.com/'));
    keepVisitSource(arrival('?utm_source=other', 'https://elsewhere.example/'));
    keepVisitSource(arrival('', `https://${OURS}/`));
    expect(visitSource()).toEqual({ utmSource: 'newsletter', referrerHost: 'mail.example.com' });
  });

  it('remembers a direct first visit, so a later page with a campaign does not become the first', () => {
    keepVisitSource(arrival(''));
    expect(visitSource()).toBeUndefined();
    keepVisitSource(arrival('?utm_source=late'));
    expect(visitSource()).toBeUndefined();
  });

  it('keeps nothing but the source under its one key', () => {
    keepVisitSource(
      arrival('?utm_source=newsletter&utm_content=person-42', 'https://mail.example.com/x?id=9'),
    );
    expect(Object.keys(sessionStorage)).toEqual(['care-audit:visit-source']);
    expect(sessionStorage.getItem('care-audit:visit-source')).toBe(
      '{"utmSource":"newsletter","referrerHost":"mail.example.com"}',
    );
  });

  it('checks what it reads back: a value edited by hand or from an older site is dropped', () => {
    sessionStorage.setItem(
      'care-audit:visit-source',
      JSON.stringify({
        utmSource: 'ok',
        utmMedium: 42,
        referrerHost: 'https://evil.example/x',
        visitor: 'id-1',
      }),
    );
    expect(visitSource()).toEqual({ utmSource: 'ok' });
    sessionStorage.setItem('care-audit:visit-source', '{not json');
    expect(visitSource()).toBeUndefined();
    sessionStorage.setItem('care-audit:visit-source', '"newsletter"');
    expect(visitSource()).toBeUndefined();
  });

  it('breaks nothing when storage throws on every call (a private window, a blocked site)', () => {
    const throwing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(() => keepVisitSource(arrival('?utm_source=a'), throwing)).not.toThrow();
    expect(visitSource(throwing)).toBeUndefined();
  });

  it('breaks nothing when storage refuses only to be written', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => keepVisitSource(arrival('?utm_source=a'))).not.toThrow();
    expect(visitSource()).toBeUndefined();
  });

  it('breaks nothing when sessionStorage itself cannot be reached', () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => keepVisitSource(arrival('?utm_source=a'))).not.toThrow();
    expect(visitSource()).toBeUndefined();
  });
});
