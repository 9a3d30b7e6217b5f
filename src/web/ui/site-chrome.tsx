import type { ReactNode } from 'react';
import { LINK_PLACEHOLDERS } from '../../shared/site-links';
import { Link } from '../../browser/router';
import { Logo } from '../../browser/logo';

/** Header, main landmark and footer shared by every screen. */
export function SiteLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main" className={wide ? 'page page--wide' : 'page'}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

function SiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand">
          <Logo />
          <span className="brand__name">Care Audit</span>
        </Link>
        <Link to="/audit-tool" className="site-header__cta">
          Free AI audit
        </Link>
      </div>
    </header>
  );
}

function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div>
          <p className="site-footer__brand">Care Audit</p>
          <p>AI care management audits for UK care providers.</p>
        </div>
        <address className="site-footer__contact">
          <a href={`mailto:${LINK_PLACEHOLDERS.contactEmail}`}>{LINK_PLACEHOLDERS.contactEmail}</a>
          <br />
          Birmingham, West Midlands, United Kingdom
        </address>
      </div>
      <nav className="site-footer__inner site-footer__nav" aria-label="Site information">
        <ul className="site-footer__links">
          <li>
            <Link to="/privacy">Privacy notice</Link>
          </li>
          <li>
            <Link to="/accessibility">Accessibility statement</Link>
          </li>
        </ul>
      </nav>
      <p className="site-footer__legal">
        {/* The pre-render writes the year of the build; hydration puts in the visitor's year. */}©{' '}
        <span suppressHydrationWarning>{new Date().getFullYear()}</span> Care Audit. All rights reserved.
      </p>
    </footer>
  );
}
