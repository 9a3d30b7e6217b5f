// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONTENT_V1 } from '../../../core/content';
import { StatementsSince } from './statements-since';

/** Every statement of the operational area rated `rating`. */
const operational = (rating: 1 | 2 | 3 | 4 | 5) => ({
  operational: { 0: rating, 1: rating, 2: rating, 3: rating, 4: rating },
});

describe('StatementsSince: the statements rated differently since the result before', () => {
  it('lists each statement whose rating changed, within one version', () => {
    render(
      <StatementsSince
        earlier={{ takenOn: '2026-11-03', responses: operational(2), contentVersion: 1 }}
        later={{
          responses: { operational: { 0: 4, 1: 2, 2: 2, 3: 2, 4: 2 } },
          content: CONTENT_V1,
          version: 1,
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Statements you rated differently' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Care workflows in one digital system: 2 → 4',
    ]);
    expect(screen.queryByText(/wording changed/)).toBeNull();
  });

  it('says so when nothing changed', () => {
    render(
      <StatementsSince
        earlier={{ takenOn: '2026-11-03', responses: operational(3), contentVersion: 1 }}
        later={{ responses: operational(3), content: CONTENT_V1, version: 1 }}
      />,
    );
    expect(
      screen.getByText('You rated every statement the two audits share as you did before.'),
    ).toBeTruthy();
  });

  it('across versions, says the wording changed and leaves out the statement with a new meaning', () => {
    const v2 = structuredClone(CONTENT_V1);
    v2.areas[0]!.statements[3]!.key = 'operational-admin-hours';
    v2.areas[0]!.statements[3]!.label = 'Admin hours recorded each week';
    render(
      <StatementsSince
        earlier={{ takenOn: '2026-11-03', responses: operational(1), contentVersion: 1 }}
        later={{ responses: operational(5), content: v2, version: 2 }}
      />,
    );
    expect(
      screen.getByText(/The audit’s wording changed between your results of 3 November 2026 and these/)
        .textContent,
    ).toContain('Not compared, as it is new: Admin hours recorded each week.');
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toHaveLength(4);
    expect(items.join()).not.toContain('Admin hours');
  });
});
