import type { ReactNode, RefObject } from 'react';
import {
  AREAS,
  QUESTIONS_PER_AREA,
  answeredCount,
  isAreaComplete,
  type Rating,
  type Responses,
} from '../../core';
import type { AuditQuestions } from '../../core/content/audit-content';
import { areaQuestions } from '../../core/content/content-words';
import { ProgressBar } from '../ui/progress-bar';
import { RatingScale } from './rating-scale';
import { unratedStatements } from './sections';
import './section-form.css';

/** What the audit asks, under its title. */
export const RATING_INSTRUCTION =
  'Rate each statement from 1 (Poor) to 5 (Excellent) for your organisation as it is today.';

/** "Section N of 5" and the bar with the percent complete, above the section. */
export function SectionProgress({ section }: { section: number }) {
  const percent = ((section + 1) / AREAS.length) * 100;
  return (
    <div className="audit-progress">
      <div className="audit-progress__labels">
        <span>{`Section ${section + 1} of ${AREAS.length}`}</span>
        <span>{percent}% complete</span>
      </div>
      <ProgressBar value={percent} label="Audit progress" valueText={`${percent}% complete`} />
    </div>
  );
}

interface SectionFormProps {
  /** The statements of the version the audit is answered with. */
  content: AuditQuestions;
  section: number;
  responses: Responses;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onRate: (question: number, rating: Rating) => void;
  onPrevious: () => void;
  /** Next on every section but the last. */
  onNext: () => void;
  /**
   * The last section's button: what it says ("Complete Audit") and what it does; `busy` while what
   * it started is under way (the button then says so in `label`, and neither button can be pressed).
   */
  finish: { label: ReactNode; onFinish: () => void; busy?: boolean };
  /** In the form after the statements and before its buttons: what the page asks with them. */
  children?: ReactNode;
}

/**
 * One section of the audit: its five statements, each rated 1 to 5, a counter of those answered,
 * and Next (or on the last section the page's own finish) only once all five are rated, with
 * Previous after it. The same on /audit-tool and on a colleague's join page.
 */
export function SectionForm({
  content,
  section,
  responses,
  headingRef,
  onRate,
  onPrevious,
  onNext,
  finish,
  children,
}: SectionFormProps) {
  const area = AREAS[section];
  const words = areaQuestions(content, area.id);
  const isLast = section === AREAS.length - 1;
  const answered = answeredCount(responses, area.id);
  const canContinue = isAreaComplete(responses, area.id);
  const unrated = unratedStatements(responses, area.id);
  const busy = isLast && finish.busy;
  return (
    <form
      className="card audit-section"
      aria-labelledby="section-heading"
      onSubmit={(event) => {
        event.preventDefault();
        if (!canContinue || busy) return;
        if (isLast) finish.onFinish();
        else onNext();
      }}
    >
      <h2 id="section-heading" ref={headingRef} tabIndex={-1} className="audit-section__heading">
        <span className="audit-section__step">{`Section ${section + 1} of ${AREAS.length}`}</span>
        <span className="audit-section__title">{area.title}</span>
      </h2>
      {words.intro && <p className="audit-section__intro">{words.intro}</p>}
      <div className="audit-section__questions">
        {words.statements.map(({ text: question }, index) => (
          <RatingScale
            key={`${area.id}-${index}`}
            name={`${area.id}-${index}`}
            number={index + 1}
            question={question}
            value={responses[area.id]?.[index]}
            onChange={(rating) => onRate(index, rating)}
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
      {children}
      {/* The main action first: next in the tab order after the last question, and on top on a
          phone; the stylesheet puts it on the right on wider screens. */}
      <div className="audit-section__nav">
        <button
          type="submit"
          className="button button--primary"
          disabled={!canContinue || busy}
          aria-busy={busy || undefined}
          aria-describedby={canContinue ? undefined : 'continue-hint'}
        >
          {isLast ? finish.label : 'Next Section'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={section === 0 || busy}
          onClick={onPrevious}
        >
          Previous
        </button>
      </div>
    </form>
  );
}

/** "Rate statements 2 and 4 to continue."; nothing once all are rated. */
export function continueHint(unrated: readonly number[]): string {
  if (unrated.length === 0) return '';
  if (unrated.length === QUESTIONS_PER_AREA) return `Rate all ${QUESTIONS_PER_AREA} statements to continue.`;
  const numbers = unrated.map(String);
  const list = numbers.length === 1 ? numbers[0] : `${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
  return `Rate ${numbers.length === 1 ? 'statement' : 'statements'} ${list} to continue.`;
}
