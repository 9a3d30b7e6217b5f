import { Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import {
  earlierOwnResult,
  formatDay,
  hasAnswers,
  overallScore,
  scoreAreas,
  type EarlierResult,
  type Responses,
  type ServiceProfile,
} from '../../../core';
import { resultsTokenFromPath } from '../../../shared/results-link';
import { fetchStoredResults, type FetchedResults, type StoredResultsAnswer } from '../../api/stored-results';
import { startRetake } from '../../audit-state/audit-session';
import { resultsStateFor } from '../../audit-state/results-state';
import { Link, useLocation, useNavigate } from '../../../browser/router';
import { BackLink } from '../../ui/back-link';
import { NoticeRegion, useNotice } from '../../ui/notice';
import { lazyPart } from '../../ui/lazy-part';
import { LoadFailed } from '../../ui/load-failed';
import { SiteLayout } from '../../ui/site-chrome';
import { DownloadReportButton } from './download-report-button';
import { ProgressOverTime } from './progress-over-time';
import { ResultsClosing } from './results-closing';
import { ReportView, type ReportInput } from './report-view';
import { ContentUnavailable } from '../../content/content-unavailable';
import { useContentVersion } from '../../content/use-content-version';
import { CONTENT_VERSION_1 } from '../../../core/content/content-v1';
import { useBenchmark } from './use-benchmark';

type PageState = StoredResultsAnswer | { status: 'loading' };

/**
 * The action plan's form loads once the results are in: the page's own script has a budget
 * (scripts/budgets.ts), and the plan is below the results. Should its chunk fail, the page says so.
 */
const ActionPlan = lazyPart(() => import('./action-plan').then((m) => m.ActionPlan), ActionPlanUnavailable);

function ActionPlanUnavailable() {
  return (
    <p className="notice notice--error" role="alert">
      Your action plan could not be loaded. Please check your connection and reload the page: what you saved
      is kept.
    </p>
  );
}

export interface ResultsLinkPageProps {
  /**
   * "Ask your team", a feature of its own that the route composes in (src/web/routes/results.tsx):
   * shown once the results are in, after their progress, keyed by the same token.
   */
  teamSection?: ComponentType<{ token: string }>;
}

/**
 * The private results page at /results/<token>, opened from the visitor's e-mail: the stored
 * request's results, compared with providers like the visitor as they stand today, and a retake
 * pre-filled with its answers. The server sends this page only for a live token; the token is read
 * here from the address and never leaves this page but for the API call.
 */
export function ResultsLinkPage({ teamSection }: ResultsLinkPageProps = {}) {
  const { pathname } = useLocation();
  const token = resultsTokenFromPath(pathname);
  const [state, setState] = useState<PageState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    void fetchStoredResults(token, controller.signal).then((answer) => {
      if (!controller.signal.aborted) setState(answer);
    });
    return () => controller.abort();
  }, [token, attempt]);

  // The server sends this page only for a live token; an address without one is a dead link too.
  if (!token || state.status === 'not_found') return <ExpiredLink />;
  return (
    <SiteLayout>
      <BackLink to="/">Back to Home</BackLink>
      <h1>Your AI Audit Results</h1>
      {state.status === 'found' ? (
        <StoredResultsView token={token} results={state.results} TeamSection={teamSection} />
      ) : state.status === 'failed' ? (
        <LoadFailed
          title="Your results could not be loaded."
          onRetry={() => {
            setState({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
        />
      ) : (
        <p className="page__intro" role="status">
          Loading your results…
        </p>
      )}
    </SiteLayout>
  );
}

function StoredResultsView({
  token,
  results,
  TeamSection,
}: {
  token: string;
  results: FetchedResults;
  TeamSection: ResultsLinkPageProps['teamSection'];
}) {
  const { responses, profile } = results;
  const createdAt = useMemo(() => new Date(results.createdAt), [results.createdAt]);
  // createdAt is ISO 8601 in UTC, so its first ten characters are the day it was taken.
  const takenOn = results.createdAt.slice(0, 10);
  const answered = hasAnswers(responses);
  const benchmark = useBenchmark(profile, answered);
  // The result before this one in its chain, if any: each area's change is shown against it, as
  // in the e-mail and the PDF of this result.
  const earlier = earlierOwnResult(results.history);
  // Shown in the words it was answered with, whatever has been published since.
  const words = useContentVersion(results.contentVersion, CONTENT_VERSION_1);
  const content = typeof words === 'string' ? undefined : words.content;
  // The report is dated when the audit was taken; the comparison is with others as they are now.
  const input: ReportInput = useMemo(
    () => ({ responses, generatedAt: createdAt, context: { benchmark, earlier, content }, answered }),
    [responses, createdAt, benchmark, earlier, content, answered],
  );
  if (content === undefined) return <ContentUnavailable lookup={words as 'loading' | 'failed'} />;

  return (
    <>
      <p className="page__intro">The results of the audit you took on {formatDay(takenOn)}</p>
      <ReportView
        input={input}
        slots={{
          afterOverall: (
            <StoredResultsActions
              token={token}
              responses={responses}
              profile={profile}
              takenOn={takenOn}
              auditKey={results.auditKey}
              contentVersion={results.contentVersion}
            />
          ),
        }}
      />
      <ProgressOverTime
        history={results.history}
        statements={
          earlier && results.earlierAnswers
            ? {
                earlier: { takenOn: earlier.takenOn, ...results.earlierAnswers },
                later: { responses, content, version: results.contentVersion },
              }
            : undefined
        }
      />
      {TeamSection ? <TeamSection token={token} /> : null}
      <Suspense fallback={null}>
        {/* A later result retaken from this one holds the plan now: shown here to read (decision 0060). */}
        <ActionPlan
          token={token}
          responses={responses}
          content={content}
          initialPlan={results.plan}
          heldByLater={results.history.laterResults}
        />
      </Suspense>
      <StoredResultsActions
        token={token}
        responses={responses}
        profile={profile}
        takenOn={takenOn}
        auditKey={results.auditKey}
        contentVersion={results.contentVersion}
        explained
      />
      <ResultsClosing bookingUrl={results.bookingUrl} />
    </>
  );
}

/**
 * The stored results' actions, each row with its own notice below it. The page shows the row under
 * the overall score and again after the areas, where it also says what a retake does.
 */
function StoredResultsActions({
  token,
  responses,
  profile,
  takenOn,
  auditKey,
  contentVersion,
  explained = false,
}: {
  /** This link's token: a retake started here is linked to this result. */
  token: string;
  responses: Responses;
  profile: ServiceProfile;
  takenOn: string;
  /** The key of this result's anonymous audit, when kept: a retake started here replaces it. */
  auditKey: string | undefined;
  /** The version of the words it was answered with: e-mailed again in them, retaken from them. */
  contentVersion: number;
  explained?: boolean;
}) {
  const navigate = useNavigate();
  const [notice, setNotice] = useNotice();
  // "Email Results" again: the new request keeps the same audit's key, so a retake from its link
  // replaces that audit too.
  const resultsState = resultsStateFor(responses, { profile, idempotencyKey: auditKey, contentVersion });

  function retake() {
    const scores = scoreAreas(responses);
    const earlier: EarlierResult = { takenOn, scores, overall: overallScore(scores) };
    startRetake({ responses, profile, earlier, retakeOf: token, retakesAudit: auditKey, contentVersion });
    navigate('/audit-tool');
  }

  return (
    <>
      <div className="button-row results-actions">
        <DownloadReportButton
          reportRequest={() => ({ date: takenOn, responses, profile })}
          resultsToken={token}
          onNotice={setNotice}
        />
        <button type="button" className="button button--secondary" onClick={retake}>
          Retake with these answers
        </button>
        <Link to="/email-results" state={resultsState} className="button button--ghost">
          Email Results
        </Link>
      </div>
      {explained ? (
        <p className="results-actions__hint">
          “Retake with these answers” opens the audit with your answers filled in: change any that have moved
          on, and your new results show the change in each area.
        </p>
      ) : null}
      <NoticeRegion notice={notice} />
    </>
  );
}

/** The link's results are gone (erased, past retention, or never there): say so, and offer the audit. */
function ExpiredLink() {
  return (
    <SiteLayout>
      <div className="not-found">
        <h1 className="results-expired__title">This results link has expired or been removed</h1>
        <p className="not-found__text">
          Saved results are deleted when you ask us to erase them, or once we no longer keep them. You can
          take the audit again at any time.
        </p>
        <Link to="/audit-tool" className="button button--primary">
          Take the audit
        </Link>
      </div>
    </SiteLayout>
  );
}
