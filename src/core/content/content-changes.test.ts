import { describe, expect, it } from 'vitest';
import type { AuditContent } from './audit-content';
import { contentChanges, NEW_KEY_NOTE } from './content-changes';
import { CONTENT_V1 } from './content-v1';

/** A copy of version 1 to change: the tests never touch the shared document. */
function draft(): AuditContent {
  return structuredClone(CONTENT_V1);
}

describe('contentChanges', () => {
  it('finds nothing when the draft is the live version', () => {
    expect(contentChanges(CONTENT_V1, draft())).toEqual([]);
  });

  it('names one changed statement text by area and number, with both words', () => {
    const next = draft();
    next.areas[0].statements[1].text = 'Routine tasks are tracked for us.';
    expect(contentChanges(CONTENT_V1, next)).toEqual([
      {
        where: 'Operational Efficiency, statement 2, text',
        before: CONTENT_V1.areas[0].statements[1].text,
        after: 'Routine tasks are tracked for us.',
      },
    ]);
  });

  it('says a new key means progress will not compare the statement with earlier results', () => {
    const next = draft();
    next.areas[2].statements[4].key = 'quality-outcomes';
    expect(contentChanges(CONTENT_V1, next)).toEqual([
      {
        where: 'Service Quality, statement 5, key',
        before: 'quality-5',
        after: 'quality-outcomes',
        note: NEW_KEY_NOTE,
      },
    ]);
    expect(NEW_KEY_NOTE).toBe('new key: progress will not compare this statement with earlier results');
  });

  it('lists framework items added to and removed from the list, and renamed ones', () => {
    const next = draft();
    const removed = next.framework.items.shift();
    next.framework.items[0].name = 'Safe systems';
    next.framework.items.push({ id: 'safe-9', keyQuestion: 'Safe', name: 'Restrictive practice' });
    expect(removed?.name).toBe('Learning culture');
    expect(contentChanges(CONTENT_V1, next)).toEqual([
      { where: 'Framework, item removed', before: 'Learning culture (Safe)', after: '' },
      {
        where: 'Framework, item “Safe systems, pathways and transitions”, name',
        before: 'Safe systems, pathways and transitions',
        after: 'Safe systems',
      },
      { where: 'Framework, item added', before: '', after: 'Restrictive practice (Safe)' },
    ]);
  });

  it('lists a statement’s framework items by name when they are ticked or unticked', () => {
    const next = draft();
    next.areas[1].statements[3].frameworkItems = ['safe-3', 'well-led-5'];
    expect(contentChanges(CONTENT_V1, next)).toEqual([
      {
        where: 'Compliance & Regulations, statement 4, framework items',
        before: '',
        after: 'Safeguarding; Governance, management and sustainability',
      },
    ]);
  });

  it('names band headings, key questions, DSPT, recommendations and advice in the form’s words', () => {
    const next = draft();
    next.bandHeadings.sustain = 'Keep it up';
    next.areas[4].statements[0].keyQuestions = ['Safe', 'Well-led'];
    next.areas[4].statements[0].dspt = undefined;
    next.areas[3].recommendations[2] = 'Review performance fairly';
    next.areas[3].advice.next_steps = 'Take it further.';
    const where = contentChanges(CONTENT_V1, next).map((change) => change.where);
    expect(where).toEqual([
      'Band heading, Sustain and optimise',
      'Staff Training & Support, recommendation 3',
      'Staff Training & Support, advice, Take the next steps',
      'Data Management, statement 1, key questions',
      'Data Management, statement 1, DSPT standard',
    ]);
    const dspt = contentChanges(CONTENT_V1, next).find((c) => c.where.endsWith('DSPT standard'));
    expect(dspt?.after).toBe('None');
    expect(dspt?.before).toMatch(/^DSPT standard \d+: /);
  });
});
