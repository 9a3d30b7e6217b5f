import { EmailPage } from '../features/email/email-page';

export default EmailPage;
