import { Suspense } from 'react';
import { ResultsLinkPage } from '../features/results/results-link-page';
import { lazyPart } from '../ui/lazy-part';

/**
 * "Ask your team" (src/web/features/team-audit) loads only once the results are in, and fetches its
 * team audit then: the page's first script has a budget (scripts/budgets.ts), and the section sits
 * below the results. Composed here, as each feature stands alone. Should its chunk fail to load,
 * the page says so in its place; the results and the plan are unaffected.
 */
const TeamAuditSection = lazyPart(
  () => import('../features/team-audit/team-audit-section').then((m) => m.TeamAuditSection),
  TeamAuditUnavailable,
);

function TeamAuditUnavailable() {
  return (
    <p className="notice notice--error" role="alert">
      “Ask your team” could not be loaded. Please check your connection and reload the page.
    </p>
  );
}

function TeamSection({ token }: { token: string }) {
  return (
    <Suspense fallback={null}>
      <TeamAuditSection token={token} />
    </Suspense>
  );
}

export default function ResultsRoute() {
  return <ResultsLinkPage teamSection={TeamSection} />;
}
