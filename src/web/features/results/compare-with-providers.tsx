import { useId, useState } from 'react';
import {
  SERVICE_TYPES,
  SIZE_BANDS,
  hasProfile,
  type ServiceProfile,
  type ServiceType,
  type SizeBand,
} from '../../../core';

/**
 * "Compare with providers like you", beside the comparison on the results page: the service type
 * and size, both optional. "Compare" hands the choice to the page, which shows the comparison for
 * it at once and updates the anonymous audit already sent. Nothing is asked before the results: the
 * spec's "Complete Audit" goes straight to them. It starts from the profile it is given: the page
 * keys it by that profile, so a profile that arrives later (after hydration) starts it afresh.
 */
export function CompareWithProviders({
  profile,
  onCompare,
}: {
  profile: ServiceProfile;
  onCompare: (profile: ServiceProfile) => void;
}) {
  const [choice, setChoice] = useState<ServiceProfile>(profile);
  const given = hasProfile(profile);
  return (
    <form
      className="card compare"
      aria-labelledby="compare-title"
      onSubmit={(event) => {
        event.preventDefault();
        onCompare(choice);
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
          onChange={(serviceType: ServiceType) => setChoice({ ...choice, serviceType })}
        />
        <ChoiceGroup
          legend="How many people do you support?"
          name="service-size"
          options={SIZE_BANDS}
          value={choice.size}
          onChange={(size: SizeBand) => setChoice({ ...choice, size })}
        />
      </div>
      <button type="submit" className="button button--secondary">
        {given ? 'Update the comparison' : 'Compare'}
      </button>
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
