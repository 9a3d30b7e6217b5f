import { useId, useState } from 'react';
import { ChoiceGroup } from '../../../browser/forms/choice-group';
import {
  SERVICE_TYPES,
  SIZE_BANDS,
  hasProfile,
  segmentOf,
  type ServiceProfile,
  type ServiceType,
  type SizeBand,
} from '../../../core';
import { CHOOSE_FIRST, compareAnswer } from './compare-answer';
import type { BenchmarkLookup } from './use-benchmark';
import './compare.css';

/**
 * "Compare with providers like you", beside the comparison on the results page: the service type
 * and size, both optional. "Compare" hands the choice to the page, which shows the comparison for
 * it at once and updates the anonymous audit already sent. Nothing is asked before the results: the
 * spec's "Complete Audit" goes straight to them.
 *
 * Pressing "Compare" always answers under the button, in a polite live region that is always in the
 * form (so the change is read out): what it found, how many providers a comparison needs when there
 * are too few, or to choose something first. The form stays mounted when the profile changes, so
 * focus stays on the button; a profile that arrives later (after hydration) resets the choice.
 */
export function CompareWithProviders({
  profile,
  lookup,
  onCompare,
}: {
  profile: ServiceProfile;
  /** The comparison for `profile`, as the page looked it up. */
  lookup: BenchmarkLookup | undefined;
  onCompare: (profile: ServiceProfile) => void;
}) {
  const [choice, setChoice] = useState<ServiceProfile>(profile);
  const [choseNothing, setChoseNothing] = useState(false);
  // React's way to reset state when a prop changes, without an effect or a remount.
  const [shownSegment, setShownSegment] = useState(segmentOf(profile));
  if (shownSegment !== segmentOf(profile)) {
    setShownSegment(segmentOf(profile));
    setChoice(profile);
  }
  const choose = (next: ServiceProfile) => {
    setChoice(next);
    setChoseNothing(false);
  };
  const given = hasProfile(profile);
  const answer = choseNothing ? CHOOSE_FIRST : compareAnswer(profile, lookup);
  const answerId = useId();
  return (
    <form
      className="card compare"
      aria-labelledby="compare-title"
      onSubmit={(event) => {
        event.preventDefault();
        setChoseNothing(!hasProfile(choice));
        if (hasProfile(choice)) onCompare(choice);
      }}
    >
      <h3 id="compare-title" className="compare__title">
        Compare with providers like you
      </h3>
      <p className="compare__text">
        Optional. Tell us what kind of service you run and how many people you support, and we show how
        providers like yours scored in each area. We never ask for your name or your organisation.
      </p>
      <div className="compare__groups">
        <ChoiceGroup
          legend="What type of service do you run?"
          name="service-type"
          options={SERVICE_TYPES}
          value={choice.serviceType}
          onChange={(serviceType: ServiceType) => choose({ ...choice, serviceType })}
        />
        <ChoiceGroup
          legend="How many people do you support?"
          name="service-size"
          options={SIZE_BANDS}
          value={choice.size}
          onChange={(size: SizeBand) => choose({ ...choice, size })}
        />
      </div>
      <button type="submit" className="button button--secondary" aria-describedby={answerId}>
        {given ? 'Update the comparison' : 'Compare'}
      </button>
      <p id={answerId} role="status" className="compare__answer">
        {answer}
      </p>
    </form>
  );
}
