import { useEffect, useRef } from 'react';
import {
  AREAS,
  QUESTIONS_PER_AREA,
  answeredCount,
  hasAnswers,
  isAreaComplete,
  withAnswer,
  type Rating,
} from '../../../core';
import { BackLink } from '../../ui/back-link';
import { ProgressBar } from '../../ui/progress-bar';
import { RatingScale } from '../../ui/rating-scale';
import { SiteLayout } from '../../ui/site-chrome';
import { useAuditProgress } from '../../audit-state/audit-session';
import { useLocation, useNavigate, usePrefetch } from '../../../browser/router';
import { reportUsage } from '../../usage/report-usage';
import { completeAudit } from './complete-audit';
import { SaveForLater } from './save-for-later';
import { WelcomeBack, welcomeBackFromState } from './welcome-back';
import { sectionFromState, sectionOnScreen, unratedStatements } from './sections';

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
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The section this history entry names. None on the hydration render (the pre-render knew no
  // entry) and on an entry not yet marked (opened from a link); Next marks it before moving on, so
  // coming Back to it shows the section it showed. Marking it on load instead would re-render the
  // whole page just after hydration, a long task on a slow phone.
  const entrySection = location.pathname === AUDIT_PATH ? sectionFromState(location.state) : undefined;
  const { responses } = progress;
  const section = sectionOnScreen(responses, entrySection ?? progress.section);
  const area = AREAS[section];
  const isLast = section === AREAS.length - 1;
  const answered = answeredCount(responses, area.id);
  const canContinue = isAreaComplete(responses, area.id);
  const unrated = unratedStatements(responses, area.id);
  const percent = ((section + 1) / AREAS.length) * 100;
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

  // Moving between sections (Next, Previous, Back, Forward) starts keyboard and screen-reader users
  // at the new section's heading; the first section an entry shows keeps the browser's own focus.
  const focusedEntrySection = useRef<number>(undefined);
  useEffect(() => {
    if (entrySection === undefined) return;
    const moved = focusedEntrySection.current !== undefined && focusedEntrySection.current !== entrySection;
    focusedEntrySection.current = entrySection;
    if (moved) headingRef.current?.focus();
  }, [entrySection]);

  // The results are one click away on the last section: fetch their screen now, so they show at once.
  useEffect(() => {
    if (isLast) prefetch('/audit-results');
  }, [isLast, prefetch]);

  function rate(question: number, rating: Rating) {
    save({ ...progress, responses: withAnswer(responses, area.id, question, rating) });
  }

  function goToSection(next: number) {
    if (entrySection === undefined) {
      // Mark the entry this section was shown in, and count it as shown, so the move is a move.
      focusedEntrySection.current = section;
      navigate(AUDIT_PATH, { state: { section }, replace: true, samePage: true });
    }
    // The tab's stored audit follows once the new entry is current (the effect above).
    navigate(AUDIT_PATH, { state: { section: next }, samePage: true });
  }

  return (
    <SiteLayout>
      <BackLink to="/">Back to Home</BackLink>
      <h1>AI Care Management Audit</h1>
      <p className="page__intro">
        Rate each statement from 1 (Poor) to 5 (Excellent) for your organisation as it is today.
      </p>
      <div className="audit-progress">
        <div className="audit-progress__labels">
          <span>{`Section ${section + 1} of ${AREAS.length}`}</span>
          <span>{percent}% complete</span>
        </div>
        <ProgressBar value={percent} label="Audit progress" valueText={`${percent}% complete`} />
      </div>
      <WelcomeBack savedOn={welcomeBackFromState(location.state)} />

      <form
        className="card audit-section"
        aria-labelledby="section-heading"
        onSubmit={(event) => {
          event.preventDefault();
          if (!canContinue) return;
          if (isLast) completeAudit(progress, save, navigate);
          else goToSection(section + 1);
        }}
      >
        <h2 id="section-heading" ref={headingRef} tabIndex={-1} className="audit-section__heading">
          <span className="audit-section__step">{`Section ${section + 1} of ${AREAS.length}`}</span>
          <span className="audit-section__title">{area.title}</span>
        </h2>
        <div className="audit-section__questions">
          {area.questions.map((question, index) => (
            <RatingScale
              key={`${area.id}-${index}`}
              name={`${area.id}-${index}`}
              number={index + 1}
              question={question}
              value={responses[area.id]?.[index]}
              onChange={(rating) => rate(index, rating)}
            />
          ))}
        </div>
        <p className="audit-section__counter" aria-live="polite">
          {answered} of {QUESTIONS_PER_AREA} questions answered
        </p>
        {/* Which statements still need a rating, in words: a disabled button alone says nothing of why. */}
        <p className="audit-section__hint" id="continue-hint" aria-live="polite">
          {continueHint(unrated)}
        </p>
        {/* The main action first: next in the tab order after the last question, and on top on a
            phone; the stylesheet puts it on the right on wider screens. */}
        <div className="audit-section__nav">
          <button
            type="submit"
            className="button button--primary"
            disabled={!canContinue}
            aria-describedby={canContinue ? undefined : 'continue-hint'}
          >
            {isLast ? 'Complete Audit' : 'Next Section'}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={section === 0}
            onClick={() => goToSection(section - 1)}
          >
            Previous
          </button>
        </div>
      </form>
      {/* After the section's own controls: Next stays the main action and comes first. */}
      <SaveForLater progress={progress} section={section} />
    </SiteLayout>
  );
}

/** "Rate statements 2 and 4 to continue."; nothing once all are rated. */
function continueHint(unrated: readonly number[]): string {
  if (unrated.length === 0) return '';
  if (unrated.length === QUESTIONS_PER_AREA) return `Rate all ${QUESTIONS_PER_AREA} statements to continue.`;
  const numbers = unrated.map(String);
  const list = numbers.length === 1 ? numbers[0] : `${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
  return `Rate ${numbers.length === 1 ? 'statement' : 'statements'} ${list} to continue.`;
}
