import type { FunnelFigure } from '../../shared/team-api';
import { FUNNEL_STEPS, type FunnelStepId } from '../../shared/usage-events';

/**
 * The funnel of one period as the overview shows it: each step as counted, and shown as at most
 * what the step before it shows. The browser reports a step of an audit only after the one before
 * it (src/web/usage/report-usage.ts), yet a period can still count more of a step than of the one
 * before: an audit started on the day before the period's first day and finished on it counts its
 * finish and not its start, and consent is counted per stored request, where one audit can make
 * several. Shown as at most the step before, no conversion goes over 100%; the page says which
 * steps were held down, from `counted`. A step missing from `counted` counted 0. A pure function: no database, no clock.
 */
export function capFunnel(counted: ReadonlyMap<FunnelStepId, number>): Map<FunnelStepId, FunnelFigure> {
  const figures = new Map<FunnelStepId, FunnelFigure>();
  // FUNNEL_STEPS lists each step after the one it follows, so that one is already shown.
  for (const { id, after } of FUNNEL_STEPS) {
    const count = counted.get(id) ?? 0;
    const ceiling = after === null ? count : (figures.get(after)?.shown ?? 0);
    figures.set(id, { counted: count, shown: Math.min(count, ceiling) });
  }
  return figures;
}
