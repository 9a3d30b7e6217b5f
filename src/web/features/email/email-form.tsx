import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  CONTACT_FIELDS,
  CONTACT_MAX_LENGTH,
  MESSAGE_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  type ContactField,
} from '../../../shared/email-request-rules';
import { Honeypot } from '../../../browser/bot-check/honeypot';
import { ConsentField } from '../../../browser/forms/consent-field';
import { EmailAddressField } from '../../../browser/forms/email-address-field';
import { Link } from '../../../browser/router';
import { CheckIcon } from '../../ui/icons';

/** The contact details as typed, one per field (sent only with consent, and only those filled in). */
export type ContactValues = Record<ContactField, string>;
/** What is wrong with each contact detail; a field that is fine is absent. */
export type ContactErrors = Partial<Record<ContactField, string>>;

/** What the form hands over on submit. */
export interface EmailFormValues {
  email: string;
  message: string;
  consent: boolean;
  contact: ContactValues;
  /** The honeypot's content: empty unless a program filled in the field people never see. */
  honeypot: string;
}

interface EmailFormProps {
  sending: boolean;
  /** What is wrong with the address, shown beside it; null when nothing is. */
  fieldError: string | null;
  /** What is wrong with each contact detail, shown beside it. */
  contactErrors: ContactErrors;
  /**
   * Goes up after each submit with an invalid field: focus then moves to the first of them, the
   * address or else a contact detail.
   */
  invalidSubmits: number;
  /** Each edit of the address, so the page can clear its error as soon as the address is valid. */
  onEmailInput: (email: string) => void;
  /** Each edit of a contact detail, so the page can clear its error as soon as it is valid. */
  onContactInput: (field: ContactField, value: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>, values: EmailFormValues) => void;
}

const INCLUDES = [
  'Complete breakdown with scores for all 5 areas',
  'Personalised AI recommendations',
  'An implementation roadmap',
  'Next steps with a consultation booking link',
] as const;

/** Each contact detail's label, what the browser may fill it with, and its input's kind. */
const CONTACT_INPUTS = {
  name: { label: 'Your name', autoComplete: 'name', type: 'text', maxLength: CONTACT_MAX_LENGTH.name },
  organisation: {
    label: 'Organisation',
    autoComplete: 'organization',
    type: 'text',
    maxLength: CONTACT_MAX_LENGTH.organisation,
  },
  role: {
    label: 'Your role',
    autoComplete: 'organization-title',
    type: 'text',
    maxLength: CONTACT_MAX_LENGTH.role,
  },
  phone: { label: 'Phone number', autoComplete: 'tel', type: 'tel', maxLength: PHONE_MAX_LENGTH },
} as const satisfies Record<
  ContactField,
  { label: string; autoComplete: string; type: string; maxLength: number }
>;

const NO_CONTACT: ContactValues = { name: '', organisation: '', role: '', phone: '' };

/**
 * The address, note and consent, and with consent the optional contact details. The field keeps
 * type="email" and required for browsers and assistive technology, but the form validates in
 * script (noValidate) so the spec's notices show.
 */
export function EmailForm({
  sending,
  fieldError,
  contactErrors,
  invalidSubmits,
  onEmailInput,
  onContactInput,
  onSubmit,
}: EmailFormProps) {
  const emailInput = useRef<HTMLInputElement>(null);
  const honeypotInput = useRef<HTMLInputElement>(null);
  const contactInputs = useRef<Partial<Record<ContactField, HTMLInputElement | null>>>({});
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [consent, setConsent] = useState(false);
  // Kept while the box is unticked, so ticking it again brings back what was typed; sent only with it.
  const [contact, setContact] = useState<ContactValues>(NO_CONTACT);
  // After a submit with a problem, the first field with one takes focus (in the form's own order).
  useEffect(() => {
    if (invalidSubmits === 0) return;
    const firstContactError = CONTACT_FIELDS.find((field) => contactErrors[field]);
    if (fieldError) emailInput.current?.focus();
    else if (firstContactError) contactInputs.current[firstContactError]?.focus();
    // Only each new submit moves focus, not each error that clears as the person types.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [invalidSubmits]);
  return (
    <form
      className="card email-form"
      noValidate
      onSubmit={(event) =>
        onSubmit(event, { email, message, consent, contact, honeypot: honeypotInput.current?.value ?? '' })
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
      <ConsentField
        checked={consent}
        onChange={setConsent}
        reveals="contact-details"
        hint="Optional. Leave it unticked and we use your address only to send your results. Tick it to add how the team can reach you."
      />
      {/* Always in the page (aria-controls points at it), hidden and out of the tab order unticked. */}
      <fieldset id="contact-details" className="contact-details" hidden={!consent}>
        <legend className="contact-details__legend">Your contact details (optional)</legend>
        <p className="field__hint">For the consultation only. Fill in as many as you like.</p>
        {CONTACT_FIELDS.map((field) => (
          <ContactInput
            key={field}
            field={field}
            value={contact[field]}
            error={contactErrors[field]}
            onChange={(value) => {
              setContact((current) => ({ ...current, [field]: value }));
              onContactInput(field, value);
            }}
            ref={(input) => {
              contactInputs.current[field] = input;
            }}
          />
        ))}
      </fieldset>
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

interface ContactInputProps {
  field: ContactField;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  ref: (input: HTMLInputElement | null) => void;
}

/** One contact detail: labelled, filled by the browser if the person likes, its error tied to it. */
function ContactInput({ field, value, error, onChange, ref }: ContactInputProps) {
  const { label, autoComplete, type, maxLength } = CONTACT_INPUTS[field];
  const id = `contact-${field}`;
  const hintId = field === 'phone' ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {hintId ? (
        <p id={hintId} className="field__hint">
          7 to 20 digits; spaces, +, brackets and - are fine.
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      <input
        id={id}
        name={field}
        type={type}
        autoComplete={autoComplete}
        // Counts UTF-16 units, so an emoji counts twice here: never more than the server accepts.
        maxLength={maxLength}
        spellCheck={field === 'phone' ? false : undefined}
        className="field__input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        ref={ref}
      />
    </div>
  );
}
