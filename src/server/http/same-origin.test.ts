import { describe, expect, it } from 'vitest';
import { HttpError } from './http-errors';
import { FORBIDDEN_ORIGIN_MESSAGE, isStateChanging, requireSameOrigin } from './same-origin';

const SITE = 'https://care-audit.example';
const withOrigin = (origin?: string) => ({ headers: origin === undefined ? {} : { origin } });

function refusal(origin: string | undefined, message?: string): HttpError | undefined {
  try {
    requireSameOrigin(withOrigin(origin), SITE, message);
    return undefined;
  } catch (error) {
    return error as HttpError;
  }
}

describe('requireSameOrigin', () => {
  it('lets through exactly PUBLIC_URL', () => {
    expect(refusal(SITE)).toBeUndefined();
  });

  it('refuses a missing Origin, `null`, another site, and near misses of this one with 403 forbidden_origin', () => {
    for (const origin of [
      undefined,
      '',
      'null',
      'https://attacker.example',
      'http://care-audit.example',
      'https://care-audit.example:8443',
      'https://care-audit.example/',
      'https://sub.care-audit.example',
      'HTTPS://CARE-AUDIT.EXAMPLE',
    ]) {
      const error = refusal(origin);
      expect(error, String(origin)).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({
        statusCode: 403,
        code: 'forbidden_origin',
        message: FORBIDDEN_ORIGIN_MESSAGE,
      });
    }
  });

  it('answers with the caller’s own message when it names one', () => {
    expect(refusal(undefined, 'From the team workspace, please.')?.message).toBe(
      'From the team workspace, please.',
    );
  });
});

describe('isStateChanging', () => {
  it('names POST, PUT, PATCH and DELETE, not GET, HEAD or OPTIONS', () => {
    expect(['POST', 'PUT', 'PATCH', 'DELETE'].every(isStateChanging)).toBe(true);
    expect(['GET', 'HEAD', 'OPTIONS'].some(isStateChanging)).toBe(false);
  });
});
