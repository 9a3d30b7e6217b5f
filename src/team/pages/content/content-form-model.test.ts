import { describe, expect, it } from 'vitest';
import { checkContent, CONTENT_V1, type AuditContent } from '../../../core/content';
import {
  documentOf,
  wordsJson,
  fieldId,
  newFrameworkItemId,
  plainText,
  problemField,
  withoutFrameworkItem,
} from './content-form-model';

const copy = (): AuditContent => structuredClone(CONTENT_V1);

describe('the editor form’s document', () => {
  it('makes each field one paragraph with no space at either end', () => {
    expect(plainText('  First line\r\n\n  second line \n')).toBe('First line second line');
    const form = copy();
    form.areas[1].advice.sustain = 'Keep it up.\nReview yearly. ';
    form.areas[1].statements[0].key = ' compliance-1 ';
    const doc = documentOf(form);
    expect(doc.areas[1].advice.sustain).toBe('Keep it up. Review yearly.');
    expect(doc.areas[1].statements[0].key).toBe('compliance-1');
    expect(documentOf(copy())).toEqual(CONTENT_V1);
  });

  it('links checkContent’s problems to the fields they are about', () => {
    const broken = copy();
    broken.bandHeadings.next_steps = '';
    broken.recommendationsIntro.sustain = '';
    broken.framework.name = '';
    broken.framework.items[2].name = '';
    broken.areas[0].intro = 'x'.repeat(601);
    broken.areas[0].statements[1].text = '';
    broken.areas[0].statements[1].label = '';
    broken.areas[0].statements[1].nextStep = '';
    broken.areas[2].statements[4].key = 'Not A Key';
    broken.areas[2].statements[4].keyQuestions = [];
    broken.areas[3].statements[0].frameworkItems = ['no-such-item'];
    broken.areas[4].recommendations[2] = '';
    broken.areas[4].advice.foundations = '';
    const check = checkContent(broken);
    if (check.ok) throw new Error('The broken document passed');
    const fields = check.problems.map((problem) => problemField(problem, broken));
    expect(fields).toEqual([
      fieldId.bandHeading('next_steps'),
      fieldId.recommendationsIntro('sustain'),
      fieldId.frameworkName,
      fieldId.frameworkItemName(2),
      fieldId.statement('operational', 2, 'text'),
      fieldId.statement('operational', 2, 'label'),
      fieldId.statement('operational', 2, 'next'),
      fieldId.areaIntro('operational'),
      fieldId.statement('quality', 5, 'key'),
      `${fieldId.statement('quality', 5, 'kq')}-0`,
      fieldId.statement('training', 1, 'items'),
      fieldId.recommendation('data', 3),
      fieldId.advice('data', 'foundations'),
    ]);
  });

  it('links a problem of the whole document to no field', () => {
    expect(problemField('There must be exactly 5 areas, in the audit’s order.', CONTENT_V1)).toBeUndefined();
  });
});

describe('the framework’s items in the form', () => {
  it('gives an added item an id one past the highest under its key question', () => {
    expect(newFrameworkItemId(CONTENT_V1.framework.items, 'Safe')).toBe('safe-9');
    expect(newFrameworkItemId(CONTENT_V1.framework.items, 'Well-led')).toBe('well-led-9');
    const gap = CONTENT_V1.framework.items.filter((item) => item.id !== 'caring-2');
    expect(newFrameworkItemId(gap, 'Caring')).toBe('caring-6');
    const removedLast = CONTENT_V1.framework.items.filter((item) => item.id !== 'caring-5');
    expect(newFrameworkItemId(removedLast, 'Caring')).toBe('caring-5');
    expect(newFrameworkItemId([], 'Responsive')).toBe('responsive-1');
  });

  it('unticks a removed item on every statement that named it', () => {
    const form = copy();
    form.areas[0].statements[0].frameworkItems = ['safe-1', 'safe-2'];
    form.areas[3].statements[2].frameworkItems = ['safe-1'];
    const without = withoutFrameworkItem(form, 0);
    expect(without.framework.items.map((item) => item.id)).not.toContain('safe-1');
    expect(without.framework.items).toHaveLength(CONTENT_V1.framework.items.length - 1);
    expect(without.areas[0].statements[0].frameworkItems).toEqual(['safe-2']);
    expect(without.areas[3].statements[2].frameworkItems).toEqual([]);
    expect(checkContent(without).ok).toBe(true);
  });
});

describe('wordsJson: the same words are the same, whatever the order of their fields', () => {
  it('ignores the order of an object’s keys, at every depth, and keeps the order of lists', () => {
    expect(wordsJson({ b: 1, a: { d: [2, 1], c: 'x' } })).toBe(wordsJson({ a: { c: 'x', d: [2, 1] }, b: 1 }));
    expect(wordsJson({ a: [1, 2] })).not.toBe(wordsJson({ a: [2, 1] }));
    expect(wordsJson({ a: 'x' })).not.toBe(wordsJson({ a: 'y' }));
  });
});
