import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MESSAGE_MAX_LENGTH } from '../../../shared/email-request';
import { Link } from '../../router';
import { CheckIcon } from '../../ui/icons';

interface EmailFormProps {
  sending: boolean;
  fieldError: string | null;
  /** Goes up after each submit with an invalid address: focus then moves to the address field. */
  invalidSubmits: number;
  onSubmit: (event: FormEvent<HTMLFormElement>, email: string, message: string) => void;
}

const INCLUDES = [
  'Complete breakdown with scores for all 5 areas',
  'Personalised AI recommendations',
  'An implementation roadmap',
  'Next steps with a consultation booking link',
] as const;

/**
 * The address and note. The field keeps type="email" and required for browsers and assistive
 * technology, but the form validates in script (noValidate) so the spec's notices show.
 */
export function EmailForm({ sending, fieldError, invalidSubmits, onSubmit }: EmailFormProps) {
  const emailInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (invalidSubmits > 0) emailInput.current?.focus();
  }, [invalidSubmits]);
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  return (
    <form className="card email-form" noValidate onSubmit={(event) => onSubmit(event, email, message)}>
      <div className="field">
        <label htmlFor="email" className="field__label">
          Email Address *
        </label>
        {fieldError ? (
          <p id="email-error" className="field__error">
            <span className="visually-hidden">Error: </span>
            {fieldError}
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
          value={email}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? 'email-error' : undefined}
          onChange={(event) => setEmail(event.target.value)}
          ref={emailInput}
        />
      </div>
      <div className="field">
        <label htmlFor="message" className="field__label">
          Additional Notes (Optional)
        </label>
        <p id="message-hint" className="field__hint">
          Anything you would like our team to know. Your note goes to our team only, not into the e-mail.
        </p>
        <textarea
          id="message"
          name="message"
          rows={4}
          maxLength={MESSAGE_MAX_LENGTH}
          className="field__input"
          aria-describedby="message-hint"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </div>
      <div className="includes">
        <p className="includes__title">Your email will include:</p>
        <ul className="feature-list">
          {INCLUDES.map((item) => (
            <li key={item}>
              <CheckIcon className="feature-list__icon" />
              {item}
            </li>
          ))}
        </ul>
      </div>
      <button
        type="submit"
        className="button button--primary button--large"
        disabled={sending}
        aria-busy={sending}
      >
        {sending ? (
          <>
            <span className="spinner" aria-hidden="true" />
            Sending...
          </>
        ) : (
          'Send Results to Email'
        )}
      </button>
      <p className="privacy-note">
        We respect your privacy. Your email will only be used to send your audit results.{' '}
        <Link to="/privacy">Read our privacy notice</Link>.
      </p>
    </form>
  );
}
