import { useEffect, useId, useRef } from 'react';
import {
  SERVICE_TYPES,
  SIZE_BANDS,
  hasProfile,
  type ServiceProfile,
  type ServiceType,
  type SizeBand,
} from '../../../core';
import { sendCompletedAudit } from '../../api/audits';
import type { AuditProgress } from '../../audit-state/audit-session';
import { newIdempotencyKey } from '../../audit-state/idempotency-key';
import { resultsStateFor } from '../../audit-state/results-state';
import { useNavigate, usePrefetch } from '../../router';

interface AboutServiceStepProps {
  progress: AuditProgress;
  save: (next: AuditProgress) => void;
  /** Back to the last section, to change an answer. */
  onPrevious: () => void;
  /** Whether the step was just entered (not restored by a reload): then its heading takes focus. */
  entered: boolean;
}

/**
 * The optional step after the last section: the service type and size, so results can be compared
 * with providers like this one. Either answer, both or neither; "Skip this question" forgets any
 * choice made. Both buttons show the results at once and send the audit to the benchmark on the way.
 * Its own chunk: the audit page loads it only once the last section is on screen.
 */
export function AboutServiceStep({ progress, save, onPrevious, entered }: AboutServiceStepProps) {
  const navigate = useNavigate();
  const prefetch = usePrefetch();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const profile = progress.profile ?? {};
  // The results are one click away: fetch their screen and report view now, so they show at once.
  useEffect(() => prefetch('/audit-results'), [prefetch]);
  useEffect(() => {
    // Keyboard and screen-reader users start at the top of the new step.
    if (entered) headingRef.current?.focus();
  }, [entered]);

  function choose(next: ServiceProfile) {
    save({ ...progress, profile: next });
  }

  function finish(given: ServiceProfile) {
    const { responses, earlier } = progress;
    // Made once for this completed audit and kept with it: going back and on again resends the same key.
    const idempotencyKey = progress.idempotencyKey ?? newIdempotencyKey();
    const known = hasProfile(given) ? given : undefined;
    save({ ...progress, idempotencyKey, profile: known });
    sendCompletedAudit({ idempotencyKey, responses, ...(known ? { profile: known } : {}) });
    navigate('/audit-results', { state: resultsStateFor(responses, known, earlier) });
  }

  return (
    <form
      className="card audit-section"
      aria-labelledby="about-service-heading"
      onSubmit={(event) => {
        event.preventDefault();
        finish(profile);
      }}
    >
      <h2 id="about-service-heading" ref={headingRef} tabIndex={-1} className="audit-section__heading">
        <span className="audit-section__step">Optional</span>
        <span className="audit-section__title">About your service</span>
      </h2>
      <p>
        Tell us what kind of service you run, and we can compare your results with providers like you. We
        never ask for your name or your organisation, and you can skip this.
      </p>
      <ChoiceGroup
        legend="What type of service do you run?"
        name="service-type"
        options={SERVICE_TYPES}
        value={profile.serviceType}
        onChange={(serviceType: ServiceType) => choose({ ...profile, serviceType })}
      />
      <ChoiceGroup
        legend="How many people do you support?"
        name="service-size"
        options={SIZE_BANDS}
        value={profile.size}
        onChange={(size: SizeBand) => choose({ ...profile, size })}
      />
      <div className="audit-section__nav">
        <button type="submit" className="button button--primary">
          See my results
        </button>
        <button type="button" className="button button--secondary" onClick={() => finish({})}>
          Skip this question
        </button>
        <button
          type="button"
          className="button button--secondary audit-section__previous"
          onClick={onPrevious}
        >
          Previous
        </button>
      </div>
    </form>
  );
}

interface ChoiceGroupProps<Id extends string> {
  legend: string;
  name: string;
  options: readonly { id: Id; label: string }[];
  value: Id | undefined;
  onChange: (id: Id) => void;
}

/** One question as a radio group: native radios, so the arrow keys move between the options. */
function ChoiceGroup<Id extends string>({ legend, name, options, value, onChange }: ChoiceGroupProps<Id>) {
  const legendId = useId();
  return (
    <fieldset className="choices" role="radiogroup" aria-labelledby={legendId}>
      <legend className="choices__legend" id={legendId}>
        {legend}
      </legend>
      <div className="choices__options">
        {options.map((option) => (
          <label key={option.id} className="choice">
            <input
              type="radio"
              name={name}
              value={option.id}
              checked={value === option.id}
              onChange={() => onChange(option.id)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export default AboutServiceStep;
