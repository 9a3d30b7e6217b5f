import { PrivacyPage } from '../features/legal/privacy-page';

export default PrivacyPage;
