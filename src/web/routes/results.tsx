import { ResultsLinkPage } from '../features/results/results-link-page';

export default ResultsLinkPage;
