import { Suspense, lazy, useEffect, useRef, useState } from 'react';
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
import { reportUsage } from '../../usage/report-usage';

// The optional step after the last section is its own chunk, so the audit's first load stays small.
const loadAboutServiceStep = () => import('./about-service-step');
const AboutServiceStep = lazy(loadAboutServiceStep);

/** The audit questionnaire at /audit-tool: one area at a time; Next only once every statement of it is rated. */
export function AuditPage() {
  const [progress, save] = useAuditProgress();
  // Whether "Complete Audit" was pressed in this visit; a step restored by a reload takes no focus.
  const [enteredStep, setEnteredStep] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const { section, responses, aboutService } = progress;
  const area = AREAS[section];
  const isLast = section === AREAS.length - 1;
  const answered = answeredCount(responses, area.id);
  const canContinue = isAreaComplete(responses, area.id);
  const percent = ((section + 1) / AREAS.length) * 100;
  useEffect(() => reportUsage('section_reached', section + 1), [section]);
  // Fetch the last step while the last section is being answered, so it opens without a wait.
  useEffect(() => {
    if (isLast) void loadAboutServiceStep().catch(() => undefined);
  }, [isLast]);

  function rate(question: number, rating: Rating) {
    if (!hasAnswers(responses)) reportUsage('started');
    save({ ...progress, responses: withAnswer(responses, area.id, question, rating) });
  }

  function goToSection(next: number) {
    save({ ...progress, section: next });
    // Focus the new section's heading so keyboard and screen-reader users start at the top.
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  function complete() {
    setEnteredStep(true);
    save({ ...progress, aboutService: true });
  }

  function backToLastSection() {
    save({ ...progress, aboutService: false });
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  if (aboutService) {
    return (
      <SiteLayout>
        <BackLink to="/">Back to Home</BackLink>
        <h1>AI Care Management Audit</h1>
        <div className="audit-progress">
          <div className="audit-progress__labels">
            <span>All sections answered</span>
            <span>100% complete</span>
          </div>
          <ProgressBar value={100} label="Audit progress" valueText="100% complete" />
        </div>
        <Suspense fallback={<p className="card">Loading the last step…</p>}>
          <AboutServiceStep
            progress={progress}
            save={save}
            onPrevious={backToLastSection}
            entered={enteredStep}
          />
        </Suspense>
      </SiteLayout>
    );
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
          if (isLast) complete();
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
        {!canContinue ? (
          <p className="audit-section__hint" id="continue-hint">
            Rate all {QUESTIONS_PER_AREA} statements to continue.
          </p>
        ) : null}
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
