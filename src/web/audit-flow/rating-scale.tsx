import { useId } from 'react';
import { RATINGS, RATING_END_WORDS, type Rating } from '../../core';

interface RatingScaleProps {
  /** The statement being rated; it labels the group. */
  question: string;
  number: number;
  name: string;
  value: Rating | undefined;
  onChange: (rating: Rating) => void;
}

/**
 * One statement rated 1–5: a `radiogroup` labelled by the statement, with native radios so the
 * arrow keys move between options and check the one they reach.
 */
export function RatingScale({ question, number, name, value, onChange }: RatingScaleProps) {
  const labelId = useId();
  return (
    <fieldset className="rating" role="radiogroup" aria-labelledby={labelId}>
      <legend className="rating__question" id={labelId}>
        <span className="rating__number" aria-hidden="true">
          {`${number}.`}
        </span>{' '}
        {question}
      </legend>
      <div className="rating__options">
        {RATINGS.map((rating) => {
          const word = RATING_END_WORDS[rating];
          return (
            <label key={rating} className="rating__option">
              <input
                type="radio"
                name={name}
                value={rating}
                checked={value === rating}
                onChange={() => onChange(rating)}
              />
              <span className="rating__digit">{rating}</span>
              {word ? <span className="rating__word">{word}</span> : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
