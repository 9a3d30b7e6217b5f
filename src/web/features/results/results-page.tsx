import { useEffect, useMemo } from 'react';
import { AREAS, hasAnswers, isAreaComplete } from '../../../core';
import { localDay } from '../../../shared/report-day';
import { Link, useLocation } from '../../router';
import { BackLink } from '../../ui/back-link';
import { NoticeRegion, useNotice } from '../../ui/notice';
import { SiteLayout } from '../../ui/site-chrome';
import { NewAuditButton } from '../../audit-state/new-audit-button';
import { NoAuditNotice } from '../../audit-state/no-audit-notice';
import {
  earlierFromState,
  profileFromState,
  responsesFromState,
  resultsStateFor,
} from '../../audit-state/results-state';
import { reportUsage } from '../../usage/report-usage';
import { DownloadReportButton } from './download-report-button';
import { ReportView, type ReportInput } from './report-view';
import { ResultsClosing } from './results-closing';
import { useBenchmark } from './use-benchmark';

/** The results screen at /audit-results: overall score, priorities, a card per area, and actions. */
export function ResultsPage() {
  const location = useLocation();
  const responses = useMemo(() => responsesFromState(location.state), [location.state]);
  const profile = useMemo(() => profileFromState(location.state), [location.state]);
  const earlier = useMemo(() => earlierFromState(location.state), [location.state]);
  const answered = hasAnswers(responses);
  const benchmark = useBenchmark(profile, answered);
  const input: ReportInput = useMemo(
    () => ({ responses, generatedAt: new Date(), context: { benchmark, earlier }, answered }),
    [responses, benchmark, earlier, answered],
  );
  // The e-mail screen gets the profile too (its e-mail compares with the same providers), and the
  // earlier result so that "Back to Results" shows the change again.
  const resultsState = resultsStateFor(responses, profile, earlier);
  const [notice, setNotice] = useNotice();
  const complete = AREAS.every((area) => isAreaComplete(responses, area.id));
  useEffect(() => (complete ? reportUsage('completed') : undefined), [complete]);

  return (
    <SiteLayout>
      <BackLink to="/">Back to Home</BackLink>
      <h1>Your AI Audit Results</h1>
      <p className="page__intro">Comprehensive analysis of your care management operations</p>

      {answered ? null : <NoAuditNotice />}
      <ReportView input={input} />

      <div className="button-row results-actions">
        <DownloadReportButton
          reportRequest={() => ({
            // Today as the visitor's calendar has it: the day the page shows the report for.
            date: localDay(),
            responses,
            profile,
            ...(earlier ? { earlier: { takenOn: earlier.takenOn, scores: earlier.scores } } : {}),
          })}
          onNotice={setNotice}
        />
        <Link to="/email-results" state={resultsState} className="button button--secondary">
          Email Results
        </Link>
        <NewAuditButton label="Retake Audit" className="button button--ghost" />
      </div>
      {/* Below the buttons, not among them, so a notice never squeezes into the row. */}
      <NoticeRegion notice={notice} />

      <ResultsClosing />
    </SiteLayout>
  );
}
