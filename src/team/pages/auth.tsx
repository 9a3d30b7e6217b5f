import { useState } from 'react';
import { Link, useNavigate } from '../../browser/router';
import { teamApi, TeamApiError } from '../api';
import { usePage } from '../ui/page-title';
import { SignInBrand } from '../ui/sign-in-brand';

type Outcome = 'ready' | 'signing-in' | 'token_used' | 'token_expired' | 'token_invalid' | 'error';

const FAILURES: Record<'token_used' | 'token_expired' | 'token_invalid', { title: string; text: string }> = {
  token_used: {
    title: 'This link has been used',
    text: 'Each sign-in link works once. If it was not you who used it, tell the person who runs the workspace.',
  },
  token_expired: {
    title: 'This link has expired',
    text: 'Sign-in links work for 15 minutes after they are sent.',
  },
  token_invalid: {
    title: 'This link does not work',
    text: 'It may have been copied only in part. Links from older e-mails stop working once a newer one is used.',
  },
};

function tokenFromUrl(): string {
  return new URLSearchParams(window.location.search).get('token') ?? '';
}

/**
 * The page a sign-in link opens. Opening it changes nothing (mail scanners open links): only the
 * button, a POST, uses the token.
 */
export function AuthPage() {
  const navigate = useNavigate();
  const [token] = useState(tokenFromUrl);
  const [outcome, setOutcome] = useState<Outcome>(token ? 'ready' : 'token_invalid');
  const [error, setError] = useState('');
  const failure = outcome in FAILURES ? FAILURES[outcome as keyof typeof FAILURES] : null;
  const heading = usePage(failure ? failure.title : 'Sign in');

  async function signIn() {
    setOutcome('signing-in');
    try {
      await teamApi.useToken(token);
      // The token is spent: leave its address out of the history.
      navigate('/team', { replace: true });
    } catch (caught) {
      if (caught instanceof TeamApiError && caught.code in FAILURES)
        setOutcome(caught.code as keyof typeof FAILURES);
      else {
        setOutcome('error');
        setError(caught instanceof Error ? caught.message : 'Signing in failed. Please try again.');
      }
      requestAnimationFrame(() => heading.current?.focus());
    }
  }

  return (
    <main id="main" className="team-main team-main--narrow">
      <SignInBrand />
      <div className="card">
        {failure ? (
          <>
            <h1 ref={heading} tabIndex={-1}>
              {failure.title}
            </h1>
            <p>{failure.text}</p>
            <Link to="/team/sign-in" className="button button--primary">
              Ask for a new link
            </Link>
          </>
        ) : (
          <>
            <h1 ref={heading} tabIndex={-1}>
              Sign in
            </h1>
            <div role="alert" className={outcome === 'error' ? 'notice notice--error' : 'notice'}>
              {outcome === 'error' ? <p>{error}</p> : null}
            </div>
            <p>Press the button to sign in to the team workspace on this device.</p>
            <button
              type="button"
              className="button button--primary"
              onClick={signIn}
              disabled={outcome === 'signing-in'}
            >
              {outcome === 'signing-in' ? 'Signing in…' : 'Sign in'}
            </button>
          </>
        )}
      </div>
    </main>
  );
}
