import { describe, expect, it } from 'vitest';
import { AREAS } from './areas';
import { buildReport, reportFileName } from './report';
import { roadmapFor } from './roadmap';

describe('buildReport', () => {
  it('a report with no answers at all: every score 0, "Needs Improvement", red', () => {
    const report = buildReport({}, new Date('2026-11-22T09:00:00Z'));
    expect(report.overall).toEqual({ score: 0, rating: 'Needs Improvement', tone: 'red' });
    expect(report.areas.map((a) => [a.id, a.score, a.rating])).toEqual(
      AREAS.map((a) => [a.id, 0, 'Needs Improvement']),
    );
  });

  it('scores each area from its answers and carries its title and recommendations', () => {
    const report = buildReport({ compliance: { 0: 5, 1: 5, 2: 4, 3: 4, 4: 4 } });
    const compliance = report.areas.find((a) => a.id === 'compliance');
    expect(compliance).toMatchObject({ title: 'Compliance & Regulations', score: 88, rating: 'Excellent' });
    expect(compliance?.recommendations).toEqual([
      'Set up automated GDPR compliance monitoring',
      'Implement real-time regulatory tracking',
      'Deploy CQC readiness dashboard',
    ]);
    expect(report.overall.score).toBe(18);
  });

  it('has five areas of five statements and three recommendations each', () => {
    expect(AREAS.map((a) => a.id)).toEqual(['operational', 'compliance', 'quality', 'training', 'data']);
    for (const area of AREAS) {
      expect(area.questions).toHaveLength(5);
      expect(area.recommendations).toHaveLength(3);
    }
  });
});

describe('roadmapFor: weakest areas first, in phases', () => {
  it.each([
    [
      'distinct scores',
      { operational: 80, compliance: 20, quality: 60, training: 40, data: 100 },
      [['compliance', 'training'], ['quality'], ['operational', 'data']],
    ],
    [
      'ties keep the audit order',
      { operational: 0, compliance: 0, quality: 0, training: 0, data: 0 },
      [['operational', 'compliance'], ['quality'], ['training', 'data']],
    ],
  ])('%s', (_name, scores, phases) => {
    expect(roadmapFor(scores).map((p) => p.areas.map((a) => a.id))).toEqual(phases);
  });
});

describe('reportFileName', () => {
  it.each([
    ['2026-11-22T10:00:00Z', 'care-management-audit-report-2026-11-22.pdf'],
    ['2027-01-03T23:59:59Z', 'care-management-audit-report-2027-01-03.pdf'],
  ])('%s → %s', (iso, name) => {
    expect(reportFileName(new Date(iso))).toBe(name);
  });
});
