import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from '../browser/router';
import { ActivityPage } from './pages/activity';
import { AlertsPage } from './pages/alerts';
import { AuthPage } from './pages/auth';
import { FailedPage } from './pages/failed';
import { LeadPage } from './pages/lead/lead-page';
import { LeadsPage } from './pages/leads';
import { NotFoundPage } from './pages/not-found';
import { OverviewPage } from './pages/overview';
import { SignInPage } from './pages/sign-in';
import { Workspace } from './ui/workspace';

// The content editor is large and used by few: its chunk loads when the page is opened.
const ContentPage = lazy(() =>
  import('./pages/content/content-page').then((m) => ({ default: m.ContentPage })),
);

const LEAD_PATH = /^\/team\/leads\/([^/]+)$/;

/** The page for a path; the sign-in pages stand alone, the others sit in the signed-in workspace. */
function pageFor(pathname: string): { page: ReactNode; signedIn: boolean } {
  const path = pathname.replace(/\/+$/, '') || '/team';
  if (path === '/team/sign-in') return { page: <SignInPage />, signedIn: false };
  if (path === '/team/auth') return { page: <AuthPage />, signedIn: false };
  if (path === '/team') return { page: <LeadsPage />, signedIn: true };
  if (path === '/team/overview') return { page: <OverviewPage />, signedIn: true };
  if (path === '/team/failed') return { page: <FailedPage />, signedIn: true };
  if (path === '/team/activity') return { page: <ActivityPage />, signedIn: true };
  if (path === '/team/alerts') return { page: <AlertsPage />, signedIn: true };
  if (path === '/team/content')
    return {
      page: (
        <Suspense fallback={<p className="loading">Loading…</p>}>
          <ContentPage />
        </Suspense>
      ),
      signedIn: true,
    };
  const lead = LEAD_PATH.exec(path);
  if (lead) {
    const id = decodeURIComponent(lead[1]);
    return { page: <LeadPage key={id} id={id} />, signedIn: true };
  }
  return { page: <NotFoundPage />, signedIn: true };
}

export function TeamApp() {
  const { pathname } = useLocation();
  const { page, signedIn } = pageFor(pathname);
  return signedIn ? <Workspace>{page}</Workspace> : page;
}
