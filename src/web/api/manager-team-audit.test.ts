import { describe, expect, it } from 'vitest';
import { teamView, type Rating, type Responses } from '../../core';
import { CONTENT_V1 } from '../../core/content';
import { readManagerTeamAudit } from './manager-team-audit';

const rated = (rating: Rating): Responses =>
  Object.fromEntries(
    ['operational', 'compliance', 'quality', 'training', 'data'].map((id) => [
      id,
      { 0: rating, 1: rating, 2: rating, 3: rating, 4: rating },
    ]),
  );
const VIEW = teamView(
  [{ responses: rated(2) }, { responses: rated(3) }, { responses: rated(5) }],
  rated(4),
  CONTENT_V1,
)!;
const SUMMARY = {
  joinLink: `http://127.0.0.1:3000/audit-tool/join/${'a'.repeat(43)}`,
  openedAt: '2026-11-28T10:00:00.000Z',
  closesAt: '2026-12-28T10:00:00.000Z',
  status: 'open',
  respondents: 3,
  view: VIEW,
};

describe('readManagerTeamAudit', () => {
  it('keeps a well-formed answer as it is, with or without a team audit', () => {
    expect(readManagerTeamAudit({ teamAudit: SUMMARY, organisation: 'Sunrise' })).toEqual({
      teamAudit: SUMMARY,
      organisation: 'Sunrise',
    });
    expect(readManagerTeamAudit({ teamAudit: null })).toEqual({ teamAudit: null });
  });

  it.each([
    ['no object', null],
    ['no teamAudit', {}],
    ['a link that is not an address', { teamAudit: { ...SUMMARY, joinLink: 'javascript:alert(1)' } }],
    ['an unknown status', { teamAudit: { ...SUMMARY, status: 'paused' } }],
    ['a date that is not one', { teamAudit: { ...SUMMARY, closesAt: 'soon' } }],
    ['a view over fewer than 3', { teamAudit: { ...SUMMARY, view: { ...VIEW, respondents: 2 } } }],
    [
      'a score over 100',
      { teamAudit: { ...SUMMARY, view: { ...VIEW, overall: { ...VIEW.overall, own: 101 } } } },
    ],
    ['an area missing', { teamAudit: { ...SUMMARY, view: { ...VIEW, areas: VIEW.areas.slice(1) } } }],
    [
      'a median outside its range',
      {
        teamAudit: {
          ...SUMMARY,
          view: { ...VIEW, areas: [{ ...VIEW.areas[0], median: 10 }, ...VIEW.areas.slice(1)] },
        },
      },
    ],
    ['an unknown role', { teamAudit: { ...SUMMARY, view: { ...VIEW, roles: [{ ...VIEW, role: 'chef' }] } } }],
    [
      'a role under 3',
      { teamAudit: { ...SUMMARY, view: { ...VIEW, roles: [{ ...VIEW, role: 'other', respondents: 2 }] } } },
    ],
    [
      'counts that are not five',
      { teamAudit: { ...SUMMARY, view: { ...VIEW, differing: [{ ...VIEW.differing[0], counts: [1, 2] }] } } },
    ],
    [
      'a differing statement without its words',
      {
        teamAudit: { ...SUMMARY, view: { ...VIEW, differing: [{ ...VIEW.differing[0], text: undefined }] } },
      },
    ],
  ])('refuses %s', (_name, value) => {
    expect(readManagerTeamAudit(value)).toBeUndefined();
  });
});
