import { CONSENT_WORDING } from '../../shared/email-request-rules';

interface ConsentFieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Beside the box: what ticking it, or not, means on this form. */
  hint: string;
  /** The part of the form that ticking the box reveals, if any: it is then named as what the box controls. */
  reveals?: string;
}

/**
 * The consent box, "The team may contact me about a free consultation", word for word as the
 * server stores it with the time it was ticked (CONSENT_WORDING); unticked until the person ticks
 * it. One box (id "consent") for every form that offers it.
 */
export function ConsentField({ checked, onChange, hint, reveals }: ConsentFieldProps) {
  return (
    <div className="field field--checkbox">
      <input
        id="consent"
        name="consent"
        type="checkbox"
        className="field__checkbox"
        checked={checked}
        aria-describedby="consent-hint"
        // Ticked, it shows what it reveals right after it; focus stays on the box.
        aria-controls={reveals}
        aria-expanded={reveals ? checked : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor="consent" className="field__label">
        {CONSENT_WORDING}
      </label>
      <p id="consent-hint" className="field__hint">
        {hint}
      </p>
    </div>
  );
}
