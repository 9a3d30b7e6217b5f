import { ResultsPage } from '../features/results/results-page';
import { loadReportView } from '../features/results/report-view-slot';

// The build pre-renders the page with its report view, which the browser fetches after the page
// has started (see loadReportView).
if (typeof window === 'undefined') await loadReportView();

export default ResultsPage;
