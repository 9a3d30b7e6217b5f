import { ContinuePage } from '../features/audit/continue-page';

export default ContinuePage;
