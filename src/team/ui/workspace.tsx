import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from '../../browser/router';
import { EXPORT_CSV_PATH, SIGN_IN_PATH, teamApi } from '../api';
import { Logo } from '../../browser/logo';
import { NoticeContext, NoticeRegion, type Notice } from './notice';
import { useLoad } from './use-load';
import { Address } from '../../browser/address';

const NAV = [
  { to: '/team', label: 'Leads' },
  { to: '/team/overview', label: 'Overview' },
  { to: '/team/failed', label: 'Failed deliveries' },
  { to: '/team/activity', label: 'Activity' },
  { to: '/team/content', label: 'Audit content' },
  { to: '/team/alerts', label: 'Your alerts' },
] as const;

/** A notice handed to the next page with the navigation (e.g. "erased" after leaving a lead). */
export interface NoticeState {
  notice?: Notice;
}

function noticeFrom(state: unknown): Notice | null {
  return (state as NoticeState | null)?.notice ?? null;
}

/**
 * The signed-in workspace around every page but sign-in: the header (pages, the CSV download, who
 * is signed in, sign-out) and the live region for notices. It asks first whether this browser is
 * signed in, and only then shows the page, whose requests need the session: signed out, it goes to
 * the sign-in page having made no request that is refused (decision 0084). A request answered 401
 * later (a session ended meanwhile) still sends the person there (see api.ts).
 */
export function Workspace({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useLoad(teamApi.session);
  const signedOut = session.data?.signedIn === false;
  const member = session.data?.signedIn ? session.data : null;
  // Replaced, so Back from the sign-in page does not return to a page that sends it there again.
  useEffect(() => {
    if (signedOut) navigate(SIGN_IN_PATH, { replace: true });
  }, [signedOut, navigate]);
  // A notice belongs to the page it was shown on: a new navigation starts with the one it carries.
  const [shown, setShown] = useState<{ key: string; notice: Notice | null } | null>(null);
  const sessionProblem: Notice | null =
    session.error && session.error.status !== 401 ? { tone: 'error', text: session.error.message } : null;
  const notice = (shown?.key === location.key ? shown.notice : noticeFrom(location.state)) ?? sessionProblem;
  const showNotice = useCallback(
    (next: Notice | null) => setShown({ key: location.key, notice: next }),
    [location.key],
  );
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    try {
      await teamApi.signOut();
      navigate('/team/sign-in', { state: { signedOut: true } });
    } catch (error) {
      setSigningOut(false);
      showNotice({ tone: 'error', text: error instanceof Error ? error.message : 'Signing out failed.' });
    }
  }

  return (
    <NoticeContext.Provider value={showNotice}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="team-header">
        <div className="team-header__inner">
          <Link to="/team" className="brand">
            <Logo />
            <span>
              Care Audit <span className="brand__team">team</span>
            </span>
          </Link>
          <nav className="team-nav" aria-label="Workspace">
            <ul>
              {NAV.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} aria-current={location.pathname === item.to ? 'page' : undefined}>
                    {item.label}
                  </Link>
                </li>
              ))}
              <li>
                {/* A plain link: the browser downloads the attachment the server names. */}
                <a href={EXPORT_CSV_PATH} download>
                  Download CSV
                </a>
              </li>
            </ul>
          </nav>
          <div className="team-user">
            {member ? (
              <span className="team-user__email">
                <span className="visually-hidden">Signed in as </span>
                <Address value={member.email} whole />
              </span>
            ) : null}
            <button type="button" className="link-button" onClick={signOut} disabled={signingOut}>
              Sign out
            </button>
          </div>
        </div>
      </header>
      <main id="main" className="team-main">
        <NoticeRegion notice={notice} />
        {/* When the question itself failed (no connection, say), the page shows its own error and retry. */}
        {member || session.error ? children : <p className="loading">Loading…</p>}
      </main>
    </NoticeContext.Provider>
  );
}
