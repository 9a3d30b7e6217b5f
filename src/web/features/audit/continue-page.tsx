import { useEffect, useState, type ReactNode } from 'react';
import { formatDay } from '../../../core';
import { continueTokenFromPath, SAVED_AUDIT_DAYS } from '../../../shared/saved-audit';
import { fetchSavedAudit, type SavedAuditAnswer } from '../../api/open-saved-audit';
import { resumeSavedAudit } from '../../audit-state/audit-session';
import { NewAuditButton } from '../../audit-state/new-audit-button';
import { useLocation, useNavigate } from '../../../browser/router';
import { BackLink } from '../../ui/back-link';
import { LoadFailed } from '../../ui/load-failed';
import { SiteLayout } from '../../ui/site-chrome';

type PageState = Exclude<SavedAuditAnswer, { status: 'found' }> | { status: 'loading' };

/**
 * The continue link's page, /audit-tool/continue/<token>, opened from the "Save and continue later"
 * e-mail on any device: it fetches the saved audit, makes it this tab's audit in progress and opens
 * the audit at the section it stopped at, in place of this page (so Back does not come here and
 * open it again). A completed, expired or unknown link says which, with a fresh start; a failure
 * to reach the server offers to try again. The token is read from the address and sent only to
 * the API.
 */
export function ContinuePage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const token = continueTokenFromPath(pathname);
  const [state, setState] = useState<PageState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    void fetchSavedAudit(token, controller.signal).then((answer) => {
      if (controller.signal.aborted) return;
      if (answer.status !== 'found') {
        setState(answer);
        return;
      }
      resumeSavedAudit(token, answer.audit);
      navigate('/audit-tool', {
        state: { section: answer.audit.section, resumedOn: formatDay(new Date(answer.audit.savedAt)) },
        replace: true,
      });
    });
    return () => controller.abort();
  }, [token, attempt, navigate]);

  if (!token || state.status === 'not_found') {
    return (
      <LinkEnded title="This link has expired or is not valid">
        Saved audits are kept for {SAVED_AUDIT_DAYS} days (until the end of the {SAVED_AUDIT_DAYS}th day after
        the first save, UK time), then deleted. Check that the whole link was copied, or start a new audit.
      </LinkEnded>
    );
  }
  if (state.status === 'completed') {
    return (
      <LinkEnded title="This audit was completed with this link">
        Its saved answers were deleted once it was completed. The results went wherever you sent them; you can
        take the audit again at any time.
      </LinkEnded>
    );
  }
  return (
    <SiteLayout>
      <BackLink to="/">Back to Home</BackLink>
      <h1>Continue your audit</h1>
      {state.status === 'failed' ? (
        <LoadFailed
          title="Your saved audit could not be opened."
          onRetry={() => {
            setState({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
        />
      ) : (
        <p className="page__intro" role="status">
          Opening your saved audit…
        </p>
      )}
    </SiteLayout>
  );
}

/** A link that opens nothing any more: what happened, and a fresh start (which clears this tab's audit). */
function LinkEnded({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SiteLayout>
      <div className="not-found">
        <h1 className="results-expired__title">{title}</h1>
        <p className="not-found__text">{children}</p>
        <NewAuditButton label="Start a new audit" className="button button--primary" />
      </div>
    </SiteLayout>
  );
}
