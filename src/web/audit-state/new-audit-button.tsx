import { useNavigate } from '../../browser/router';
import { clearAuditProgress } from './audit-session';

/**
 * "Retake Audit" and "Take Another Audit": forget the answers, then open a blank audit. `retakes`,
 * "Retake Audit"'s, is the key of the audit on screen, which the new one replaces in the comparison.
 */
export function NewAuditButton({
  label,
  className,
  retakes,
}: {
  label: string;
  className: string;
  retakes?: string | undefined;
}) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        clearAuditProgress(retakes);
        navigate('/audit-tool');
      }}
    >
      {label}
    </button>
  );
}
