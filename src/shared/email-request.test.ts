import { describe, expect, it } from 'vitest';
import {
  CONTACT_AND_SOURCE_MESSAGES,
  EMAIL_REQUEST_MESSAGES,
  emailAddressProblem,
  emailAddressSchema,
  emailRequestSchema,
  characterCount,
  CONTACT_FIELDS,
  contactFieldProblem,
  normalizeSourceValue,
  sourceFieldProblem,
} from './email-request';
import { fieldErrors, tooManyRequestsMessage } from './api-errors';
import { PLAIN_TEXT_MESSAGE } from './plain-text';

const M = { ...EMAIL_REQUEST_MESSAGES, ...CONTACT_AND_SOURCE_MESSAGES };

/** Characters no single-line field takes, and what each is. */
const UNSTORABLE = [
  ['U+0000', '\u0000'],
  ['a bell', '\u0007'],
  ['DEL', '\u007f'],
  ['a line break', '\n'],
  ['a tab', '\t'],
  ['half a surrogate pair', '\ud83d'],
] as const;

const complete = { operational: { '0': 5, '1': 4, '2': 3, '3': 2, '4': 1 } };
const some = { data: { '4': 1 } };

function errorsFor(body: unknown): Record<string, string> {
  const result = emailRequestSchema.safeParse(body);
  if (result.success) throw new Error(`expected ${JSON.stringify(body)} to be rejected`);
  return fieldErrors(result.error);
}

describe('emailRequestSchema accepts', () => {
  it.each([
    ['a full request', { email: 'manager@care.example.co.uk', message: 'Call me', responses: complete }],
    ['no note', { email: 'manager@care.example.co.uk', responses: complete }],
    ['an empty note', { email: 'a@b.co', message: '', responses: some }],
    ['a note of exactly 2,000 characters', { email: 'a@b.co', message: 'x'.repeat(2000), responses: some }],
    ['an area with some answers', { email: 'a@b.co', responses: some }],
    ['consent given', { email: 'a@b.co', responses: some, consent: true }],
    ['consent refused', { email: 'a@b.co', responses: some, consent: false }],
    ['a note with tabs and line breaks', { email: 'a@b.co', message: 'a\tb\r\nc', responses: some }],
  ])('%s', (_, body) => {
    expect(emailRequestSchema.safeParse(body).success).toBe(true);
  });

  it('trims the address and keeps its case', () => {
    expect(emailRequestSchema.parse({ email: '  Ann.Smith@Example.COM\n', responses: some }).email).toBe(
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
    ['a missing address', { responses: some }, { email: M.emailMissing }],
    ['an empty address', { email: '', responses: some }, { email: M.emailMissing }],
    ['a blank address', { email: '   ', responses: some }, { email: M.emailMissing }],
    ['an address without @', { email: 'manager', responses: some }, { email: M.emailInvalid }],
    ['an address without a domain', { email: 'manager@', responses: some }, { email: M.emailInvalid }],
    ['two addresses', { email: 'a@b.co, c@d.co', responses: some }, { email: M.emailInvalid }],
    ['a header injection', { email: 'a@b.co\nBcc: x@y.co', responses: some }, { email: M.emailInvalid }],
    [
      'an address over 254 characters',
      { email: `${'a'.repeat(250)}@b.co`, responses: some },
      { email: M.emailInvalid },
    ],
    ['an address that is not text', { email: 42, responses: some }, { email: M.emailMissing }],
    [
      'a note over 2,000 characters',
      { email: 'a@b.co', message: 'x'.repeat(2001), responses: some },
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

describe('emailAddressProblem, the rule the form applies before it sends', () => {
  it.each([
    ['', M.emailMissing],
    ['nope', M.emailInvalid],
    ['a@b', M.emailInvalid],
    [`${'a'.repeat(65)}@example.org`, M.emailInvalid],
    [`${'a'.repeat(64)}@example.org`, undefined],
    ['Ann.Smith+audit@Example.co.uk', undefined],
  ])('%j → %s', (address, problem) => {
    expect(emailAddressProblem(address)).toBe(problem);
    // The server's schema says the same about the same address.
    const parsed = emailAddressSchema.safeParse(address);
    expect(parsed.success ? undefined : parsed.error.issues[0]?.message).toBe(problem);
  });
});

describe('emailAddressSchema on its own', () => {
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
    [Number.NaN, 'Too many requests. Please try again later.'],
    [1, 'Too many requests. Please try again in a minute.'],
    [59, 'Too many requests. Please try again in a minute.'],
    [60, 'Too many requests. Please try again in a minute.'],
    [61, 'Too many requests. Please try again in 2 minutes.'],
    [119, 'Too many requests. Please try again in 2 minutes.'],
    [120, 'Too many requests. Please try again in 2 minutes.'],
    [121, 'Too many requests. Please try again in 3 minutes.'],
    [900, 'Too many requests. Please try again in 15 minutes.'],
    [3540, 'Too many requests. Please try again in 59 minutes.'],
    [3541, 'Too many requests. Please try again in an hour.'],
    [3599, 'Too many requests. Please try again in an hour.'],
    [3600, 'Too many requests. Please try again in an hour.'],
    [3601, 'Too many requests. Please try again in 2 hours.'],
    [7200, 'Too many requests. Please try again in 2 hours.'],
    [86_400, 'Too many requests. Please try again in 24 hours.'],
  ])('%s s → %s', (seconds, message) => {
    expect(tooManyRequestsMessage(seconds)).toBe(message);
  });
});

describe('the address at the RFC 5321 limits', () => {
  const local = (n: number) => 'a'.repeat(n);
  const domain = (n: number) => `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(n - 132)}.org`;
  it.each([
    ['a 64-character local part', `${local(64)}@example.org`, true],
    ['a 65-character local part', `${local(65)}@example.org`, false],
    ['a 64-character local part inside spaces', `  ${local(64)}@example.org  `, true],
    ['254 characters in all', `${local(64)}@${domain(189)}`, true],
    ['255 characters in all', `${local(64)}@${domain(190)}`, false],
  ])('%s', (_, email, accepted) => {
    const result = emailAddressSchema.safeParse(email);
    expect(result.success).toBe(accepted);
    if (!accepted) expect(result.error?.issues[0]?.message).toBe(M.emailInvalid);
  });

  it('builds the long addresses it means to', () => {
    expect(`${local(64)}@${domain(189)}`).toHaveLength(254);
  });
});

describe('the note, counted as a person counts it', () => {
  const parse = (message: string) =>
    emailRequestSchema.safeParse({ email: 'a@b.co', message, responses: some });

  it.each([
    ['2,000 letters', 'x'.repeat(2000), true],
    ['2,001 letters', 'x'.repeat(2001), false],
    // Each emoji is two UTF-16 units: 4,000 units, but 2,000 characters.
    ['2,000 emoji', '😀'.repeat(2000), true],
    ['2,001 emoji', '😀'.repeat(2001), false],
    ['1,999 letters and an emoji', `${'x'.repeat(1999)}😀`, true],
    [
      '2,000 characters inside spaces and line breaks',
      `  \n${'😀'.repeat(1000)}${'x'.repeat(1000)}\n  `,
      true,
    ],
    ['2,001 characters inside spaces', `   ${'x'.repeat(2001)}   `, false],
  ])('%s', (_, message, accepted) => {
    const result = parse(message);
    expect(result.success).toBe(accepted);
    if (!accepted) expect(result.error && fieldErrors(result.error)).toEqual({ message: M.messageTooLong });
  });

  it('is stored trimmed', () => {
    expect(parse('  \n Call me \t').data?.message).toBe('Call me');
  });

  it.each([
    ['U+0000', 'a\u0000b'],
    ['another control character', 'a\u0007b'],
    ['DEL', 'a\u007fb'],
    ['half a surrogate pair', 'a\ud83db'],
    ['a lone low surrogate', '\ude00'],
  ])('refuses %s', (_, message) => {
    const result = parse(message);
    expect(result.success).toBe(false);
    expect(result.error && fieldErrors(result.error)).toEqual({ message: M.messageInvalid });
  });

  it.each([
    ['', 0],
    ['abc', 3],
    ['😀', 1],
    ['a😀b', 3],
    ['\ud83d', 1],
  ])('characterCount(%j) = %i', (text, count) => {
    expect(characterCount(text)).toBe(count);
  });
});

describe('answers', () => {
  it.each([
    ['no answers at all', {}],
    ['areas with no answers in them', { data: {}, quality: {} }],
  ])('%s → "take the audit first"', (_, responses) => {
    const result = emailRequestSchema.safeParse({ email: 'a@b.co', responses });
    expect(result.error && fieldErrors(result.error)).toEqual({ responses: M.noAnswers });
  });

  it('refuses consent that is not true or false', () => {
    const result = emailRequestSchema.safeParse({ email: 'a@b.co', responses: some, consent: 'yes' });
    expect(result.error && fieldErrors(result.error)).toEqual({ consent: M.consentInvalid });
  });
});

describe('contact details, with consent', () => {
  // The consent box ticked unless the test says otherwise ({} leaves `consent` out altogether).
  const withContact = (contact: unknown, consent: { consent?: unknown } = { consent: true }) =>
    emailRequestSchema.safeParse({ email: 'a@b.co', responses: some, ...consent, contact });
  const errors = (contact: unknown, consent?: { consent?: unknown }) => {
    const result = withContact(contact, consent);
    return result.success ? {} : fieldErrors(result.error);
  };

  it('keeps each detail trimmed and leaves out the empty ones', () => {
    const result = withContact({
      name: '  Ann Smith ',
      organisation: '',
      role: '   ',
      phone: ' 01632 960 001 ',
    });
    expect(result.data?.contact).toEqual({ name: 'Ann Smith', phone: '01632 960 001' });
  });

  it.each([
    ['no consent', {}],
    ['consent refused', { consent: false }],
  ])('refuses a contact with %s, naming contact, even an empty one', (_, consent) => {
    expect(errors({ name: 'Ann' }, consent)).toEqual({ contact: M.contactNeedsConsent });
    expect(errors({}, consent)).toEqual({ contact: M.contactNeedsConsent });
  });

  it.each([
    ['name', 100, M.nameTooLong],
    ['organisation', 150, M.organisationTooLong],
    ['role', 100, M.roleTooLong],
  ] as const)(
    'takes a %s of %i characters (emoji count once) and refuses one more',
    (field, limit, message) => {
      expect(errors({ [field]: 'x'.repeat(limit) })).toEqual({});
      expect(errors({ [field]: `  ${'😀'.repeat(limit)}  ` })).toEqual({});
      expect(errors({ [field]: 'x'.repeat(limit + 1) })).toEqual({ [`contact.${field}`]: message });
      expect(contactFieldProblem(field, 'x'.repeat(limit + 1))).toBe(message);
    },
  );

  it.each([
    ['6 digits', '123 456', false],
    ['7 digits', '123 4567', true],
    ['20 digits', '+44 (0) 1234-567 890 1234567', true],
    ['21 digits', '+44 (0) 1234-567 890 12345678', false],
    ['letters', '0800 CALL NOW', false],
    ['an extension word', '01632 960001 ext 2', false],
    ['a dot between groups', '01632.960.001', false],
    ['40 characters with 20 digits', `${'1 '.repeat(19)}1 `.trimEnd().padEnd(40, '-'), true],
    ['41 characters with 20 digits', `${'1 '.repeat(19)}1`.padEnd(41, '-'), false],
  ])('a phone number of %s', (_, phone, accepted) => {
    expect(errors({ phone })).toEqual(accepted ? {} : { 'contact.phone': M.phoneInvalid });
  });

  it.each(CONTACT_FIELDS.flatMap((field) => UNSTORABLE.map(([what, text]) => [field, what, text] as const)))(
    'refuses a %s holding %s',
    (field, _, text) => {
      expect(errors({ [field]: field === 'phone' ? `0163296${text}0001` : `Ann${text}Smith` })).toEqual({
        [`contact.${field}`]: PLAIN_TEXT_MESSAGE,
      });
    },
  );

  it('refuses a detail that is not text, a contact that is not an object, and a key it does not know', () => {
    expect(errors({ name: 7, phone: null })).toEqual({
      'contact.name': M.nameNotText,
      'contact.phone': M.phoneNotText,
    });
    expect(errors('Ann Smith')).toEqual({ contact: M.contactNotObject });
    expect(errors(null)).toEqual({ contact: M.contactNotObject });
    expect(errors({ name: 'Ann', email: 'x@y.z' })).toEqual({ 'contact.email': M.unknownContactField });
  });
});

describe('the source of the visit', () => {
  const errors = (source: unknown) => {
    const result = emailRequestSchema.safeParse({ email: 'a@b.co', responses: some, source });
    return result.success ? {} : fieldErrors(result.error);
  };

  it('keeps each value trimmed, the host lower-cased, and leaves out the empty ones', () => {
    const result = emailRequestSchema.safeParse({
      email: 'a@b.co',
      responses: some,
      source: {
        utmSource: ' newsletter ',
        utmMedium: '',
        utmCampaign: '  ',
        referrerHost: 'WWW.Example.CO.UK',
      },
    });
    expect(result.data?.source).toEqual({ utmSource: 'newsletter', referrerHost: 'www.example.co.uk' });
  });

  it.each([
    ['utmSource', M.utmSourceInvalid],
    ['utmMedium', M.utmMediumInvalid],
    ['utmCampaign', M.utmCampaignInvalid],
  ] as const)('takes a %s of 100 characters and refuses 101', (field, message) => {
    expect(errors({ [field]: 'x'.repeat(100) })).toEqual({});
    expect(errors({ [field]: 'x'.repeat(101) })).toEqual({ [`source.${field}`]: message });
    expect(errors({ [field]: 'a\u0000b' })).toEqual({ [`source.${field}`]: PLAIN_TEXT_MESSAGE });
  });

  const label = (n: number) => 'a'.repeat(n);
  it.each([
    ['a host name', 'www.google.com', true],
    ['an address of numbers', '192.0.2.1', true],
    ['253 characters', `${label(63)}.${label(63)}.${label(63)}.${label(61)}`, true],
    ['254 characters', `${label(63)}.${label(63)}.${label(63)}.${label(62)}`, false],
    ['a full URL', 'https://www.google.com/search?q=care', false],
    ['a host with a port', 'example.com:8080', false],
    ['a host with a path', 'example.com/page', false],
    ['an IPv6 address', '[2001:db8::1]', false],
    ['a space', 'exa mple.com', false],
    ['an empty label', 'example..com', false],
  ])('a referrerHost of %s', (_, referrerHost, accepted) => {
    expect(errors({ referrerHost })).toEqual(
      accepted ? {} : { 'source.referrerHost': M.referrerHostInvalid },
    );
  });

  it('refuses a source that is not an object and a key it does not know', () => {
    expect(errors('google')).toEqual({ source: M.sourceNotObject });
    expect(errors({ utmTerm: 'care homes' })).toEqual({ 'source.utmTerm': M.unknownSourceField });
  });

  it('applies the same rule the browser does', () => {
    expect(
      sourceFieldProblem('referrerHost', normalizeSourceValue('referrerHost', ' Example.COM ')),
    ).toBeUndefined();
    expect(sourceFieldProblem('utmSource', '')).toBeUndefined();
    expect(sourceFieldProblem('utmSource', 'a\tb')).toBe(PLAIN_TEXT_MESSAGE);
  });
});
