import { describe, expect, it } from 'vitest';
import { AREA_IDS } from '../areas';
import type { Rating, Responses } from '../responses';
import { CONTENT_V1 } from './content-v1';
import { carryAnswers } from './carry-answers';
import { compareStatements } from './compare-statements';

function all(rating: Rating): Responses {
  return Object.fromEntries(
    AREA_IDS.map((id) => [id, { 0: rating, 1: rating, 2: rating, 3: rating, 4: rating }]),
  );
}
const v1 = (responses: Responses) => ({ responses, content: CONTENT_V1, version: 1 });

describe('compareStatements: statements are compared only where the key continues', () => {
  it('finds nothing changed between equal answers in one version', () => {
    expect(compareStatements(v1(all(3)), v1(all(3)))).toEqual({
      changed: [],
      notCompared: [],
      wordingChanged: false,
    });
  });

  it('lists every statement when all move from the lowest to the highest', () => {
    const { changed } = compareStatements(v1(all(1)), v1(all(5)));
    expect(changed).toHaveLength(25);
    expect(changed[0]).toEqual({
      areaId: 'operational',
      key: 'operational-1',
      label: 'Care workflows in one digital system',
      from: 1,
      to: 5,
    });
  });

  it('compares a reworded statement that kept its key, and not one given a new key', () => {
    const v2 = structuredClone(CONTENT_V1);
    v2.areas[0]!.statements[0]!.text = 'Reworded, same meaning.';
    v2.areas[0]!.statements[1]!.key = 'operational-referrals-2027';
    v2.areas[0]!.statements[1]!.label = 'Referrals answered within a day';
    const later = { responses: all(4), content: v2, version: 2 };
    const result = compareStatements(v1(all(2)), later);
    expect(result.wordingChanged).toBe(true);
    expect(result.notCompared).toEqual([{ areaId: 'operational', label: 'Referrals answered within a day' }]);
    expect(result.changed.map((change) => change.key)).not.toContain('operational-referrals-2027');
    expect(result.changed.find((change) => change.key === 'operational-1')).toMatchObject({ from: 2, to: 4 });
    expect(result.changed).toHaveLength(24);
  });

  it('follows a key to wherever it moved in the later version', () => {
    const v2 = structuredClone(CONTENT_V1);
    const [first, second] = v2.areas[0]!.statements;
    v2.areas[0]!.statements[0] = second!;
    v2.areas[0]!.statements[1] = first!;
    const earlier: Responses = { operational: { 0: 1, 1: 5 } };
    const later: Responses = { operational: { 0: 5, 1: 1 } };
    // Each statement kept its rating; only their places swapped.
    expect(compareStatements(v1(earlier), { responses: later, content: v2, version: 2 }).changed).toEqual([]);
  });

  it('leaves out a statement unanswered in either result', () => {
    const { changed } = compareStatements(v1({ operational: { 0: 2 } }), v1({ operational: { 1: 4 } }));
    expect(changed).toEqual([]);
  });
});

describe('carryAnswers: a retake after a publish keeps the answers whose key continues', () => {
  it('carries every answer into the same version unchanged', () => {
    expect(carryAnswers(all(4), CONTENT_V1, CONTENT_V1)).toEqual(all(4));
  });

  it('leaves a statement with a new key unrated and follows a moved key', () => {
    const v2 = structuredClone(CONTENT_V1);
    const [first, second] = v2.areas[0]!.statements;
    v2.areas[0]!.statements[0] = second!;
    v2.areas[0]!.statements[1] = first!;
    v2.areas[4]!.statements[4]!.key = 'data-backups-tested';
    const carried = carryAnswers(
      { ...all(3), operational: { 0: 1, 1: 5, 2: 3, 3: 3, 4: 3 } },
      CONTENT_V1,
      v2,
    );
    expect(carried.operational).toEqual({ 0: 5, 1: 1, 2: 3, 3: 3, 4: 3 });
    expect(carried.data).toEqual({ 0: 3, 1: 3, 2: 3, 3: 3 });
  });

  it('carries nothing from no answers', () => {
    expect(carryAnswers({}, CONTENT_V1, CONTENT_V1)).toEqual({});
  });
});
