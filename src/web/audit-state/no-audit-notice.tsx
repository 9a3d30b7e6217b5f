import { Link } from '../../browser/router';

/**
 * Shown above the results and e-mail screens when they are opened without an audit (a bookmark,
 * a shared link, a new tab): the 0% below is the empty default, not anybody's result.
 */
export function NoAuditNotice({ children }: { children?: string }) {
  return (
    <div className="notice notice--info no-audit" role="note">
      <p className="notice__title">No audit has been taken in this tab yet.</p>
      <p className="notice__text">
        {children ?? 'The scores below are empty until you answer the 25 statements.'}{' '}
        <Link to="/audit-tool">Start the audit</Link>
      </p>
    </div>
  );
}
