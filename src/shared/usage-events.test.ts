import { describe, expect, it } from 'vitest';
import { FUNNEL_STEPS, SECTION_COUNT, counterKey, stepBefore } from './usage-events';

describe('the usage events and the funnel they make', () => {
  it('names a section’s counter by its number, and any other event’s by the event', () => {
    expect(counterKey('section_reached', 1)).toBe('section_1_reached');
    expect(counterKey('section_reached', SECTION_COUNT)).toBe('section_5_reached');
    expect(counterKey('started')).toBe('started');
  });

  it('lists each step once, after the step it follows, sections 1 to 5 in order', () => {
    const ids = FUNNEL_STEPS.map((step) => step.id);
    expect(ids).toEqual([
      'started',
      'section_1_reached',
      'section_2_reached',
      'section_3_reached',
      'section_4_reached',
      'section_5_reached',
      'completed',
      'pdf_downloaded',
      'email_requested',
      'consent_given',
    ]);
    FUNNEL_STEPS.forEach(({ after }, i) => {
      if (after !== null) expect(ids.indexOf(after)).toBeGreaterThanOrEqual(0);
      if (after !== null) expect(ids.indexOf(after)).toBeLessThan(i);
    });
  });

  it('puts the PDF and the e-mail both after completing, and consent after the e-mail', () => {
    expect(stepBefore('started')).toBeNull();
    expect(stepBefore('section_1_reached')).toBe('started');
    expect(stepBefore('completed')).toBe('section_5_reached');
    expect(stepBefore('pdf_downloaded')).toBe('completed');
    expect(stepBefore('email_requested')).toBe('completed');
    expect(stepBefore('consent_given')).toBe('email_requested');
    expect(stepBefore('section_6_reached')).toBeNull();
  });
});
