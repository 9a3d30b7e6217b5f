import { useEffect } from 'react';
import { AREAS, hasAnswers, withAnswer, type Rating } from '../../../core';
import { carryAnswers } from '../../../core/content/carry-answers';
import { QUESTIONS_VERSION_1 } from '../../../core/content/questions-v1';
import { ContentUnavailable } from '../../content/content-unavailable';
import { useContentVersion } from '../../content/use-content-version';
import { BackLink } from '../../ui/back-link';
import { SiteLayout } from '../../ui/site-chrome';
import { useAuditProgress } from '../../audit-state/audit-session';
import { RATING_INSTRUCTION, SectionForm, SectionProgress } from '../../audit-flow/section-form';
import { useSectionFlow } from '../../audit-flow/section-flow';
import { sectionOnScreen } from '../../audit-flow/sections';
import { useLocation, useNavigate, usePrefetch } from '../../../browser/router';
import { reportUsage } from '../../usage/report-usage';
import { completeAudit } from './complete-audit';
import { SaveForLater } from './save-for-later';
import { WelcomeBack, welcomeBackFromState } from './welcome-back';
import './audit-page.css';

const AUDIT_PATH = '/audit-tool';

/**
 * The audit questionnaire at /audit-tool: one area at a time; Next only once every statement of it
 * is rated; "Complete Audit" on the last one shows the results at once. Each section is a history
 * entry of its own, so the browser's Back and Forward move between sections and a reload stays on
 * the section it shows.
 */
export function AuditPage() {
  const [progress, save] = useAuditProgress();
  const location = useLocation();
  const navigate = useNavigate();
  const prefetch = usePrefetch();
  const { responses } = progress;
  // A blank audit takes the words the page was served with; one under way keeps its own version.
  const page = useContentVersion(undefined, QUESTIONS_VERSION_1);
  // A retake's answers wait for their own version's words, to be carried by key into the page's.
  const { carryFrom } = progress;
  const words = useContentVersion(carryFrom ?? progress.contentVersion, QUESTIONS_VERSION_1);
  useEffect(() => {
    // The page's own words are always at hand: the page was served with them.
    if (carryFrom === undefined || typeof page === 'string') return;
    if (typeof words === 'string' || words.version !== carryFrom) return;
    const { carryFrom: _carried, ...rest } = progress;
    save({
      ...rest,
      responses: carryAnswers(progress.responses, words.content, page.content),
      contentVersion: page.version,
    });
  }, [carryFrom, words, progress, page, save]);
  const { section, entrySection, goToSection, headingRef } = useSectionFlow(
    AUDIT_PATH,
    responses,
    progress.section,
  );
  const isLast = section === AREAS.length - 1;
  // Counted once per audit (report-usage.ts): started with its first rating (a retake opens with
  // its ratings), then each section as it is shown, section 1 with the start. Nothing on the
  // hydration render, which has not read the stored audit yet and would name section 1 wrongly.
  const started = hasAnswers(responses);
  useEffect(() => {
    if (!started) return;
    reportUsage('started');
    reportUsage('section_reached', section + 1);
  }, [started, section]);

  // The tab's stored audit follows the section an entry shows (Back and Forward included), so the
  // audit reopens where the visitor was.
  useEffect(() => {
    if (entrySection === undefined) return;
    const shown = sectionOnScreen(progress.responses, entrySection);
    if (progress.section !== shown) save({ ...progress, section: shown });
  }, [entrySection, progress, save]);

  // The results are one click away on the last section: fetch their screen now, so they show at once.
  useEffect(() => {
    if (isLast) prefetch('/audit-results');
  }, [isLast, prefetch]);

  function rate(question: number, rating: Rating) {
    if (typeof words === 'string') return;
    save({
      ...progress,
      contentVersion: words.version,
      responses: withAnswer(responses, AREAS[section].id, question, rating),
    });
  }

  return (
    <SiteLayout>
      <BackLink to="/">Back to Home</BackLink>
      <h1>AI Care Management Audit</h1>
      <p className="page__intro">{RATING_INSTRUCTION}</p>
      <SectionProgress section={section} />
      <WelcomeBack savedOn={welcomeBackFromState(location.state)} />

      {typeof words === 'string' || carryFrom !== undefined ? (
        <ContentUnavailable lookup={typeof words === 'string' ? words : 'loading'} />
      ) : (
        <SectionForm
          content={words.content}
          section={section}
          responses={responses}
          headingRef={headingRef}
          onRate={rate}
          onPrevious={() => goToSection(section - 1)}
          onNext={() => goToSection(section + 1)}
          finish={{
            label: 'Complete Audit',
            onFinish: () => completeAudit({ ...progress, contentVersion: words.version }, save, navigate),
          }}
        />
      )}
      {/* After the section's own controls: Next stays the main action and comes first. */}
      <SaveForLater progress={progress} section={section} />
    </SiteLayout>
  );
}
