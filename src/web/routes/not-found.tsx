import { useEffect } from 'react';
import { Link, useLocation } from '../../browser/router';
import { SiteLayout } from '../ui/site-chrome';

/** The not-found screen; the server answers these paths with HTTP 404. */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    // The missing path goes to the console for whoever debugs a broken link; a warning, because a
    // mistyped address is not an app error.
    console.warn('404: no page at', pathname);
  }, [pathname]);
  return (
    <SiteLayout>
      <div className="not-found">
        <h1 className="not-found__code">404</h1>
        <p className="not-found__text">Oops! Page not found</p>
        <Link to="/" className="button button--primary">
          Return to Home
        </Link>
      </div>
    </SiteLayout>
  );
}
