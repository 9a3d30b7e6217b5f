import {
  AREA_IDS,
  hasProfile,
  type AreaBenchmark,
  type AreaId,
  type Benchmark,
  type ServiceProfile,
} from '../../core';
import type { Queryable } from '../db/database';
import { areaBenchmark, totalCount, type ScoreCount } from './statistics';

interface CountRow {
  area: AreaId;
  score: number;
  all_count: number;
  segment_count: number;
}

type Histograms = Record<AreaId, ScoreCount[]>;

// Every area's histogram twice in one pass over the counts (a few thousand rows at most): for
// everyone, and for the segment. A part of the profile left out ("any") matches every value,
// a skipped answer included.
const COUNTS_SQL = `
SELECT area, score::int AS score, sum(count)::int AS all_count,
       coalesce(sum(count) FILTER (WHERE ($1::text IS NULL OR service_type = $1)
                                     AND ($2::text IS NULL OR size_band = $2)), 0)::int AS segment_count
  FROM benchmark_score_counts
 GROUP BY area, score
 ORDER BY area, score`;

function emptyHistograms(): Histograms {
  return Object.fromEntries(AREA_IDS.map((id) => [id, []])) as unknown as Histograms;
}

function figures(histograms: Histograms): Record<AreaId, AreaBenchmark> {
  return Object.fromEntries(AREA_IDS.map((id) => [id, areaBenchmark(histograms[id])])) as Record<
    AreaId,
    AreaBenchmark
  >;
}

/**
 * The comparison for a visitor of this profile: the median and quartiles per area of the audits in
 * its segment when there are at least `minResponses` of them; else of every audit, when there are
 * that many; else word that there are too few. A profile with neither part is everyone ("all").
 */
export async function readBenchmark(
  db: Queryable,
  profile: ServiceProfile,
  minResponses: number,
): Promise<Benchmark> {
  const { rows } = await db.query<CountRow>(COUNTS_SQL, [profile.serviceType ?? null, profile.size ?? null]);
  const all = emptyHistograms();
  const segment = emptyHistograms();
  for (const row of rows) {
    all[row.area].push({ score: row.score, count: row.all_count });
    if (row.segment_count > 0) segment[row.area].push({ score: row.score, count: row.segment_count });
  }
  // Every audit adds one to each area, so any area's histogram counts the audits.
  const inSegment = totalCount(segment[AREA_IDS[0]]);
  const inAll = totalCount(all[AREA_IDS[0]]);

  if (hasProfile(profile) && inSegment >= minResponses) {
    return {
      status: 'available',
      basis: 'segment',
      profile,
      responses: inSegment,
      areas: figures(segment),
      minResponses,
    };
  }
  if (inAll >= minResponses && inAll > 0) {
    return {
      status: 'available',
      basis: 'all',
      profile: {},
      responses: inAll,
      areas: figures(all),
      minResponses,
    };
  }
  return { status: 'too_few', minResponses };
}
