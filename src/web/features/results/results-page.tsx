import { useEffect, useMemo } from 'react';
import {
  AREAS,
  hasAnswers,
  isAreaComplete,
  sanitizeProfile,
  type EarlierResult,
  type Responses,
  type ServiceProfile,
} from '../../../core';
import { localDay } from '../../../shared/report-day';
import { sendCompletedAudit } from '../../api/audits';
import { Link, useLocation, useNavigate } from '../../../browser/router';
import { BackLink } from '../../ui/back-link';
import { NoticeRegion, useNotice } from '../../ui/notice';
import { SiteLayout } from '../../ui/site-chrome';
import { NewAuditButton } from '../../audit-state/new-audit-button';
import { NoAuditNotice } from '../../audit-state/no-audit-notice';
import {
  earlierFromState,
  idempotencyKeyFromState,
  retakesAuditFromState,
  originFromState,
  contentVersionFromState,
  profileFromState,
  responsesFromState,
  resultsStateFor,
  type AuditOrigin,
} from '../../audit-state/results-state';
import { reportUsage } from '../../usage/report-usage';
import { CompareWithProviders } from './compare-with-providers';
import { DownloadReportButton } from './download-report-button';
import { ReportView, type ReportInput } from './report-view';
import { ResultsClosing } from './results-closing';
import { ContentUnavailable } from '../../content/content-unavailable';
import { useContentVersion } from '../../content/use-content-version';
import { CONTENT_VERSION_1 } from '../../../core/content/content-v1';
import { benchmarkOf, useBenchmarkLookup } from './use-benchmark';

/** The results screen at /audit-results: overall score, priorities, a card per area, and actions. */
export function ResultsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const responses = useMemo(() => responsesFromState(location.state), [location.state]);
  const profile = useMemo(() => profileFromState(location.state), [location.state]);
  const earlier = useMemo(() => earlierFromState(location.state), [location.state]);
  const idempotencyKey = idempotencyKeyFromState(location.state);
  const retakesAudit = retakesAuditFromState(location.state);
  const origin = useMemo(() => originFromState(location.state), [location.state]);
  const answered = hasAnswers(responses);
  // The words of the version the audit was answered with, which a publish since does not change.
  // Without an audit the empty view shows the page's own (live) words, as the server rendered it.
  const words = useContentVersion(
    answered ? contentVersionFromState(location.state) : undefined,
    CONTENT_VERSION_1,
  );
  const contentVersion = typeof words === 'string' ? contentVersionFromState(location.state) : words.version;
  const content = typeof words === 'string' ? undefined : words.content;
  const lookup = useBenchmarkLookup(profile, answered);
  const benchmark = benchmarkOf(lookup);
  const input: ReportInput = useMemo(
    () => ({ responses, generatedAt: new Date(), context: { benchmark, earlier, content }, answered }),
    [responses, benchmark, earlier, content, answered],
  );
  const complete = AREAS.every((area) => isAreaComplete(responses, area.id));
  useEffect(() => (complete ? reportUsage('completed') : undefined), [complete]);

  /**
   * The visitor gave their service type and size: the history entry keeps them (a reload, and the
   * e-mail screen, compare with the same providers), the comparison follows at once, and the
   * anonymous audit already sent is sent again under its key, so the server files it under the
   * profile instead of counting a second audit.
   */
  function compare(given: ServiceProfile) {
    const next = sanitizeProfile(given);
    navigate('/audit-results', {
      state: resultsStateFor(responses, {
        profile: next,
        earlier,
        idempotencyKey,
        retakesAudit,
        origin,
        contentVersion,
      }),
      replace: true,
      samePage: true,
    });
    if (idempotencyKey && complete) {
      const retakes = retakesAudit ? { retakes: retakesAudit } : {};
      sendCompletedAudit({ idempotencyKey, ...retakes, responses, profile: next });
    }
  }

  const actions = { responses, profile, earlier, idempotencyKey, retakesAudit, origin, contentVersion };
  return (
    <SiteLayout>
      <BackLink to="/">Back to Home</BackLink>
      <h1>Your AI Audit Results</h1>
      <p className="page__intro">Comprehensive analysis of your care management operations</p>

      {answered ? null : <NoAuditNotice />}
      {content === undefined ? (
        <ContentUnavailable lookup={words as 'loading' | 'failed'} />
      ) : (
        <ReportView
          input={input}
          slots={{
            afterOverall: answered ? <ResultsActions {...actions} /> : null,
            besideComparison: complete ? (
              <CompareWithProviders profile={profile} lookup={lookup} onCompare={compare} />
            ) : null,
          }}
        />
      )}

      <ResultsActions {...actions} />

      <ResultsClosing />
    </SiteLayout>
  );
}

interface ResultsActionsProps {
  responses: Responses;
  profile: ServiceProfile;
  earlier: EarlierResult | undefined;
  idempotencyKey: string | undefined;
  retakesAudit: string | undefined;
  origin: AuditOrigin | undefined;
  contentVersion: number;
}

/**
 * "Download Full Report", "Email Results" and "Retake Audit", each row with its own notice below
 * it, so a failed download is explained where it was asked for. The page shows the row under the
 * overall score and again after the areas.
 */
function ResultsActions({
  responses,
  profile,
  earlier,
  idempotencyKey,
  retakesAudit,
  origin,
  contentVersion,
}: ResultsActionsProps) {
  const [notice, setNotice] = useNotice();
  // The e-mail screen gets the profile too (its e-mail compares with the same providers), and the
  // earlier result so that "Back to Results" shows the change again.
  const resultsState = resultsStateFor(responses, {
    profile,
    earlier,
    idempotencyKey,
    retakesAudit,
    origin,
    contentVersion,
  });
  return (
    <>
      <div className="button-row results-actions">
        <DownloadReportButton
          reportRequest={() => ({
            // Today as the visitor's calendar has it: the day the page shows the report for.
            date: localDay(),
            responses,
            profile,
            contentVersion,
            ...(earlier ? { earlier: { takenOn: earlier.takenOn, scores: earlier.scores } } : {}),
          })}
          onNotice={setNotice}
        />
        <Link to="/email-results" state={resultsState} className="button button--secondary">
          Email Results
        </Link>
        {/* A retake of this audit: the new one replaces it in the comparison once completed. */}
        <NewAuditButton label="Retake Audit" className="button button--ghost" retakes={idempotencyKey} />
      </div>
      {/* Below the buttons, not among them, so a notice never squeezes into the row. */}
      <NoticeRegion notice={notice} />
    </>
  );
}
