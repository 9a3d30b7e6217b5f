import { useEffect, useMemo, useState } from 'react';
import { AREAS, buildReport, hasAnswers, isAreaComplete, type AreaResult, type Report } from '../../../core';
import { Link, useLocation } from '../../router';
import { BackLink } from '../../ui/back-link';
import { AreaIcon } from '../../ui/icons';
import { NoticeRegion, useNotice, type NoticeContent } from '../../ui/notice';
import { ProgressBar } from '../../ui/progress-bar';
import { SiteLayout } from '../../ui/site-chrome';
import { NewAuditButton } from '../../audit-state/new-audit-button';
import { NoAuditNotice } from '../../audit-state/no-audit-notice';
import { responsesFromState, type ResultsState } from '../../audit-state/results-state';
import { reportUsage } from '../../usage/report-usage';

/** The results screen at /audit-results: overall score, a card per area, and actions. */
export function ResultsPage() {
  const location = useLocation();
  const responses = useMemo(() => responsesFromState(location.state), [location.state]);
  const report = useMemo(() => buildReport(responses), [responses]);
  const resultsState: ResultsState = { responses, overallScore: report.overall.score };
  const [notice, setNotice] = useNotice();
  const complete = AREAS.every((area) => isAreaComplete(responses, area.id));
  useEffect(() => (complete ? reportUsage('completed') : undefined), [complete]);

  return (
    <SiteLayout>
      <BackLink to="/">Back to Home</BackLink>
      <h1>Your AI Audit Results</h1>
      <p className="page__intro">Comprehensive analysis of your care management operations</p>

      {hasAnswers(responses) ? null : <NoAuditNotice />}
      <OverallScore report={report} />

      <h2 className="section__title section__title--left">Scores by area</h2>
      <ul className="result-cards">
        {report.areas.map((area) => (
          <AreaResultCard key={area.id} area={area} />
        ))}
      </ul>

      <div className="button-row results-actions">
        <DownloadReportButton responses={resultsState} onNotice={setNotice} />
        <Link to="/email-results" state={resultsState} className="button button--secondary">
          Email Results
        </Link>
        <NewAuditButton label="Retake Audit" className="button button--ghost" />
      </div>
      {/* Below the buttons, not among them, so a notice never squeezes into the row. */}
      <NoticeRegion notice={notice} />

      <section className="card closing" aria-labelledby="closing-title">
        <h2 id="closing-title">Ready to put these recommendations into practice?</h2>
        <p>
          Our implementation team can help you plan and deliver the changes that matter most to your service.
          Email your results to yourself, and tick the box on the next page if you would like us to contact
          you about a free consultation.
        </p>
      </section>
    </SiteLayout>
  );
}

function OverallScore({ report }: { report: Report }) {
  const { score, rating, tone } = report.overall;
  return (
    <section className="card overall" aria-labelledby="overall-title">
      <h2 id="overall-title" className="overall__title">
        Overall Score
      </h2>
      <p className="overall__score">
        <span className="overall__number">{score}%</span>
        <span className={`rating-label rating-label--${tone}`}>{rating}</span>
      </p>
      <ProgressBar
        value={score}
        label="Overall score"
        valueText={`${score}%, ${rating}`}
        tone={tone}
        size="large"
      />
    </section>
  );
}

function AreaResultCard({ area }: { area: AreaResult }) {
  const titleId = `area-${area.id}-title`;
  return (
    <li className="card result-card" aria-labelledby={titleId}>
      <div className="result-card__head">
        <span className={`area-icon area-icon--${area.id}`}>
          <AreaIcon area={area.id} />
        </span>
        <h3 id={titleId}>{area.title}</h3>
        <span className={`score-badge score-badge--${area.tone}`}>{area.score}%</span>
      </div>
      <ProgressBar
        value={area.score}
        label={`${area.title} score`}
        valueText={`${area.score}%, ${area.rating}`}
        tone={area.tone}
      />
      <p className="result-card__rating">
        Rating: <span className={`rating-label rating-label--${area.tone}`}>{area.rating}</span>
      </p>
      <h4 className="result-card__recs-title">AI Recommendations</h4>
      <ul className="recs">
        {area.recommendations.map((rec) => (
          <li key={rec}>{rec}</li>
        ))}
      </ul>
    </li>
  );
}

function DownloadReportButton({
  responses,
  onNotice: setNotice,
}: {
  responses: ResultsState;
  onNotice: (notice: NoticeContent | null) => void;
}) {
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    setNotice(null);
    try {
      // The PDF library is loaded only now, never with the page.
      const { downloadReport } = await import('../../../report/download');
      await downloadReport(buildReport(responses.responses));
      reportUsage('pdf_downloaded');
    } catch (error) {
      console.warn('Report download failed', error);
      setNotice({
        variant: 'error',
        title: 'Error',
        text: 'The report could not be created. Please try again.',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className="button button--primary"
      onClick={download}
      aria-busy={busy}
      disabled={busy}
    >
      {busy ? 'Preparing report…' : 'Download Full Report'}
    </button>
  );
}
