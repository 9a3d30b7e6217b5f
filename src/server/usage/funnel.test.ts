import { describe, expect, it } from 'vitest';
import { FUNNEL_STEPS, type FunnelStepId } from '../../shared/usage-events';
import { capFunnel } from './funnel';

const counts = (entries: Partial<Record<FunnelStepId, number>>) =>
  new Map(Object.entries(entries) as [FunnelStepId, number][]);

/** Every step's shown number, in the funnel's order. */
const shown = (funnel: ReturnType<typeof capFunnel>) => FUNNEL_STEPS.map(({ id }) => funnel.get(id)?.shown);

describe('capFunnel', () => {
  it('shows no step above the step before, however many more were counted, and keeps what was counted', () => {
    // The report that started it: 20 reached section 1 against 18 starts ("111%").
    const funnel = capFunnel(
      counts({
        started: 18,
        section_1_reached: 20,
        section_2_reached: 19,
        section_3_reached: 25,
        section_4_reached: 5,
        section_5_reached: 6,
        completed: 7,
        pdf_downloaded: 9,
        email_requested: 3,
        consent_given: 4,
      }),
    );
    expect(shown(funnel)).toEqual([18, 18, 18, 18, 5, 5, 5, 5, 3, 3]);
    expect(funnel.get('section_1_reached')).toEqual({ counted: 20, shown: 18 });
    expect(funnel.get('section_3_reached')).toEqual({ counted: 25, shown: 18 });
    // PDF and e-mail both follow completing: each is held to it, not to the other.
    expect(funnel.get('pdf_downloaded')).toEqual({ counted: 9, shown: 5 });
    expect(funnel.get('email_requested')).toEqual({ counted: 3, shown: 3 });
    expect(funnel.get('consent_given')).toEqual({ counted: 4, shown: 3 });
    for (const { id, after } of FUNNEL_STEPS) {
      if (after !== null) expect(funnel.get(id)!.shown).toBeLessThanOrEqual(funnel.get(after)!.shown);
    }
  });

  it('leaves a step equal to the step before as it is: the limit is the step before, not one less', () => {
    const funnel = capFunnel(counts({ started: 7, section_1_reached: 7, section_2_reached: 8 }));
    expect(funnel.get('section_1_reached')).toEqual({ counted: 7, shown: 7 });
    expect(funnel.get('section_2_reached')).toEqual({ counted: 8, shown: 7 });
  });

  it('gives zeros for a period that counted nothing, and for steps missing from the counts', () => {
    expect(shown(capFunnel(counts({})))).toEqual(FUNNEL_STEPS.map(() => 0));
    // Nothing started (every audit began the day before): every later step shows 0, as counted.
    const funnel = capFunnel(counts({ section_2_reached: 3, completed: 2 }));
    expect(shown(funnel)).toEqual(FUNNEL_STEPS.map(() => 0));
    expect(funnel.get('completed')).toEqual({ counted: 2, shown: 0 });
  });

  it('takes the largest counts as they are', () => {
    const most = Number.MAX_SAFE_INTEGER;
    const funnel = capFunnel(new Map(FUNNEL_STEPS.map(({ id }) => [id, most])));
    expect(shown(funnel)).toEqual(FUNNEL_STEPS.map(() => most));
  });
});
