// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_WORDING, EMAIL_REQUEST_MESSAGES as M } from '../../../shared/email-request-rules';
import { keepVisitSource } from '../../visit-source/visit-source';
import { BrowserRouter } from '../../../browser/router';
import { pushLocation } from '../../../browser/router/history';
import { EmailPage } from './email-page';
import { smallChallengeAnswer } from '../../../../test/support/proof-of-work';

const ANSWERS = { data: { '0': 2, '1': 3 } };

interface Posted {
  url: string;
  body: Record<string, unknown>;
}

/** A fake API: a real (small) challenge, and a 202 for every request, remembered in `posted`. */
function stubApi(posted: Posted[]) {
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/challenge') return smallChallengeAnswer();
    // The usage counter's event (jsdom has no sendBeacon, so it comes as a fetch) is not a request.
    if (url === '/api/events') return new Response(null, { status: 204 });
    posted.push({ url, body: JSON.parse(String(init?.body)) });
    return new Response(JSON.stringify({ id: 'x', status: 'queued' }), { status: 202 });
  });
}

function renderAt(state: unknown) {
  // Through the router's own history, so it sees this entry's state.
  pushLocation('/email-results', { state, replace: true });
  return render(
    <BrowserRouter>
      <EmailPage />
    </BrowserRouter>,
  );
}

describe('EmailPage', () => {
  const posted: Posted[] = [];
  beforeEach(() => {
    posted.length = 0;
    stubApi(posted);
    // jsdom has no animation frames to move focus in; run the callback at once.
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => callback(0));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the address error once in the notice and once, in other words, at the field; both go when the address is valid', async () => {
    const user = userEvent.setup();
    renderAt({ responses: ANSWERS });
    await user.click(screen.getByRole('button', { name: 'Send Results to Email' }));
    expect(screen.getByRole('alert').textContent).toBe('ErrorPlease enter your email address');
    const field = screen.getByLabelText('Email Address *');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter the address your results should go to.')).toBeTruthy();
    expect(screen.getAllByText(/Please enter your email address/)).toHaveLength(1);

    await user.type(field, 'someone@care-home');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.type(field, '.test');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(screen.queryByText('Enter the address your results should go to.')).toBeNull();
    expect(posted).toEqual([]);
  });

  it('without an audit, says to take it first and sends nothing', async () => {
    const user = userEvent.setup();
    renderAt(null);
    expect(screen.getByRole('note').textContent).toContain('Take the audit first');
    await user.type(screen.getByLabelText('Email Address *'), 'someone@care-home.test');
    await user.click(screen.getByRole('button', { name: 'Send Results to Email' }));
    expect(screen.getByRole('alert').textContent).toContain('Please take the audit first');
    expect(posted).toEqual([]);
  });

  it('sends the consent, an empty honeypot and a solved challenge; then offers the booking link', async () => {
    const user = userEvent.setup();
    renderAt({ responses: ANSWERS });
    const consent = screen.getByRole('checkbox', { name: CONSENT_WORDING });
    expect((consent as HTMLInputElement).checked).toBe(false);
    await user.type(screen.getByLabelText('Email Address *'), '  someone@care-home.test ');
    await user.click(consent);
    await user.click(screen.getByRole('button', { name: 'Send Results to Email' }));

    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Email Sent Successfully!'),
    );
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toMatchObject({
      email: 'someone@care-home.test',
      responses: ANSWERS,
      consent: true,
      website: '',
      proof: { solution: { counter: 300 } },
    });
    const booking = screen.getByRole('link', { name: /Book a free consultation/ });
    expect(booking.getAttribute('href')).toBe('https://care-audit.example/book-a-consultation');
    expect(screen.getByRole('status').textContent).toContain(
      'Your audit results have been sent to your email',
    );
  });

  it('sends the key the audit was sent to the benchmark with, so a retake from the results link names it; none without one', async () => {
    const user = userEvent.setup();
    const key = '3f1c2a4b-5d6e-4f70-8a9b-0c1d2e3f4a5b';
    const view = renderAt({ responses: ANSWERS, idempotencyKey: key });
    await user.type(screen.getByLabelText('Email Address *'), 'someone@care-home.test');
    await user.click(screen.getByRole('button', { name: 'Send Results to Email' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body.auditKey).toBe(key);
    view.unmount();

    renderAt({ responses: ANSWERS, idempotencyKey: 'not-a-key' });
    await user.type(screen.getByLabelText('Email Address *'), 'someone@care-home.test');
    await user.click(screen.getByRole('button', { name: 'Send Results to Email' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]?.body).not.toHaveProperty('auditKey');
  });

  it('sends consent: false when the box is left unticked', async () => {
    const user = userEvent.setup();
    renderAt({ responses: ANSWERS });
    await user.type(screen.getByLabelText('Email Address *'), 'someone@care-home.test');
    await user.click(screen.getByRole('button', { name: 'Send Results to Email' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body.consent).toBe(false);
  });

  it('sends the profile from the results, drops unknown parts, and sends none when there was none', async () => {
    const user = userEvent.setup();
    const earlier = {
      takenOn: '2026-11-20',
      scores: { operational: 40, compliance: 40, quality: 40, training: 40, data: 40 },
      overall: 40,
    };
    const { unmount } = renderAt({
      responses: ANSWERS,
      profile: { serviceType: 'supported_living', size: 'huge' },
      earlier,
    });
    await user.type(screen.getByLabelText('Email Address *'), 'someone@care-home.test');
    await user.click(screen.getByRole('button', { name: 'Send Results to Email' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body.profile).toEqual({ serviceType: 'supported_living' });
    // "Back to Results" returns with the profile and the earlier result, so nothing shown is lost.
    await user.click(await screen.findByRole('button', { name: 'Back to Results' }));
    expect((window.history.state as { usr: unknown }).usr).toMatchObject({
      profile: { serviceType: 'supported_living' },
      earlier,
    });
    unmount();

    renderAt({ responses: ANSWERS, profile: {} });
    await user.type(screen.getByLabelText('Email Address *'), 'someone@care-home.test');
    await user.click(screen.getByRole('button', { name: 'Send Results to Email' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]?.body).not.toHaveProperty('profile');
  });
});

describe('EmailPage: contact details with consent, and the source of the visit', () => {
  const posted: Posted[] = [];
  beforeEach(() => {
    posted.length = 0;
    stubApi(posted);
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => callback(0));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  const GROUP = { name: 'Your contact details (optional)' };

  it('shows no contact fields until the box is ticked, then shows them after it, focus staying on the box', async () => {
    const user = userEvent.setup();
    renderAt({ responses: ANSWERS });
    const consent = screen.getByRole('checkbox', { name: CONSENT_WORDING });
    expect(screen.queryByRole('group', GROUP)).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Your name' })).toBeNull();
    expect(consent.getAttribute('aria-expanded')).toBe('false');

    await user.click(consent);
    expect(document.activeElement).toBe(consent);
    expect(consent.getAttribute('aria-expanded')).toBe('true');
    const group = screen.getByRole('group', GROUP);
    expect(consent.getAttribute('aria-controls')).toBe(group.id);
    const fields = [
      ['Your name', 'name', 'text'],
      ['Organisation', 'organization', 'text'],
      ['Your role', 'organization-title', 'text'],
      ['Phone number', 'tel', 'tel'],
    ];
    for (const [label, autoComplete, type] of fields) {
      const input = screen.getByRole('textbox', { name: label });
      expect(group.contains(input)).toBe(true);
      expect(input.getAttribute('autocomplete')).toBe(autoComplete);
      expect(input.getAttribute('type')).toBe(type);
    }
    // The group follows the box in the tab order.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Your name' }));

    await user.click(consent);
    expect(screen.queryByRole('group', GROUP)).toBeNull();
  });

  it('sends the details filled in, trimmed, and leaves out the empty ones', async () => {
    const user = userEvent.setup();
    renderAt({ responses: ANSWERS });
    await user.type(screen.getByLabelText('Email Address *'), 'someone@care-home.test');
    await user.click(screen.getByRole('checkbox', { name: CONSENT_WORDING }));
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), '  Ann Smith ');
    await user.type(screen.getByRole('textbox', { name: 'Your role' }), '   ');
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '+44 (0)1632 960-001');
    await user.click(screen.getByRole('button', { name: 'Send Results to Email' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body).toMatchObject({
      consent: true,
      contact: { name: 'Ann Smith', phone: '+44 (0)1632 960-001' },
    });
    expect(Object.keys(posted[0]?.body.contact as object).sort()).toEqual(['name', 'phone']);
  });

  it('sends no contact with the box ticked and every detail empty', async () => {
    const user = userEvent.setup();
    renderAt({ responses: ANSWERS });
    await user.type(screen.getByLabelText('Email Address *'), 'someone@care-home.test');
    await user.click(screen.getByRole('checkbox', { name: CONSENT_WORDING }));
    await user.click(screen.getByRole('button', { name: 'Send Results to Email' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body.consent).toBe(true);
    expect(posted[0]?.body).not.toHaveProperty('contact');
  });

  it('sends nothing of the details typed once the box is unticked again', async () => {
    const user = userEvent.setup();
    renderAt({ responses: ANSWERS });
    await user.type(screen.getByLabelText('Email Address *'), 'someone@care-home.test');
    const consent = screen.getByRole('checkbox', { name: CONSENT_WORDING });
    await user.click(consent);
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Ann Smith');
    // An invalid detail, hidden again, must not stop the request either.
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), 'call me');
    await user.click(consent);
    await user.click(screen.getByRole('button', { name: 'Send Results to Email' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body.consent).toBe(false);
    expect(posted[0]?.body).not.toHaveProperty('contact');
  });

  it('shows an invalid phone number’s problem at the field, moves focus there, sends nothing, and clears it once fixed', async () => {
    const user = userEvent.setup();
    renderAt({ responses: ANSWERS });
    await user.type(screen.getByLabelText('Email Address *'), 'someone@care-home.test');
    await user.click(screen.getByRole('checkbox', { name: CONSENT_WORDING }));
    const phone = screen.getByRole('textbox', { name: 'Phone number' });
    await user.type(phone, '123 456');
    await user.click(screen.getByRole('button', { name: 'Send Results to Email' }));

    expect(screen.getByRole('alert').textContent).toContain('Please check your contact details');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    const described = (phone.getAttribute('aria-describedby') ?? '').split(' ');
    const error = document.getElementById(described.find((id) => id.endsWith('-error')) ?? '');
    expect(error?.textContent).toBe(`Error: ${M.phoneInvalid}`);
    expect(described).toContain('contact-phone-hint');
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(posted).toEqual([]);

    await user.type(phone, '7');
    expect(phone.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(M.phoneInvalid)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send Results to Email' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body.contact).toEqual({ phone: '123 4567' });
  });

  it('puts focus on the address first when both it and a detail are wrong', async () => {
    const user = userEvent.setup();
    renderAt({ responses: ANSWERS });
    await user.click(screen.getByRole('checkbox', { name: CONSENT_WORDING }));
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Send Results to Email' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email Address *')));
    expect(screen.getByRole('textbox', { name: 'Phone number' }).getAttribute('aria-invalid')).toBe('true');
    expect(posted).toEqual([]);
  });

  it('sends the source kept on the visit’s first page, and none for a direct visit', async () => {
    const user = userEvent.setup();
    keepVisitSource({
      search: '?utm_source=newsletter&utm_campaign=winter',
      ownHost: 'localhost',
      referrer: '',
    });
    const { unmount } = renderAt({ responses: ANSWERS });
    await user.type(screen.getByLabelText('Email Address *'), 'someone@care-home.test');
    await user.click(screen.getByRole('button', { name: 'Send Results to Email' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body.source).toEqual({ utmSource: 'newsletter', utmCampaign: 'winter' });
    unmount();

    sessionStorage.clear();
    keepVisitSource({ search: '', ownHost: 'localhost', referrer: '' });
    renderAt({ responses: ANSWERS });
    await user.type(screen.getByLabelText('Email Address *'), 'someone@care-home.test');
    await user.click(screen.getByRole('button', { name: 'Send Results to Email' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]?.body).not.toHaveProperty('source');
  });
});
