import { AuditPage } from '../features/audit/audit-page';

export default AuditPage;
