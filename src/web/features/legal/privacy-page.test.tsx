// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_WORDING } from '../../../shared/email-request-rules';
import { SAVED_AUDIT_DAYS } from '../../../shared/saved-audit';
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
      'Asking your team to answer',
      'Saving an audit to finish later',
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
    // The audit's random number: what it is for, and that it links to no one once the request is gone.
    expect(text).toContain('we count each provider once, by its latest audit');
    expect(text).toContain('When your request is deleted, the number goes with it');
    expect(text).toContain('only once enough providers have taken part');
  });

  it('lists the profile and the link’s hash among what an e-mail request stores', () => {
    const text = section('What we store when you ask for your results by e-mail');
    expect(text).toContain('your type of service and how many people you support, if you answered');
    expect(text).toContain('kept only as a hash');
    expect(text).toContain('the random number of the audit your browser sent for the comparison');
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
      'We erase every request from that address in any of its forms (any upper or lower case, with or without a “+” tag), with our team’s notes and follow-up of it, the contact details, the source of the visit, the action plan and any team audit with its answers stored with it',
    );
  });

  it('says requests from one address are seen together, and the latest consent counts', () => {
    expect(section('What we store when you ask for your results by e-mail')).toContain(
      'our team sees your requests together, as one person, with each set of results in order. Your latest answer to the consultation box is the one that counts: if you leave it unticked, we delete any contact details you gave before, from every request.',
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

  /** The items of the first list under an h2. */
  function listUnder(heading: string): string[] {
    let el = screen.getByRole('heading', { level: 2, name: heading }).nextElementSibling;
    while (el && el.tagName !== 'UL') el = el.nextElementSibling;
    return [...(el?.querySelectorAll('li') ?? [])].map(
      (li) => li.textContent?.replace(/\s+/g, ' ').trim() ?? '',
    );
  }

  it('lists what a saved audit keeps, and says why', () => {
    expect(listUnder('Saving an audit to finish later')).toEqual([
      'your e-mail address;',
      'your answers so far, and the section where you stopped;',
      'your type of service and how many people you support, if you gave them;',
      'for a retake, which earlier results it came from, and their date and area scores, to show the change when you finish, and the random number of the earlier audit it replaces in the comparison;',
      `whether you ticked “${CONSENT_WORDING}” when saving, and if you did, that wording and when you ticked it;`,
      'when you first and last saved it;',
      'a code that opens your link to continue, kept only as a hash.',
    ]);
    const text = section('Saving an audit to finish later');
    expect(text).toContain('“Save and continue later”');
    expect(text).toContain(
      'We use them to e-mail you a private link to continue, and to reopen the audit where you stopped',
    );
    expect(text).toContain('on any device');
  });

  it('says the continue link’s secret is kept only as a hash, and that anyone with the link can open it', () => {
    const text = section('Saving an audit to finish later');
    expect(text).toContain('after that we keep only a hash of the code');
    expect(text).toContain('the link cannot be rebuilt from our records');
    expect(text).toContain('Anyone who has the link can open the audit, see your answers and change them');
  });

  it(`keeps a saved audit ${SAVED_AUDIT_DAYS} days from the first save or until completed, then an empty marker`, () => {
    const text = section('Saving an audit to finish later');
    expect(text).toContain(
      `until you complete the audit or for ${SAVED_AUDIT_DAYS} days from your first save (to the end of the ${SAVED_AUDIT_DAYS}th day after it, UK time), whichever comes first`,
    );
    expect(text).toContain(`The link works for ${SAVED_AUDIT_DAYS} days from your first save`);
    expect(text).toContain('saved on 28 November, it works until the end of 28 December, UK time');
    expect(text).toContain('saving again does not make it last longer');
    expect(text).toContain('we delete your e-mail address and your answers at once');
    expect(text).toContain('keep only an empty marker, with nothing that identifies you');
    expect(text).toContain('so that the link can say it has already been used');
    expect(section('How long we keep it')).toContain(
      `An audit saved to finish later is kept until you complete it or for ${SAVED_AUDIT_DAYS} days from its first save`,
    );
  });

  it('says the team sees only a count of saved audits, unless the visitor ticks the box when saving', () => {
    const text = section('Saving an audit to finish later');
    expect(text).toContain('Saving sends nothing to our team.');
    expect(text).toContain(
      `The team sees only how many audits are saved to finish later, unless you tick “${CONSENT_WORDING}” when you save`,
    );
    expect(text).toContain('It never sees your answers.');
    expect(section('Who sees it')).toContain(
      'Of the audits saved to finish later, our team sees only how many there are, unless you ticked the box when saving',
    );
    expect(screen.getByRole('row', { name: /address of an audit you saved/ }).textContent).toContain(
      'Your consent (Article 6(1)(a))',
    );
    expect(screen.getByRole('row', { name: /Keeping an audit you saved/ }).textContent).toContain(
      'Taking steps at your request (Article 6(1)(b))',
    );
  });

  it('erases an address’s saved audits with its requests, and their action plans', () => {
    const text = section('Your rights');
    expect(text).toContain(
      'every audit saved to finish later with that address (its link then stops working)',
    );
    expect(text).toContain('the action plan and any team audit with its answers stored with it');
  });

  it('explains the linked results and the action plan: stored with the request, erased and deleted with it', () => {
    expect(listUnder('What we store when you ask for your results by e-mail')).toEqual(
      expect.arrayContaining([
        'if you reached these results through “Retake with these answers”, which earlier results they follow (see “Your private results link” below);',
        'your action plan, if you make one on your private results page: the status you chose for each priority or area, and the owner’s name and target date you added, if any;',
      ]),
    );
    const link = section('Your private results link');
    expect(link).toContain(
      'Results you reach through “Retake with these answers” are linked to the earlier results that private link showed',
    );
    expect(link).toContain('never by your e-mail address or anything else');
    expect(link).toContain('later ones simply stop showing them');
    expect(link).toContain('mark each priority, or an area’s advice, as planned, in progress or done');
    expect(link).toContain('anyone who has it can see and change the plan');
    expect(link).toContain('it is erased and deleted with the request');
    expect(link).toContain(
      'When you retake the audit from that page, your new results start with a copy of the plan, for the actions they still have, and the earlier page keeps its plan to read; the copy is kept with the new request, and erased and deleted with it.',
    );
    expect(link).toContain(
      'Our team sees only how many actions are planned, in progress or done, and when the plan last changed: not what they are, who owns them or when they are due.',
    );
    expect(section('How long we keep it')).toContain(
      'Your action plan, the link between your results, and any team audit with your colleagues’ answers are kept with the request and deleted with it.',
    );
    expect(section('Who sees it')).toContain(
      'Of an action plan, it sees with your request only how many actions are planned, in progress or done, and when it last changed.',
    );
    expect(screen.getByRole('row', { name: /results over time/ }).textContent).toContain(
      'Taking steps at your request (Article 6(1)(b))',
    );
  });

  it('says what a team audit keeps (answers and role, no address, no IP), who sees what, and for how long', () => {
    const text = section('Asking your team to answer');
    expect(text).toContain(
      'We send nothing to your colleagues and never ask for or keep their e-mail addresses or names.',
    );
    expect(text).toContain('we store only a hash of it');
    expect(text).toContain('we keep their 25 ratings, the role they chose if they chose one');
    expect(text).toContain('We do not keep their IP address with their answers');
    expect(text).toContain(
      'only once at least 3 colleagues have answered, and then only figures over at least 3 of them',
    );
    expect(text).toContain('No one, you and our team included, ever sees one colleague’s answers.');
    expect(text).toContain('A team audit closes when you close it, or 30 days after it opened.');
    expect(text).toContain('erased with them, and deleted with them at the end of their time');
    expect(section('Who sees it')).toContain(
      'Of a team audit, it sees only when it opened and closed and how many colleagues answered, never an answer or a role.',
    );
    expect(screen.getByRole('row', { name: /team audit you opened/ }).textContent).toContain(
      'Article 6(1)(f)',
    );
  });

  it('says the answers stay in the tab unless the audit is saved to finish later', () => {
    const text = section('Taking the audit');
    expect(text).toContain('are gone when you close the tab, unless you save the audit to finish later');
    expect(text).toContain(
      'We receive nothing else unless you download the report, ask us to e-mail your results or save the audit to finish later.',
    );
  });
});
