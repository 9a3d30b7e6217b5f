import { ResultsPage } from '../features/results/results-page';

export default ResultsPage;
