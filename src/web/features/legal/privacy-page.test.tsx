// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { LINK_PLACEHOLDERS } from '../../../shared/site-links';
import { BrowserRouter } from '../../../browser/router';
import { PrivacyPage } from './privacy-page';

/** The text under one h2, up to the next h2. */
function section(heading: string): string {
  const h2 = screen.getByRole('heading', { level: 2, name: heading });
  let text = '';
  for (let el = h2.nextElementSibling; el && el.tagName !== 'H2'; el = el.nextElementSibling) {
    text += ` ${el.textContent ?? ''}`;
  }
  return text.replace(/\s+/g, ' ');
}

describe('PrivacyPage', () => {
  beforeEach(() => {
    render(
      <BrowserRouter>
        <PrivacyPage />
      </BrowserRouter>,
    );
  });

  it('keeps its sections, with the benchmark and the results link in their places', () => {
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Taking the audit',
      'Comparing your results with other providers',
      'What we store when you ask for your results by e-mail',
      'Your private results link',
      'Why we use it',
      'Who sees it',
      'How long we keep it',
      'Your rights',
    ]);
  });

  it('says the completed audit is sent for the comparison, and nothing else without the e-mail form', () => {
    const text = section('Taking the audit');
    expect(text).toContain('When you complete the audit, your browser sends us your ratings');
    expect(text).toContain('without anything that identifies you');
    expect(text).not.toContain('We do not receive them');
    // The download is made on the server from the ratings sent, and nothing of them is kept.
    expect(text).toContain('When you download the report, your browser sends us your ratings');
    expect(text).toContain('keep nothing of what you sent');
  });

  it('lists what the benchmark stores, what it never stores, and for how long', () => {
    const text = section('Comparing your results with other providers');
    const stored = screen
      .getByRole('heading', { level: 2, name: 'Comparing your results with other providers' })
      .parentElement?.querySelector('ul');
    expect([...(stored?.querySelectorAll('li') ?? [])].map((li) => li.textContent?.trim())).toEqual([
      'the date (the day only, not the time);',
      'your 25 ratings and the scores worked out from them;',
      'your type of service and how many people you support, if you answered that optional question.',
    ]);
    for (const never of ['e-mail address', 'internet (IP) address', 'the time', 'browser’s details']) {
      expect(text).toContain(never);
    }
    expect(text).toContain('These audits contain nothing that identifies anyone');
    expect(text).toContain('keep them indefinitely as anonymous statistics, to work out the comparisons');
    expect(text).toContain('delete it after two days');
    expect(text).toContain('only once enough providers have taken part');
  });

  it('lists the profile and the link’s hash among what an e-mail request stores', () => {
    const text = section('What we store when you ask for your results by e-mail');
    expect(text).toContain('your type of service and how many people you support, if you answered');
    expect(text).toContain('kept only as a hash');
  });

  it('explains the results link: random, stored as a hash, dead once the request is erased', () => {
    const text = section('Your private results link');
    expect(text).toContain('“View your results online”');
    expect(text).toContain('long random code');
    expect(text).toContain('We store only a hash of that code');
    expect(text).toContain('asks search engines not to list it');
    // The server replaces the placeholder with RETENTION_DAYS, as in "How long we keep it".
    expect(text).toContain(
      `stops working when your request is erased: when you ask us to erase it, or automatically ${LINK_PLACEHOLDERS.retentionPeriod}.`,
    );
    expect(section('How long we keep it')).toContain('results link stops working');
    expect(section('How long we keep it')).toContain(
      'anonymous audits used for comparisons are kept indefinitely',
    );
  });

  it('gives the results link its lawful basis', () => {
    expect(screen.getByRole('row', { name: /private link in your e-mail/ }).textContent).toContain(
      'Taking steps at your request (Article 6(1)(b))',
    );
  });

  it('says the visit’s source is noted without a cookie, in the tab only, and never a full address', () => {
    const text = section('Taking the audit');
    for (const phrase of [
      'utm_source, utm_medium and utm_campaign',
      'the name of the website whose link brought you here',
      'never the page you were on or what you searched for',
      'not in a cookie',
      'forgets them when you close the tab',
      'They reach us only if you ask for your results by e-mail',
      'Nothing else that identifies you or your browser is recorded with them',
    ]) {
      expect(text).toContain(phrase);
    }
  });

  it('lists the contact details, only with the box ticked, and the source among what an e-mail request stores', () => {
    const text = section('What we store when you ask for your results by e-mail');
    expect(text).toContain(
      'only if you ticked that box, the contact details you chose to give: your name, organisation, role and phone number',
    );
    expect(text).toContain('where your visit came from');
    expect(text).toContain(
      'asks for your name, organisation, role and phone number only once you tick the box',
    );
  });

  it('erases and deletes the contact details and the source with the request', () => {
    expect(section('How long we keep it')).toContain(
      `We keep each request, with any contact details you gave and where your visit came from, for ${LINK_PLACEHOLDERS.retentionPeriod}, then delete it automatically`,
    );
    expect(section('Your rights')).toContain(
      'We erase every request, with the contact details and the source of the visit stored with it',
    );
  });

  it('gives the source and the contact details their lawful bases', () => {
    expect(screen.getByRole('row', { name: /Knowing which campaigns/ }).textContent).toContain(
      'legitimate interest',
    );
    expect(screen.getByRole('row', { name: /phone number you gave/ }).textContent).toContain(
      'Your consent (Article 6(1)(a))',
    );
  });
});
