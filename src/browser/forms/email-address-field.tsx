import type { ReactNode, Ref } from 'react';

interface EmailAddressFieldProps {
  label: ReactNode;
  value: string;
  /** What is wrong with the address, shown above it and linked to it; null when nothing is. */
  error: string | null;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The one e-mail address field of a form (id "email"). It keeps type="email" and required for
 * browsers and assistive technology; the form validates in script (noValidate) and passes the
 * problem in as error, which marks the field invalid and is read out with it.
 */
export function EmailAddressField({ label, value, error, onChange, ref }: EmailAddressFieldProps) {
  return (
    <div className="field">
      <label htmlFor="email" className="field__label">
        {label}
      </label>
      {error ? (
        <p id="email-error" className="field__error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      <input
        id="email"
        name="email"
        type="email"
        required
        autoComplete="email"
        spellCheck={false}
        className="field__input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'email-error' : undefined}
        onChange={(event) => onChange(event.target.value)}
        ref={ref}
      />
    </div>
  );
}
