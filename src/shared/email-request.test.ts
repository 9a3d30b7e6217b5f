import { describe, expect, it } from 'vitest';
import {
  EMAIL_REQUEST_MESSAGES as M,
  emailAddressSchema,
  emailRequestSchema,
  tooManyRequestsMessage,
  fieldErrors,
} from './email-request';

const complete = { operational: { '0': 5, '1': 4, '2': 3, '3': 2, '4': 1 } };

function errorsFor(body: unknown): Record<string, string> {
  const result = emailRequestSchema.safeParse(body);
  if (result.success) throw new Error(`expected ${JSON.stringify(body)} to be rejected`);
  return fieldErrors(result.error);
}

describe('emailRequestSchema accepts', () => {
  it.each([
    ['a full request', { email: 'manager@care.example.co.uk', message: 'Call me', responses: complete }],
    ['no note', { email: 'manager@care.example.co.uk', responses: complete }],
    ['an empty note', { email: 'a@b.co', message: '', responses: {} }],
    ['a note of exactly 2,000 characters', { email: 'a@b.co', message: 'x'.repeat(2000), responses: {} }],
    ['no answers at all', { email: 'a@b.co', responses: {} }],
    ['an area with some answers', { email: 'a@b.co', responses: { data: { '4': 1 } } }],
  ])('%s', (_, body) => {
    expect(emailRequestSchema.safeParse(body).success).toBe(true);
  });

  it('trims the address and keeps its case', () => {
    expect(emailRequestSchema.parse({ email: '  Ann.Smith@Example.COM\n', responses: {} }).email).toBe(
      'Ann.Smith@Example.COM',
    );
  });

  it('drops fields it does not know, such as a client-side score', () => {
    const parsed = emailRequestSchema.parse({
      email: 'a@b.co',
      responses: complete,
      overallScore: 100,
      areaScores: {},
    });
    expect(parsed).toEqual({ email: 'a@b.co', responses: complete });
  });
});

describe('emailRequestSchema rejects, naming the field', () => {
  it.each([
    ['a missing address', { responses: {} }, { email: M.emailMissing }],
    ['an empty address', { email: '', responses: {} }, { email: M.emailMissing }],
    ['a blank address', { email: '   ', responses: {} }, { email: M.emailMissing }],
    ['an address without @', { email: 'manager', responses: {} }, { email: M.emailInvalid }],
    ['an address without a domain', { email: 'manager@', responses: {} }, { email: M.emailInvalid }],
    ['two addresses', { email: 'a@b.co, c@d.co', responses: {} }, { email: M.emailInvalid }],
    ['a header injection', { email: 'a@b.co\nBcc: x@y.co', responses: {} }, { email: M.emailInvalid }],
    [
      'an address over 254 characters',
      { email: `${'a'.repeat(250)}@b.co`, responses: {} },
      { email: M.emailInvalid },
    ],
    ['an address that is not text', { email: 42, responses: {} }, { email: M.emailMissing }],
    [
      'a note over 2,000 characters',
      { email: 'a@b.co', message: 'x'.repeat(2001), responses: {} },
      { message: M.messageTooLong },
    ],
    ['missing answers', { email: 'a@b.co' }, { responses: M.responsesInvalid }],
    ['answers as a list', { email: 'a@b.co', responses: [] }, { responses: M.responsesInvalid }],
    [
      'an unknown area',
      { email: 'a@b.co', responses: { finance: { '0': 3 } } },
      { 'responses.finance': M.unknownArea },
    ],
    [
      'a question index above 4',
      { email: 'a@b.co', responses: { quality: { '5': 3 } } },
      { 'responses.quality.5': M.unknownQuestion },
    ],
    [
      'a negative question index',
      { email: 'a@b.co', responses: { quality: { '-1': 3 } } },
      { 'responses.quality.-1': M.unknownQuestion },
    ],
    [
      'a question index that is not a number',
      { email: 'a@b.co', responses: { quality: { first: 3 } } },
      { 'responses.quality.first': M.unknownQuestion },
    ],
    [
      'a rating of 0',
      { email: 'a@b.co', responses: { quality: { '0': 0 } } },
      { 'responses.quality.0': M.ratingInvalid },
    ],
    [
      'a rating of 6',
      { email: 'a@b.co', responses: { quality: { '0': 6 } } },
      { 'responses.quality.0': M.ratingInvalid },
    ],
    [
      'a fractional rating',
      { email: 'a@b.co', responses: { quality: { '0': 2.5 } } },
      { 'responses.quality.0': M.ratingInvalid },
    ],
    [
      'a rating as text',
      { email: 'a@b.co', responses: { quality: { '0': '3' } } },
      { 'responses.quality.0': M.ratingInvalid },
    ],
    [
      'a null rating',
      { email: 'a@b.co', responses: { quality: { '0': null } } },
      { 'responses.quality.0': M.ratingInvalid },
    ],
    [
      'an area that is not an object',
      { email: 'a@b.co', responses: { quality: 5 } },
      { 'responses.quality': M.responsesInvalid },
    ],
  ])('%s', (_, body, expected) => {
    expect(errorsFor(body)).toEqual(expected);
  });

  it('reports every bad field at once', () => {
    expect(
      Object.keys(errorsFor({ email: '', message: 'x'.repeat(2001), responses: { x: {} } })).sort(),
    ).toEqual(['email', 'message', 'responses.x']);
  });

  it.each([null, [], 'email=a@b.co', 7])('a body that is not an object: %j', (body) => {
    expect(errorsFor(body)).toEqual({ '': expect.any(String) });
  });
});

describe('emailAddressSchema on its own (for the form)', () => {
  it.each([
    ['', M.emailMissing],
    ['nope', M.emailInvalid],
  ])('%j → %s', (value, message) => {
    const result = emailAddressSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('tooManyRequestsMessage', () => {
  it.each([
    [undefined, 'Too many requests. Please try again later.'],
    [30, 'Too many requests. Please try again in a minute.'],
    [600, 'Too many requests. Please try again in 10 minutes.'],
    [900, 'Too many requests. Please try again in 15 minutes.'],
    [86_400, 'Too many requests. Please try again in 24 hours.'],
  ])('%s s → %s', (seconds, message) => {
    expect(tooManyRequestsMessage(seconds)).toBe(message);
  });
});
