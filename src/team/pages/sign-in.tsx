import { useRef, useState, type FormEvent } from 'react';
import { emailAddressProblem } from '../../shared/email-address';
import { HONEYPOT_FIELD, PROOF_FIELD } from '../../shared/bot-check';
import { useLocation } from '../../browser/router';
import { Honeypot } from '../../browser/bot-check/honeypot';
import { useProofOfWork } from '../../browser/bot-check/proof-of-work';
import { EmailAddressField } from '../../browser/forms/email-address-field';
import { teamApi, TeamApiError } from '../api';
import { usePage } from '../ui/page-title';
import { SignInBrand } from '../ui/sign-in-brand';
import { useLoad } from '../ui/use-load';
import { Address } from '../../browser/address';
import './sign-in.css';

type Phase = 'form' | 'sending' | 'sent';

/**
 * Asks for an address and e-mails a one-time sign-in link to it if it is on the team. The answer
 * is the same for any address, so the page never tells who is on the team. The proof of work is
 * solved in the background while the person types, as on the visitors' e-mail form.
 */
export function SignInPage() {
  const setup = useLoad(teamApi.setup);
  const location = useLocation();
  const signedOut = (location.state as { signedOut?: boolean } | null)?.signedOut === true;
  const [phase, setPhase] = useState<Phase>('form');
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const { takeProof, prepare } = useProofOfWork();
  const heading = usePage(phase === 'sent' ? 'Check your inbox' : 'Sign in');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const address = email.trim();
    if (emailAddressProblem(address) !== undefined) {
      setFieldError(
        address === '' ? 'Enter your work e-mail address.' : 'Enter an e-mail address like name@example.com.',
      );
      emailInput.current?.focus();
      return;
    }
    setFieldError(null);
    setPhase('sending');
    try {
      const proof = await takeProof();
      await teamApi.signIn({
        email: address,
        [HONEYPOT_FIELD]: honeypot.current?.value ?? '',
        [PROOF_FIELD]: proof,
      });
      setPhase('sent');
      requestAnimationFrame(() => heading.current?.focus());
    } catch (caught) {
      setPhase('form');
      setError(
        caught instanceof TeamApiError && caught.code === 'rate_limited'
          ? 'Too many sign-in requests. Please wait a few minutes and try again.'
          : caught instanceof Error
            ? caught.message
            : 'The link could not be sent. Please try again.',
      );
      // Each challenge is accepted once: get the next one ready for another try.
      prepare();
    }
  }

  const notSetUp = setup.data?.signInEnabled === false;

  return (
    <main id="main" className="team-main team-main--narrow">
      <SignInBrand />
      <div className="card">
        {phase === 'sent' ? (
          <>
            <h1 ref={heading} tabIndex={-1}>
              Check your inbox
            </h1>
            <p>
              If{' '}
              <strong>
                <Address value={email.trim()} />
              </strong>{' '}
              is on the team, a sign-in link is on its way to it. The link works once, for 15 minutes.
            </p>
            <p className="muted">
              Nothing after a few minutes? Check your spam folder, or ask for a new link.
            </p>
            <button type="button" className="button button--secondary" onClick={() => setPhase('form')}>
              Ask for a new link
            </button>
          </>
        ) : (
          <>
            <h1 ref={heading} tabIndex={-1}>
              Sign in
            </h1>
            <div role="status" className={signedOut ? 'notice notice--success' : 'notice'}>
              {signedOut && phase === 'form' ? <p>You have signed out.</p> : null}
            </div>
            <div role="alert" className={error ? 'notice notice--error' : 'notice'}>
              {error ? <p>{error}</p> : null}
            </div>
            {notSetUp ? (
              <div className="notice notice--info">
                <p>
                  <strong>The workspace is not set up yet.</strong> Nobody can sign in until the server is
                  started with <code>TEAM_EMAILS</code> set to the team&rsquo;s addresses, for example{' '}
                  <code>TEAM_EMAILS=anna@example.com,ben@example.com</code>.
                </p>
              </div>
            ) : (
              <form noValidate onSubmit={submit}>
                <p>We&rsquo;ll e-mail you a link to sign in. No password needed.</p>
                <EmailAddressField
                  label="Work e-mail address"
                  value={email}
                  error={fieldError}
                  onChange={setEmail}
                  ref={emailInput}
                />
                <Honeypot ref={honeypot} />
                <button type="submit" className="button button--primary" disabled={phase === 'sending'}>
                  {phase === 'sending' ? 'Sending link…' : 'Send me a sign-in link'}
                </button>
              </form>
            )}
          </>
        )}
      </div>
      <p className="muted sign-in__footnote">
        Only addresses on the team can sign in. Not on it yet? Ask whoever runs the workspace to add you.
      </p>
    </main>
  );
}
