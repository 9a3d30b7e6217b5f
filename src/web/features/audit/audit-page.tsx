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
import { useHydrated } from '../../ui/use-hydrated';
import { useAuditProgress } from '../../audit-state/audit-session';
import { useLocation, useNavigate, usePrefetch } from '../../router';
import { reportUsage } from '../../usage/report-usage';
import { completeAudit } from './complete-audit';
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

  const { responses } = progress;
  const section = sectionOnScreen(responses, sectionFromState(location.state) ?? progress.section);
  const area = AREAS[section];
  const isLast = section === AREAS.length - 1;
  const answered = answeredCount(responses, area.id);
  const canContinue = isAreaComplete(responses, area.id);
  const unrated = unratedStatements(responses, area.id);
  const percent = ((section + 1) / AREAS.length) * 100;
  useEffect(() => reportUsage('section_reached', section + 1), [section]);

  // The history entry says which section it shows: the first entry (opened from a link, or
  // restored from the tab's storage) is marked now, so coming Back to it shows that section. Only
  // while this page's own entry is current (after "Complete Audit" the results' entry is), and never
  // on the hydration render, which stands in a blank audit and no history entry for the real ones.
  const hydrated = useHydrated();
  const onOwnEntry = hydrated && location.pathname === AUDIT_PATH;
  const unmarkedEntry = onOwnEntry && sectionFromState(location.state) === undefined;
  useEffect(() => {
    if (unmarkedEntry) navigate(AUDIT_PATH, { state: { section }, replace: true, samePage: true });
  }, [unmarkedEntry, section, navigate]);

  // The tab's stored audit follows the section on screen (Back and Forward included), so the
  // audit reopens where the visitor was.
  useEffect(() => {
    if (onOwnEntry && progress.section !== section) save({ ...progress, section });
  }, [onOwnEntry, progress, section, save]);

  // Back and Forward between sections, like Next and Previous, start keyboard and screen-reader
  // users at the new section's heading; the page's first section keeps the browser's own focus.
  const shownSection = useRef<number>(undefined);
  useEffect(() => {
    if (!hydrated) return;
    if (shownSection.current !== undefined && shownSection.current !== section) headingRef.current?.focus();
    shownSection.current = section;
  }, [hydrated, section]);

  // The results are one click away on the last section: fetch their screen now, so they show at once.
  useEffect(() => {
    if (isLast) prefetch('/audit-results');
  }, [isLast, prefetch]);

  function rate(question: number, rating: Rating) {
    if (!hasAnswers(responses)) reportUsage('started');
    save({ ...progress, responses: withAnswer(responses, area.id, question, rating) });
  }

  function goToSection(next: number) {
    save({ ...progress, section: next });
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
