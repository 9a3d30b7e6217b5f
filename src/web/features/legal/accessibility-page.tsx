import { LINK_PLACEHOLDERS } from '../../../shared/site-links';
import { SiteLayout } from '../../ui/site-chrome';
import './legal.css';

const CONTACT = LINK_PLACEHOLDERS.contactEmail;

/** The accessibility statement: what the site meets, what it does not yet, how to report a problem. */
export function AccessibilityPage() {
  return (
    <SiteLayout>
      <div className="prose">
        <h1>Accessibility statement</h1>
        <p className="updated">Prepared 22 November 2026. Last reviewed 23 November 2026.</p>
        <p>
          We want everyone who runs or works in care to be able to use the Care Audit website, including
          people who use a screen reader, a keyboard, speech recognition or magnification. You should be able
          to:
        </p>
        <ul>
          <li>take the whole audit with a keyboard alone;</li>
          <li>zoom to 400% or make text twice as large without losing content or scrolling sideways;</li>
          <li>use it on a screen 320 pixels wide;</li>
          <li>hear every notice, such as an error in the e-mail form, through your screen reader;</li>
          <li>turn off animation with your device’s “reduce motion” setting;</li>
          <li>read every score as a number and a word, never by colour alone;</li>
          <li>read the home page and this statement with JavaScript turned off.</li>
        </ul>

        <h2>How accessible this website is</h2>
        <p>
          This website meets the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. We check every
          screen and state with automated tests (axe) and with tests that use the site as a keyboard or
          screen-reader user would, every time we change it.
        </p>
        <p>
          The downloadable PDF report is a tagged PDF (PDF/UA-1): a screen reader finds its headings, lists
          and tables in reading order, each chart has a text description that states its figures, and its
          language is set to British English. The same report is attached to the results e-mail.
        </p>

        <h2>What is not fully accessible</h2>
        <p>The audit needs JavaScript. The home page and the information pages do not.</p>

        <h2>Reporting a problem</h2>
        <p>
          If you find a problem, or need the audit or your results in another format, e-mail{' '}
          <a href={`mailto:${CONTACT}`}>{CONTACT}</a>. Tell us the page and what went wrong. We reply within 5
          working days.
        </p>

        <h2>Enforcement</h2>
        <p>
          The Equality and Human Rights Commission (EHRC) enforces the accessibility regulations. If you are
          not happy with how we respond to your complaint, contact the{' '}
          <a href="https://www.equalityadvisoryservice.com/">Equality Advisory and Support Service</a>.
        </p>
      </div>
    </SiteLayout>
  );
}
