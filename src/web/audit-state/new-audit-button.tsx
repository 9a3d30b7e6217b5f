import { useNavigate } from '../../browser/router';
import { clearAuditProgress } from './audit-session';

/** "Retake Audit" and "Take Another Audit": forget the answers, then open a blank audit. */
export function NewAuditButton({ label, className }: { label: string; className: string }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        clearAuditProgress();
        navigate('/audit-tool');
      }}
    >
      {label}
    </button>
  );
}
