import { AREA_IDS, segmentOf, type Benchmark, type ServiceProfile } from '../../core';

/**
 * How providers like the visitor scored, from `GET /api/benchmark`. A comparison is extra: any
 * failure (no answer, an error status, a body that is not a benchmark) resolves to undefined, so
 * the results show no comparison and nothing else waits for it.
 */
export async function fetchBenchmark(
  profile: ServiceProfile,
  signal?: AbortSignal,
): Promise<Benchmark | undefined> {
  try {
    const response = await fetch(`/api/benchmark?segment=${encodeURIComponent(segmentOf(profile))}`, {
      headers: { accept: 'application/json' },
      signal,
    });
    if (!response.ok) return undefined;
    const body: unknown = await response.json();
    return isBenchmark(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

const AREA_FIGURES = ['median', 'lowerQuartile', 'upperQuartile'] as const;

/**
 * Whether a body is a benchmark the report can use: a proxy's page or an older server's answer
 * must not put "median undefined%" on the screen. Only the fields the results read are checked.
 */
export function isBenchmark(value: unknown): value is Benchmark {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  if (body.status === 'too_few') return Number.isInteger(body.minResponses);
  if (body.status !== 'available') return false;
  if (body.basis !== 'segment' && body.basis !== 'all') return false;
  if (typeof body.profile !== 'object' || body.profile === null) return false;
  if (!Number.isInteger(body.responses)) return false;
  const areas = body.areas as Record<string, unknown> | undefined;
  if (typeof areas !== 'object' || areas === null) return false;
  return AREA_IDS.every((id) => {
    const area = areas[id] as Record<string, unknown> | undefined;
    return typeof area === 'object' && area !== null && AREA_FIGURES.every((key) => isPercent(area[key]));
  });
}

function isPercent(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100;
}
