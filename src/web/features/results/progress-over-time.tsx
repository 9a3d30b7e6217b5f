import { Suspense } from 'react';
import type { ResultHistory } from '../../../core';
import { lazyPart } from '../../ui/lazy-part';
import type { StatementsSinceProps } from './statements-since';
import './progress-over-time.css';
import './progress-team.css';

/**
 * The section's charts, table and words load only for a result with a history: most results links
 * stand alone, and the page's script has a budget (scripts/budgets.ts). Should the chunk fail to
 * load, the page shows its results without the section rather than an error: its report holds the
 * change since the result before in every area.
 */
const ProgressSection = lazyPart(
  () => import('./progress-section').then((m) => m.ProgressSection),
  NoSection,
);

function NoSection() {
  return null;
}

/**
 * "Your progress" on the private results page, when its result has earlier linked ones. A result
 * on its own has no progress to show, so nothing is shown: the retake's hint on the page already
 * says that a retake shows the change.
 */
export function ProgressOverTime({
  history,
  statements,
}: {
  history: ResultHistory;
  statements?: StatementsSinceProps;
}) {
  if (history.entries.length < 2) return null;
  return (
    <Suspense fallback={null}>
      <ProgressSection history={history} statements={statements} />
    </Suspense>
  );
}
