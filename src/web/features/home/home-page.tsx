import { LINK_PLACEHOLDERS } from '../../../shared/site-links';
import { Link } from '../../../browser/router';
import { ExternalLink } from '../../ui/external-link';
import { AreaIcon, CheckIcon } from '../../ui/icons';
import { ProgressBar } from '../../ui/progress-bar';
import { SiteLayout } from '../../ui/site-chrome';
import { AREA_CARDS, BADGES, DEMO_BARS, PROMISES, TRUST_STATS } from './content';
import './home.css';

/** The home page: hero, five area cards, trust statistics, call to action, footer. */
export function HomePage() {
  return (
    <SiteLayout wide>
      <Hero />
      <AreaCards />
      <TrustStats />
      <CallToAction />
    </SiteLayout>
  );
}

function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__text">
        <p className="eyebrow">Free AI health check for UK care providers</p>
        <h1 id="hero-title">See where AI can transform your care management</h1>
        <p className="lead">
          Our AI audit reviews five areas of your service – operational efficiency, compliance and
          regulations, service quality, staff training and support, and data management – and shows you what
          to improve first.
        </p>
        <ul className="promise-list">
          {PROMISES.map((promise) => (
            <li key={promise}>
              <CheckIcon className="promise-list__icon" />
              {promise}
            </li>
          ))}
        </ul>
        <div className="button-row">
          <ExternalLink href={LINK_PLACEHOLDERS.signupUrl} className="button button--primary button--large">
            Start Your AI Audit Now
          </ExternalLink>
          <ExternalLink
            href={LINK_PLACEHOLDERS.contactUrl}
            className="button button--secondary button--large"
          >
            Contact Us
          </ExternalLink>
        </div>
      </div>
      <div className="hero__demo card" aria-labelledby="demo-title">
        <p className="hero__demo-title" id="demo-title">
          Example audit results
        </p>
        {DEMO_BARS.map((bar) => (
          <div key={bar.label} className="demo-bar">
            <div className="demo-bar__label">
              <span>{bar.label}</span>
              <span className="demo-bar__value">{bar.value}%</span>
            </div>
            <ProgressBar value={bar.value} label={`Example: ${bar.label}`} />
          </div>
        ))}
      </div>
    </section>
  );
}

function AreaCards() {
  return (
    <section className="section" aria-labelledby="areas-title">
      <h2 id="areas-title" className="section__title">
        Five areas, one clear picture
      </h2>
      <p className="section__intro">
        The audit looks at the parts of your service where AI saves the most time and risk.
      </p>
      <ul className="area-cards">
        {AREA_CARDS.map((card) => (
          <li key={card.area} className="card area-card">
            <div className="area-card__head">
              <span className={`area-icon area-icon--${card.area}`}>
                <AreaIcon area={card.area} />
              </span>
              <h3>{card.title}</h3>
            </div>
            <p>{card.description}</p>
            <ul className="feature-list">
              {card.features.map((feature) => (
                <li key={feature}>
                  <CheckIcon className="feature-list__icon" />
                  {feature}
                </li>
              ))}
            </ul>
            <p className="area-card__figure">
              <strong>{card.improvement}</strong> {card.improvementLabel}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TrustStats() {
  return (
    <section className="section trust" aria-labelledby="trust-title">
      <h2 id="trust-title" className="section__title">
        Trusted by care providers across the UK
      </h2>
      <dl className="stats">
        {TRUST_STATS.map((stat) => (
          <div key={stat.label} className="stats__item">
            <dt>{stat.label}</dt>
            <dd>{stat.figure}</dd>
          </div>
        ))}
      </dl>
      <ul className="badges" aria-label="Accreditations">
        {BADGES.map((badge) => (
          <li key={badge} className="badge">
            <CheckIcon className="badge__icon" />
            {badge}
          </li>
        ))}
      </ul>
    </section>
  );
}

function CallToAction() {
  return (
    <section className="cta" aria-labelledby="cta-title">
      <h2 id="cta-title">Ready to see where you stand?</h2>
      <p>
        Rate 25 statements about your service and get your scores, recommendations and a PDF report in about
        15 minutes. It is free and needs no credit card.
      </p>
      <div className="button-row button-row--center">
        <Link to="/audit-tool" className="button button--primary button--large">
          Claim Your Free AI Health Check
        </Link>
        <ExternalLink href={LINK_PLACEHOLDERS.contactUrl} className="button button--on-dark button--large">
          Contact Us
        </ExternalLink>
      </div>
    </section>
  );
}
