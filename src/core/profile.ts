/**
 * The optional profile a visitor may give on the results page, so their scores can be compared
 * with providers like them. Both parts are optional: a visitor can skip the question or answer half.
 */
export const SERVICE_TYPES = [
  { id: 'home_care', label: 'Home care' },
  { id: 'residential', label: 'Residential care' },
  { id: 'nursing', label: 'Nursing care' },
  { id: 'supported_living', label: 'Supported living' },
  { id: 'other', label: 'Other' },
] as const;

export const SIZE_BANDS = [
  { id: 'under_25', label: 'Under 25' },
  { id: '25_99', label: '25–99' },
  { id: '100_plus', label: '100 or more' },
] as const;

export type ServiceType = (typeof SERVICE_TYPES)[number]['id'];
export type SizeBand = (typeof SIZE_BANDS)[number]['id'];

export interface ServiceProfile {
  serviceType?: ServiceType;
  /** How many people the service supports. */
  size?: SizeBand;
}

export function isServiceType(value: unknown): value is ServiceType {
  return SERVICE_TYPES.some((type) => type.id === value);
}

export function isSizeBand(value: unknown): value is SizeBand {
  return SIZE_BANDS.some((band) => band.id === value);
}

/** The well-formed part of untrusted profile data (storage, a stored request); anything else is dropped. */
export function sanitizeProfile(value: unknown): ServiceProfile {
  if (typeof value !== 'object' || value === null) return {};
  const { serviceType, size } = value as Record<string, unknown>;
  return {
    ...(isServiceType(serviceType) ? { serviceType } : {}),
    ...(isSizeBand(size) ? { size } : {}),
  };
}

/** Whether the visitor gave either part of the profile (a skipped question gives neither). */
export function hasProfile(profile: ServiceProfile): boolean {
  return profile.serviceType !== undefined || profile.size !== undefined;
}

/**
 * The segment a profile belongs to, as `GET /api/benchmark?segment=` takes it:
 * "<service type>:<size band>", either part "any"; "all" when neither is known.
 */
export function segmentOf(profile: ServiceProfile): string {
  if (!hasProfile(profile)) return 'all';
  return `${profile.serviceType ?? 'any'}:${profile.size ?? 'any'}`;
}

/** The profile a segment names, or undefined when the text is not a segment ("any:any" is all). */
export function parseSegment(segment: string): ServiceProfile | undefined {
  if (segment === 'all') return {};
  const match = /^([a-z_]+):([a-z0-9_]+)$/.exec(segment);
  if (!match) return undefined;
  const [, type, size] = match;
  if (type !== 'any' && !isServiceType(type)) return undefined;
  if (size !== 'any' && !isSizeBand(size)) return undefined;
  return {
    ...(type !== 'any' ? { serviceType: type as ServiceType } : {}),
    ...(size !== 'any' ? { size: size as SizeBand } : {}),
  };
}

// A size band inside a sentence: "supporting fewer than 25 people" reads better than "under 25 people".
const SIZE_IN_A_SENTENCE: Record<SizeBand, string> = {
  under_25: 'fewer than 25',
  '25_99': '25–99',
  '100_plus': '100 or more',
};

/** "residential care providers supporting 25–99 people", for the words beside a comparison. */
export function describeSegment(profile: ServiceProfile): string {
  const type = SERVICE_TYPES.find((t) => t.id === profile.serviceType);
  const who = type && type.id !== 'other' ? `${type.label.toLowerCase()} providers` : 'care providers';
  return isSizeBand(profile.size) ? `${who} supporting ${SIZE_IN_A_SENTENCE[profile.size]} people` : who;
}
