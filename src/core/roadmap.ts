import { AREAS, type AreaId } from './areas';
import type { AreaScores } from './scoring';

export interface RoadmapPhase {
  title: string;
  timeframe: string;
  areas: { id: AreaId; title: string; score: number; actions: readonly string[] }[];
}

const PHASES = [
  { title: 'Phase 1: Start where you have most to gain', timeframe: 'Months 1–2', size: 2 },
  { title: 'Phase 2: Build on progress', timeframe: 'Months 3–4', size: 1 },
  { title: 'Phase 3: Optimise and sustain', timeframe: 'Months 5–6', size: 2 },
] as const;

/**
 * An implementation roadmap: the areas from weakest to strongest, in three phases (the two weakest
 * first). Ties keep the audit's own area order, so the same scores always give the same roadmap.
 */
export function roadmapFor(areaScores: AreaScores): RoadmapPhase[] {
  const ordered = AREAS.map((area, index) => ({ area, index, score: areaScores[area.id] })).sort(
    (a, b) => a.score - b.score || a.index - b.index,
  );
  let next = 0;
  return PHASES.map((phase) => {
    const chunk = ordered.slice(next, next + phase.size);
    next += phase.size;
    return {
      title: phase.title,
      timeframe: phase.timeframe,
      areas: chunk.map(({ area, score }) => ({
        id: area.id,
        title: area.title,
        score,
        actions: area.recommendations,
      })),
    };
  });
}
