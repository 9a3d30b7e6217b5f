import { SiteLayout } from '../ui/site-chrome';

// Placeholder until the e-mail issue: the route exists so the page flow can be built around it.
export default function EmailResultsPage() {
  return (
    <SiteLayout>
      <h1>Email Your Audit Results</h1>
    </SiteLayout>
  );
}
