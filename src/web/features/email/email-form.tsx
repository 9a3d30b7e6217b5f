import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CONSENT_WORDING, MESSAGE_MAX_LENGTH } from '../../../shared/email-request-rules';
import { Honeypot } from '../../../browser/bot-check/honeypot';
import { EmailAddressField } from '../../../browser/forms/email-address-field';
import { Link } from '../../../browser/router';
import { CheckIcon } from '../../ui/icons';

/** What the form hands over on submit. */
export interface EmailFormValues {
  email: string;
  message: string;
  consent: boolean;
  /** The honeypot's content: empty unless a program filled in the field people never see. */
  honeypot: string;
}

interface EmailFormProps {
  sending: boolean;
  /** What is wrong with the address, shown beside it; null when nothing is. */
  fieldError: string | null;
  /** Goes up after each submit with an invalid address: focus then moves to the address field. */
  invalidSubmits: number;
  /** Each edit of the address, so the page can clear its error as soon as the address is valid. */
  onEmailInput: (email: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>, values: EmailFormValues) => void;
}

const INCLUDES = [
  'Complete breakdown with scores for all 5 areas',
  'Personalised AI recommendations',
  'An implementation roadmap',
  'Next steps with a consultation booking link',
] as const;

/**
 * The address, note and consent. The field keeps type="email" and required for browsers and
 * assistive technology, but the form validates in script (noValidate) so the spec's notices show.
 */
export function EmailForm({ sending, fieldError, invalidSubmits, onEmailInput, onSubmit }: EmailFormProps) {
  const emailInput = useRef<HTMLInputElement>(null);
  const honeypotInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (invalidSubmits > 0) emailInput.current?.focus();
  }, [invalidSubmits]);
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [consent, setConsent] = useState(false);
  return (
    <form
      className="card email-form"
      noValidate
      onSubmit={(event) =>
        onSubmit(event, { email, message, consent, honeypot: honeypotInput.current?.value ?? '' })
      }
    >
      <EmailAddressField
        label="Email Address *"
        value={email}
        error={fieldError}
        onChange={(value) => {
          setEmail(value);
          onEmailInput(value);
        }}
        ref={emailInput}
      />
      <Honeypot ref={honeypotInput} />
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
          // Counts UTF-16 units, so an emoji counts twice here: never more than the server accepts.
          maxLength={MESSAGE_MAX_LENGTH}
          className="field__input"
          aria-describedby="message-hint"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </div>
      <div className="field field--checkbox">
        <input
          id="consent"
          name="consent"
          type="checkbox"
          className="field__checkbox"
          checked={consent}
          aria-describedby="consent-hint"
          onChange={(event) => setConsent(event.target.checked)}
        />
        <label htmlFor="consent" className="field__label">
          {CONSENT_WORDING}
        </label>
        <p id="consent-hint" className="field__hint">
          Optional. Leave it unticked and we use your address only to send your results.
        </p>
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
        We respect your privacy. Your email will only be used to send your audit results. If you tick the box
        above, our team may also contact you about a free consultation.{' '}
        <Link to="/privacy">Read our privacy notice</Link>.
      </p>
    </form>
  );
}
