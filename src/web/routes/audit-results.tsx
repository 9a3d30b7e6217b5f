import { ResultsPage } from '../features/results/results-page';
import { loadReportView } from '../features/results/report-view-slot';

// Opened directly, the page starts without its report view and fetches it once it has started
// (the page's build-time loader marks that moment with data-app-starting); the pre-render and a
// navigation from another screen wait for the view, so the results appear whole.
if (typeof document === 'undefined' || !document.documentElement.hasAttribute('data-app-starting')) {
  await loadReportView();
}

export default ResultsPage;
