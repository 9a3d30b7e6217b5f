import { AccessibilityPage } from '../features/legal/accessibility-page';

export default AccessibilityPage;
