import { useEffect, useRef, useState, type FormEvent } from 'react';
import { hasAnswers, hasProfile } from '../../../core';
import { emailAddressProblem } from '../../../shared/email-address';
import { HONEYPOT_FIELD, PROOF_FIELD } from '../../../shared/bot-check';
import { Honeypot } from '../../../browser/bot-check/honeypot';
import { useProofOfWork } from '../../../browser/bot-check/proof-of-work';
import { ConsentField } from '../../../browser/forms/consent-field';
import { EmailAddressField } from '../../../browser/forms/email-address-field';
import { Link } from '../../../browser/router';
import { saveForLater } from '../../api/saved-audits';
import { noteAuditSaved, type AuditProgress } from '../../audit-state/audit-session';
import { NOTHING_TO_SAVE, saveFailureMessage, untilWhen } from './save-words';
import { SAVED_AUDIT_DAYS } from '../../../shared/saved-audit';
import { Address } from '../../../browser/address';

type Phase =
  | { name: 'form' }
  | { name: 'sending' }
  | { name: 'sent'; email: string; expiresOn: string }
  | { name: 'failed'; text: string; key: number };

interface SaveForLaterFormProps {
  progress: AuditProgress;
  /** The section on screen, which the saved audit reopens at. */
  section: number;
}

/**
 * The address form behind "Save and continue later": the e-mail form's address field, consent box
 * (unticked), honeypot and proof of work, and "Email me a link". It sends the audit as it stands
 * when submitted; on success it says where the link went and until when it opens the audit.
 */
export function SaveForLaterForm({ progress, section }: SaveForLaterFormProps) {
  const emailInput = useRef<HTMLInputElement>(null);
  const honeypotInput = useRef<HTMLInputElement>(null);
  const sentText = useRef<HTMLParagraphElement>(null);
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ name: 'form' });
  const failures = useRef(0);
  const { takeProof, prepare } = useProofOfWork();
  // Sent: focus goes to what happened, which replaced the form the focus was in.
  useEffect(() => {
    if (phase.name === 'sent') sentText.current?.focus();
  }, [phase.name]);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    const problem = emailAddressProblem(address);
    if (problem !== undefined) {
      setFieldError(problem);
      setPhase({ name: 'form' });
      emailInput.current?.focus();
      return;
    }
    setFieldError(null);
    const { responses, profile, earlier, origin, retakesAudit, contentVersion } = progress;
    failures.current += 1;
    if (!hasAnswers(responses)) {
      setPhase({ name: 'failed', text: NOTHING_TO_SAVE, key: failures.current });
      return;
    }
    setPhase({ name: 'sending' });
    try {
      // Usually solved while the person typed; if not, the button says "Sending…" until it is.
      const proof = await takeProof();
      const accepted = await saveForLater({
        email: address,
        consent,
        responses,
        section,
        ...(profile && hasProfile(profile) ? { profile } : {}),
        ...(earlier ? { earlier: { takenOn: earlier.takenOn, scores: earlier.scores } } : {}),
        // A saved retake stays linked to the results it came from.
        ...(origin?.retakeOf ? { retakeOf: origin.retakeOf } : {}),
        // And the audit it retakes, so the audit continued from the link replaces it too.
        ...(retakesAudit ? { retakesAudit } : {}),
        // The words it is answered with: the continue link reopens it in them.
        ...(contentVersion ? { contentVersion } : {}),
        [HONEYPOT_FIELD]: honeypotInput.current?.value ?? '',
        [PROOF_FIELD]: proof,
      });
      noteAuditSaved(accepted.savedAt);
      setPhase({ name: 'sent', email: address, expiresOn: accepted.expiresOn });
    } catch (error) {
      setPhase({ name: 'failed', text: saveFailureMessage(error), key: failures.current });
      // Each challenge is accepted once: get the next one ready for another try.
      prepare();
    }
  }

  const sending = phase.name === 'sending';
  return (
    <>
      <p className="save-later__what">
        We'll email you a private link that opens this audit where you left off, on any device. It is kept for{' '}
        {SAVED_AUDIT_DAYS} days.
      </p>
      <div role="alert" aria-atomic="true">
        {phase.name === 'failed' ? (
          <p key={phase.key} className="notice notice--error save-later__message">
            {phase.text}
          </p>
        ) : null}
      </div>
      <div role="status" aria-atomic="true">
        {phase.name === 'sent' ? (
          <p ref={sentText} tabIndex={-1} className="notice notice--success save-later__message">
            We've sent a link to{' '}
            <strong>
              <Address value={phase.email} />
            </strong>
            . It opens this audit where you left off, on any device, {untilWhen(phase.expiresOn)}.
          </p>
        ) : null}
      </div>
      {phase.name === 'sent' ? null : (
        <form className="save-later__form" noValidate onSubmit={(event) => void send(event)}>
          <EmailAddressField
            label="Email address"
            value={email}
            error={fieldError}
            onChange={(value) => {
              setEmail(value);
              // An address that has become valid clears its error at once.
              if (fieldError && emailAddressProblem(value.trim()) === undefined) setFieldError(null);
            }}
            ref={emailInput}
          />
          <Honeypot ref={honeypotInput} />
          <ConsentField
            checked={consent}
            onChange={setConsent}
            hint="Optional. Leave it unticked and we use your address only to send your link."
          />
          <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending}>
            {sending ? (
              <>
                <span className="spinner" aria-hidden="true" />
                Sending…
              </>
            ) : (
              'Email me a link'
            )}
          </button>
          <p className="privacy-note">
            Anyone with the link can open your answers, so keep the e-mail to yourself.{' '}
            <Link to="/privacy">Read our privacy notice</Link>.
          </p>
        </form>
      )}
    </>
  );
}

// The save back to a continue link loads with this form, one chunk for everything behind the
// button: the modules it shares with the e-mail page then make one chunk more there, not several.
export { saveBackToLink } from './save-to-link';
