import { useId } from 'react';

interface ChoiceGroupProps<Id extends string> {
  legend: string;
  name: string;
  options: readonly { id: Id; label: string }[];
  value: Id | undefined;
  onChange: (id: Id) => void;
  /** Under the legend: why the question is asked, or what the answer is used for. */
  hint?: string;
}

/**
 * One question as a radio group (the profile on the results page, a colleague's role on the join
 * page): native radios, so the arrow keys move between the options, each a whole bordered row.
 */
export function ChoiceGroup<Id extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  hint,
}: ChoiceGroupProps<Id>) {
  const legendId = useId();
  const hintId = useId();
  return (
    <fieldset
      className="choices"
      role="radiogroup"
      aria-labelledby={legendId}
      aria-describedby={hint ? hintId : undefined}
    >
      <legend className="choices__legend" id={legendId}>
        {legend}
      </legend>
      {hint ? (
        <p className="choices__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
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
