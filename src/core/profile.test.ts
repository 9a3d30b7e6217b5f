import { describe, expect, it } from 'vitest';
import {
  describeSegment,
  parseSegment,
  sanitizeProfile,
  segmentOf,
  SERVICE_TYPES,
  SIZE_BANDS,
  type ServiceProfile,
} from './profile';

// Every profile a visitor can give: each service type or none, with each size band or none.
const EVERY_PROFILE: ServiceProfile[] = [undefined, ...SERVICE_TYPES.map((t) => t.id)].flatMap(
  (serviceType) =>
    [undefined, ...SIZE_BANDS.map((b) => b.id)].map((size) => ({
      ...(serviceType ? { serviceType } : {}),
      ...(size ? { size } : {}),
    })),
);

describe('segmentOf and parseSegment', () => {
  it('writes "all", "<type>:<size>" and "any" for a missing half', () => {
    expect(segmentOf({})).toBe('all');
    expect(segmentOf({ serviceType: 'nursing', size: '100_plus' })).toBe('nursing:100_plus');
    expect(segmentOf({ serviceType: 'home_care' })).toBe('home_care:any');
    expect(segmentOf({ size: 'under_25' })).toBe('any:under_25');
  });

  it('round-trips every one of the 24 profiles', () => {
    expect(EVERY_PROFILE).toHaveLength(24);
    const segments = EVERY_PROFILE.map(segmentOf);
    expect(new Set(segments).size).toBe(24);
    for (const profile of EVERY_PROFILE) expect(parseSegment(segmentOf(profile))).toEqual(profile);
  });

  it('reads "any:any" as all, as "all" is written', () => {
    expect(parseSegment('any:any')).toEqual({});
    expect(segmentOf({})).toBe('all');
  });

  it.each([
    '',
    'ALL',
    'any',
    'home_care',
    'home_care:',
    ':under_25',
    'home_care:under_25:any',
    'Home_care:any',
    'home_care:25-99',
    'home care:any',
    'day_centre:any',
    'any:500_plus',
    ' home_care:any',
    'home_care:any\n',
    'home_care%3Aany',
    'constructor:any',
    'any:__proto__',
  ])('refuses %j', (segment) => {
    expect(parseSegment(segment)).toBeUndefined();
  });
});

describe('sanitizeProfile keeps only the well-formed parts', () => {
  it.each<[string, unknown, ServiceProfile]>([
    ['undefined', undefined, {}],
    ['null', null, {}],
    ['a string', 'home_care', {}],
    ['an array', ['home_care'], {}],
    [
      'both parts',
      { serviceType: 'residential', size: '25_99' },
      { serviceType: 'residential', size: '25_99' },
    ],
    ['an unknown type, a good size', { serviceType: 'hospital', size: '25_99' }, { size: '25_99' }],
    ['a good type, a number for size', { serviceType: 'other', size: 25 }, { serviceType: 'other' }],
    ['extra keys are dropped', { serviceType: 'nursing', postcode: 'B1 1AA' }, { serviceType: 'nursing' }],
  ])('%s', (_name, value, expected) => {
    expect(sanitizeProfile(value)).toEqual(expected);
  });
});

describe('describeSegment: who the visitor is compared with, in words', () => {
  it.each<[ServiceProfile, string]>([
    [{}, 'care providers'],
    [{ serviceType: 'home_care' }, 'home care providers'],
    [{ serviceType: 'supported_living' }, 'supported living providers'],
    [{ serviceType: 'other' }, 'care providers'],
    [{ serviceType: 'residential', size: '25_99' }, 'residential care providers supporting 25–99 people'],
    [{ serviceType: 'nursing', size: 'under_25' }, 'nursing care providers supporting fewer than 25 people'],
    [{ size: '100_plus' }, 'care providers supporting 100 or more people'],
  ])('%j → %s', (profile, words) => {
    expect(describeSegment(profile)).toBe(words);
  });
});
