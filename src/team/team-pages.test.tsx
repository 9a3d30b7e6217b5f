// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  ActivityPage,
  AlertPreference,
  FirstContact,
  LeadDetail,
  LeadPage,
  LeadSources,
  LeadSummary,
  TeamMembers,
} from '../shared/team-api';
import { setUnauthorizedHandler } from './api';
import {
  changesIn,
  fakeTeamApi,
  json,
  renderTeamAt,
  type Answer,
  type Handler,
  type Sent,
} from '../../test/support/team-fake-api';
import { ukToday } from './ui/follow-up-day';
import { formatDay } from '../core';
import { ukDay } from '../shared/uk-day';

// The workspace's pages as the team uses them, inside the signed-in workspace (header, notices),
// against a fake API that answers as the server's routes do and remembers what it was sent.

const ME = 'me@care-audit.example';
const COLLEAGUE = 'colleague@care-audit.example';
const LEAD_ID = '0b6f4c1e-1d1a-4c53-9a55-7d3c1c0f2a10';
const LATER_ID = '7a9d3c2b-5e4f-4a1b-8c6d-1e2f3a4b5c6d';

function refused(field: string, message: string): Answer {
  return json(
    {
      error: { code: 'invalid_request', message: 'Please check the request.', fields: { [field]: message } },
    },
    400,
  );
}

/** Routes answered in order: the first handler with an answer wins, then the defaults. */
function fakeApi(sent: Sent[], handlers: Handler[] = []) {
  fakeTeamApi(sent, handlers, defaults);
}

function defaults({ method, path }: Sent): Answer {
  if (path === '/api/team/session')
    return json({ signedIn: true, email: ME, expiresAt: '2026-12-01T00:00:00Z' });
  if (path === '/api/team/members') return json({ members: [COLLEAGUE, ME], me: ME } satisfies TeamMembers);
  if (path === '/api/team/me/alerts' && method === 'GET') {
    return json({ alert: 'each_lead', requestsWithoutConsent: false });
  }
  if (path === '/api/team/leads/sources')
    return json({
      sources: [
        { name: 'google', count: 12 },
        { name: 'direct', count: 3 },
      ],
    } satisfies LeadSources);
  return json({ error: { code: 'not_found', message: `No fake for ${method} ${path}` } }, 404);
}

function lead(change: Partial<LeadDetail> = {}): LeadDetail {
  return {
    id: LEAD_ID,
    createdAt: '2026-11-20T10:15:00Z',
    returnedAt: '2026-11-22T09:00:00Z',
    results: [
      {
        id: LEAD_ID,
        createdAt: '2026-11-20T10:15:00Z',
        overallScore: 58,
        scores: { operational: 50, compliance: 60, quality: 60, training: 50, data: 70 },
      },
      {
        id: LATER_ID,
        createdAt: '2026-11-22T09:00:00Z',
        overallScore: 64,
        scores: { operational: 60, compliance: 70, quality: 65, training: 55, data: 70 },
      },
    ],
    email: 'manager@sunnyside.test',
    note: null,
    consent: {
      wording: 'The team may contact me about a free consultation',
      givenAt: '2026-11-20T10:15:00Z',
    },
    contact: {
      name: 'Priya Shah',
      organisation: 'Sunnyside Care',
      role: 'Registered manager',
      phone: '+44 (0)121 496 0000',
    },
    source: {
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'autumn-audit',
      referrerHost: 'mail.example.net',
    },
    profile: { serviceType: 'residential', size: '25_99' },
    overallScore: 64,
    scores: { operational: 60, compliance: 70, quality: 65, training: 55, data: 70 },
    followUpStatus: 'new',
    owner: null,
    followUpOn: null,
    answers: [],
    messages: [],
    notes: [],
    actionPlan: { planned: 0, inProgress: 0, done: 0 },
    teamAudits: [],
    timeline: [
      {
        at: '2026-11-20T10:15:00Z',
        kind: 'request',
        actor: null,
        summary: 'Asked for the results by e-mail',
      },
      { at: '2026-11-20T10:16:00Z', kind: 'delivery', actor: null, summary: 'E-mail to the visitor sent' },
      { at: '2026-11-21T09:00:00Z', kind: 'owner_change', actor: COLLEAGUE, summary: 'Owner: nobody → me' },
      {
        at: '2026-11-22T09:00:00Z',
        kind: 'returned',
        actor: null,
        summary: 'Came back: a new result, 64% overall (+6 since the last)',
      },
    ],
    firstContact: null,
    ...change,
  };
}

function summary(change: Partial<LeadSummary> = {}): LeadSummary {
  return {
    id: LEAD_ID,
    createdAt: '2026-11-20T10:15:00Z',
    results: 1,
    returnedAt: null,
    email: 'manager@sunnyside.test',
    name: 'Priya Shah',
    organisation: 'Sunnyside Care',
    overallScore: 64,
    followUpStatus: 'new',
    delivery: 'sent',
    consent: true,
    hasNote: false,
    serviceType: 'residential',
    size: '25_99',
    source: 'newsletter',
    owner: null,
    followUpOn: null,
    waitingSince: null,
    ...change,
  };
}

/** The lead as stored by the fake: each change the page posts is applied, as the server would. */
function leadStore(initial: LeadDetail): Handler {
  let current = initial;
  return ({ method, path, body }) => {
    if (path === `/api/team/leads/${LEAD_ID}` && method === 'GET') return json(current);
    if (path === `/api/team/leads/${LEAD_ID}/owner` && method === 'POST') {
      const { owner } = body as { owner: string | null };
      current = { ...current, owner };
      return json({ owner });
    }
    if (path === `/api/team/leads/${LEAD_ID}/follow-up` && method === 'POST') {
      const { followUpOn } = body as { followUpOn: string | null };
      current = { ...current, followUpOn };
      return json({ followUpOn });
    }
    return undefined;
  };
}

const renderAt = renderTeamAt;
const changes = changesIn;

/** The text a control's aria-describedby points at, as a screen reader reads it after the name. */
function description(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const text = (element: HTMLElement) => element.textContent ?? '';
const valueOf = (element: HTMLElement) => (element as HTMLInputElement).value;
const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;
const isChecked = (element: HTMLElement) => (element as HTMLInputElement).checked;

describe('the team workspace pages', () => {
  const sent: Sent[] = [];
  beforeEach(() => {
    sent.length = 0;
    setUnauthorizedHandler(() => undefined);
  });
  afterEach(() => vi.unstubAllGlobals());

  describe('a lead', () => {
    it('shows the contact details, where the lead came from and its profile', async () => {
      fakeApi(sent, [leadStore(lead())]);
      renderAt(`/team/leads/${LEAD_ID}`);
      const contact = await screen.findByRole('region', { name: 'Contact' });
      expect(text(contact)).toContain('Priya Shah');
      expect(text(contact)).toContain('Sunnyside Care');
      expect(text(contact)).toContain('Registered manager');
      expect(within(contact).getByRole('link', { name: '+44 (0)121 496 0000' }).getAttribute('href')).toBe(
        'tel:+4401214960000',
      );
      const source = screen.getByRole('region', { name: 'Source and profile' });
      for (const fact of [
        'autumn-audit',
        'email',
        'newsletter',
        'mail.example.net',
        'Residential care',
        '25–99 people',
      ])
        expect(text(source)).toContain(fact);
    });

    it('says how far the action plan has got, or that there is none yet', async () => {
      fakeApi(sent, [leadStore(lead())]);
      const { unmount } = renderAt(`/team/leads/${LEAD_ID}`);
      expect(text(await screen.findByRole('region', { name: 'Scores' }))).toContain('No action plan yet');
      unmount();

      const plan = { planned: 3, inProgress: 1, done: 2, updatedAt: '2026-11-24T10:15:00Z' };
      fakeApi(sent, [leadStore(lead({ actionPlan: plan }))]);
      renderAt(`/team/leads/${LEAD_ID}`);
      const scores = text(await screen.findByRole('region', { name: 'Scores' }));
      expect(scores).toContain('Action plan: 3 planned, 1 in progress, 2 done');
      expect(scores).not.toContain('No action plan yet');
    });

    it('lists the team audits with their dates and respondent counts, and nothing without one', async () => {
      fakeApi(sent, [leadStore(lead())]);
      const { unmount } = renderAt(`/team/leads/${LEAD_ID}`);
      await screen.findByRole('region', { name: 'Scores' });
      expect(screen.queryByRole('region', { name: /^Team audits/ })).toBeNull();
      unmount();

      const teamAudits = [
        {
          resultId: LEAD_ID,
          openedAt: '2026-11-20T11:00:00Z',
          closesAt: '2026-12-20T11:00:00Z',
          closedAt: '2026-11-21T12:00:00Z',
          respondents: 12,
        },
        {
          resultId: LATER_ID,
          openedAt: '2026-11-22T10:00:00Z',
          closesAt: '2026-12-22T10:00:00Z',
          closedAt: null,
          respondents: 1,
        },
      ];
      fakeApi(sent, [leadStore(lead({ teamAudits }))]);
      renderAt(`/team/leads/${LEAD_ID}`);
      const card = await screen.findByRole('region', { name: 'Team audits (2)' });
      expect(text(card)).toContain('13 colleagues answered in all');
      const rows = within(card)
        .getAllByRole('row')
        .slice(1)
        .map((row) => text(row));
      expect(rows[0]).toMatch(/20 Nov 2026.*20 Nov 2026.*Closed 21 Nov 2026.*12$/);
      expect(rows[1]).toMatch(/22 Nov 2026.*22 Nov 2026.*Open until 22 Dec 2026.*1$/);
    });

    it('says why there are no contact details: no consent, or consent with none given', async () => {
      fakeApi(sent, [leadStore(lead({ consent: null, contact: null, source: {}, profile: {} }))]);
      const { unmount } = renderAt(`/team/leads/${LEAD_ID}`);
      const contact = await screen.findByRole('region', { name: 'Contact' });
      expect(text(contact)).toContain('No contact details: the visitor did not give consent');
      const source = screen.getByRole('region', { name: 'Source and profile' });
      expect(text(source)).toContain('Direct: no campaign and no referring site');
      expect(text(source)).toContain('Service typeNot given');
      unmount();

      fakeApi(sent, [leadStore(lead({ contact: null }))]);
      renderAt(`/team/leads/${LEAD_ID}`);
      expect(text(await screen.findByRole('region', { name: 'Contact' }))).toContain(
        'Contact detailsNone given',
      );
    });

    it('assigns the lead to me, then to nobody, announcing each and showing the owner', async () => {
      fakeApi(sent, [leadStore(lead())]);
      const user = userEvent.setup();
      renderAt(`/team/leads/${LEAD_ID}`);
      const owner = await screen.findByRole('combobox', { name: 'Owner' });
      await waitFor(() => expect(isDisabled(owner)).toBe(false));
      expect([...(owner as HTMLSelectElement).options].map((o) => o.text)).toEqual([
        'Nobody',
        COLLEAGUE,
        `${ME} (you)`,
      ]);
      expect(isDisabled(screen.getByRole('button', { name: 'Save owner' }))).toBe(true);

      await user.click(screen.getByRole('button', { name: 'Assign to me' }));
      await waitFor(() => expect(text(screen.getByRole('status'))).toContain(`Owner saved: you (${ME}).`));
      await waitFor(() => expect(valueOf(owner)).toBe(ME));
      expect(isDisabled(screen.getByRole('button', { name: 'Assign to me' }))).toBe(true);

      await user.selectOptions(owner, 'Nobody');
      await user.click(screen.getByRole('button', { name: 'Save owner' }));
      await waitFor(() =>
        expect(text(screen.getByRole('status'))).toContain('Owner removed: nobody owns this lead.'),
      );
      expect(changes(sent)).toEqual([
        { method: 'POST', path: `/api/team/leads/${LEAD_ID}/owner`, body: { owner: ME } },
        { method: 'POST', path: `/api/team/leads/${LEAD_ID}/owner`, body: { owner: null } },
      ]);
    });

    it('shows an owner the server refuses by the select, and keeps an owner who left the team', async () => {
      fakeApi(sent, [
        ({ path }) =>
          path.endsWith('/owner')
            ? refused('owner', 'Choose a team member (an address in TEAM_EMAILS).')
            : undefined,
        leadStore(lead({ owner: 'gone@care-audit.example' })),
      ]);
      const user = userEvent.setup();
      renderAt(`/team/leads/${LEAD_ID}`);
      const owner = await screen.findByRole('combobox', { name: 'Owner' });
      await waitFor(() => expect(isDisabled(owner)).toBe(false));
      expect(valueOf(owner)).toBe('gone@care-audit.example');
      expect(
        within(owner).getByRole('option', { name: 'gone@care-audit.example (left the team)' }),
      ).toBeTruthy();
      await user.selectOptions(owner, COLLEAGUE);
      await user.click(screen.getByRole('button', { name: 'Save owner' }));
      await waitFor(() => expect(owner.getAttribute('aria-invalid')).toBe('true'));
      expect(description(owner)).toMatch('Error: Choose a team member (an address in TEAM_EMAILS).');
      expect(text(screen.getByRole('status'))).toBe('');
      expect(changes(sent)).toHaveLength(1);
    });

    it('sets the next follow-up day, marks it due in words, and clears it', async () => {
      fakeApi(sent, [leadStore(lead())]);
      const user = userEvent.setup();
      renderAt(`/team/leads/${LEAD_ID}`);
      const day = await screen.findByLabelText('Next follow-up');
      expect(isDisabled(screen.getByRole('button', { name: 'Clear' }))).toBe(true);
      expect(description(day)).toMatch(/None set/);

      const today = ukToday();
      await user.type(day, today);
      await user.click(screen.getByRole('button', { name: 'Save date' }));
      await waitFor(() => expect(text(screen.getByRole('status'))).toMatch(/^Next follow-up saved: .+\.$/));
      await waitFor(() => expect(description(day)).toMatch(/Due today/));

      await user.click(screen.getByRole('button', { name: 'Clear' }));
      await waitFor(() =>
        expect(text(screen.getByRole('status'))).toContain('Next follow-up cleared: none is set.'),
      );
      await waitFor(() => expect(valueOf(day)).toBe(''));
      expect(changes(sent)).toEqual([
        { method: 'POST', path: `/api/team/leads/${LEAD_ID}/follow-up`, body: { followUpOn: today } },
        { method: 'POST', path: `/api/team/leads/${LEAD_ID}/follow-up`, body: { followUpOn: null } },
      ]);
    });

    it('marks a day before today overdue', async () => {
      fakeApi(sent, [leadStore(lead({ followUpOn: '2020-02-29' }))]);
      renderAt(`/team/leads/${LEAD_ID}`);
      const day = await screen.findByLabelText('Next follow-up');
      expect(valueOf(day)).toBe('2020-02-29');
      expect(description(day)).toMatch('Set for Sat, 29 Feb 2020 Overdue');
    });

    it('asks for a whole day by the control and sends nothing; shows a day the server refuses there too', async () => {
      fakeApi(sent, [
        ({ path }) =>
          path.endsWith('/follow-up') ? refused('followUpOn', 'Give the day as YYYY-MM-DD.') : undefined,
        leadStore(lead()),
      ]);
      const user = userEvent.setup();
      renderAt(`/team/leads/${LEAD_ID}`);
      const day = await screen.findByLabelText('Next follow-up');
      await user.click(screen.getByRole('button', { name: 'Save date' }));
      expect(day.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(day);
      expect(description(day)).toMatch(
        /Error: Enter the whole day \(day, month and year\), or press Clear to set none\.$/,
      );
      expect(changes(sent)).toEqual([]);

      await user.type(day, '2026-12-01');
      expect(day.hasAttribute('aria-invalid')).toBe(false);
      await user.click(screen.getByRole('button', { name: 'Save date' }));
      await waitFor(() => expect(description(day)).toMatch(/Error: Give the day as YYYY-MM-DD\.$/));
      expect(changes(sent)).toHaveLength(1);
    });

    it('lists the timeline oldest first, each with its time and who, the visitor’s return too', async () => {
      fakeApi(sent, [leadStore(lead())]);
      renderAt(`/team/leads/${LEAD_ID}`);
      const timeline = await screen.findByRole('region', { name: 'Timeline' });
      const entries = within(within(timeline).getByRole('list')).getAllByRole('listitem');
      expect(entries.map((li) => li.querySelector('.timeline__summary')?.textContent)).toEqual([
        'Asked for the results by e-mail',
        'E-mail to the visitor sent',
        'Owner: nobody → me',
        'Came back: a new result, 64% overall (+6 since the last)',
      ]);
      expect(text(entries[0])).toContain('The visitor');
      expect(text(entries[1])).toContain('The server');
      expect(text(entries[2])).toContain(COLLEAGUE);
      expect(entries[0].querySelector('time')?.getAttribute('datetime')).toBe('2026-11-20T10:15:00Z');
      expect(text(entries[3])).toContain('The visitor');
    });

    it('marks a returning lead and lists its results with the change between them', async () => {
      fakeApi(sent, [leadStore(lead())]);
      renderAt(`/team/leads/${LEAD_ID}`);
      const results = await screen.findByRole('region', { name: 'Results (2)' });
      const rows = within(results).getAllByRole('row');
      expect(rows.map((row) => text(row))).toEqual([
        expect.stringContaining('Overall'),
        expect.stringContaining('58%'),
        expect.stringContaining('64% (+6)'),
      ]);
      expect(screen.getByText('Returned', { selector: '.badge' })).toBeTruthy();
    });

    it('shows no results table and no mark for a lead with one result', async () => {
      fakeApi(sent, [leadStore(lead({ returnedAt: null, results: lead().results.slice(0, 1) }))]);
      renderAt(`/team/leads/${LEAD_ID}`);
      await screen.findByRole('region', { name: 'Timeline' });
      expect(screen.queryByRole('region', { name: /^Results/ })).toBeNull();
      expect(screen.queryByText('Returned', { selector: '.badge' })).toBeNull();
    });
  });

  describe('a lead’s first contact', () => {
    // A Friday-morning lead: one working day runs to Monday at the same time.
    const SINCE = '2026-11-20T10:15:00Z';
    const DUE_BY = '2026-11-23T10:15:00Z';
    const notContacted: FirstContact = {
      since: SINCE,
      dueBy: DUE_BY,
      contactedAt: null,
      timeToContactMs: null,
      withinOneWorkingDay: null,
      waiting: false,
    };
    const contactedAt = (at: string, within: boolean): FirstContact => ({
      ...notContacted,
      contactedAt: at,
      timeToContactMs: Date.parse(at) - Date.parse(SINCE),
      withinOneWorkingDay: within,
    });

    async function firstContactOf(change: Partial<LeadDetail>) {
      fakeApi(sent, [leadStore(lead(change))]);
      renderAt(`/team/leads/${LEAD_ID}`);
      return screen.findByRole('region', { name: 'First contact' });
    }

    it.each([
      {
        state: 'contacted in time',
        change: { followUpStatus: 'contacted', firstContact: contactedAt('2026-11-20T13:27:00Z', true) },
        says: [
          '3 h 12 min after the request, within one working day.',
          'Contacted 20 Nov 2026, 13:27; the request with consent came 20 Nov 2026, 10:15.',
        ],
        never: ['later than', 'Set back to new', 'Waiting'],
      },
      {
        state: 'contacted late',
        change: { followUpStatus: 'qualified', firstContact: contactedAt('2026-11-24T14:27:00Z', false) },
        says: [
          '4 days 4 h after the request, later than one working day (due by 23 Nov 2026, 10:15).',
          'Contacted 24 Nov 2026, 14:27',
        ],
        never: ['within one working day.', 'Set back to new'],
      },
      {
        state: 'contacted, then set back to new',
        change: { followUpStatus: 'new', firstContact: contactedAt('2026-11-20T10:40:00Z', true) },
        says: [
          '25 min after the request, within one working day.',
          'Set back to new since: the first contact still counts.',
        ],
        never: ['Waiting', 'Not contacted'],
      },
      {
        state: 'contacted before it consented',
        change: {
          followUpStatus: 'contacted',
          firstContact: {
            ...contactedAt(SINCE, true),
            contactedAt: '2026-11-18T09:00:00Z',
            timeToContactMs: 0,
          },
        },
        says: ['Contacted before they consented, within one working day.', 'Contacted 18 Nov 2026, 09:00'],
        never: ['after the request'],
      },
      {
        state: 'waiting',
        change: { firstContact: { ...notContacted, waiting: true } },
        says: [
          'Waiting since 20 Nov 2026, 10:15',
          'Not contacted within one working day: it was due by 23 Nov 2026, 10:15.',
        ],
        never: ['after the request', 'Not contacted yet'],
      },
      {
        state: 'not contacted yet, not yet due',
        change: { firstContact: notContacted },
        says: ['Not contacted yet: within one working day means by 23 Nov 2026, 10:15.'],
        never: ['Waiting', 'after the request'],
      },
      {
        state: 'closed without a contact',
        change: { followUpStatus: 'closed', firstContact: notContacted },
        says: [
          'Set to Closed without being marked contacted (one working day from the request: by 23 Nov 2026, 10:15).',
        ],
        never: ['Waiting', 'Not contacted yet'],
      },
      {
        state: 'no consent',
        change: { consent: null, contact: null, firstContact: null },
        says: ['Not timed: the visitor did not consent to be contacted.'],
        never: ['Waiting', 'after the request', 'Not contacted yet'],
      },
    ] satisfies { state: string; change: Partial<LeadDetail>; says: string[]; never: string[] }[])(
      'says it when $state',
      async ({ change, says, never }) => {
        const words = text(await firstContactOf(change)).replace(/\s+/g, ' ');
        for (const line of says) expect(words).toContain(line);
        for (const line of never) expect(words).not.toContain(line);
      },
    );

    it('heads the follow-up card under its own heading, its times machine-readable, the flag in words', async () => {
      const block = await firstContactOf({ firstContact: { ...notContacted, waiting: true } });
      const followUp = screen.getByRole('region', { name: 'Follow-up' });
      expect(followUp.contains(block)).toBe(true);
      const headings = within(followUp)
        .getAllByRole('heading')
        .map((h) => `${h.tagName} ${text(h)}`);
      expect(headings).toEqual(['H2 Follow-up', 'H3 First contact']);
      // The block comes before the status control it is about.
      const status = within(followUp).getByRole('combobox', { name: 'Status' });
      expect(block.compareDocumentPosition(status) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      // The page's head flags it too, where a phone shows it first.
      const head = document.querySelector('.page-head__meta') as HTMLElement;
      // The day alone, with its year once that is not this year's.
      expect(text(within(head).getByText(/^Waiting since/, { selector: '.badge' }))).toMatch(
        /^Waiting since 20 Nov( 2026)?$/,
      );
      const flag = within(block).getByText(/^Waiting since/, { selector: '.badge' });
      expect(flag.querySelector('time')?.getAttribute('datetime')).toBe(SINCE);
      expect([...block.querySelectorAll('time')].map((t) => t.getAttribute('datetime'))).toEqual([
        SINCE,
        DUE_BY,
      ]);
    });
  });

  describe('your alerts', () => {
    it('shows the saved choice, saves another and confirms it', async () => {
      fakeApi(sent, [
        ({ method, path, body }) =>
          path === '/api/team/me/alerts' && method === 'PUT' ? json(body as AlertPreference) : undefined,
        ({ method, path }) =>
          path === '/api/team/me/alerts' && method === 'GET'
            ? json({ alert: 'daily_digest', requestsWithoutConsent: false })
            : undefined,
      ]);
      const user = userEvent.setup();
      renderAt('/team/alerts');
      const group = await screen.findByRole('group', { name: 'E-mail me about new leads' });
      const radios = within(group).getAllByRole('radio');
      expect(radios.map((r) => r.getAttribute('value'))).toEqual(['each_lead', 'daily_digest', 'none']);
      expect(isChecked(within(group).getByRole('radio', { name: 'A daily digest at 08:00 (UK time)' }))).toBe(
        true,
      );
      expect(screen.getByRole('link', { name: 'Your alerts' }).getAttribute('aria-current')).toBe('page');

      await user.click(within(group).getByRole('radio', { name: 'No e-mails' }));
      await user.click(screen.getByRole('button', { name: 'Save my alerts' }));
      await waitFor(() =>
        expect(text(screen.getByRole('status'))).toContain('Saved: you will get no e-mails about new leads.'),
      );
      expect(changes(sent)).toEqual([
        {
          method: 'PUT',
          path: '/api/team/me/alerts',
          body: { alert: 'none', requestsWithoutConsent: false },
        },
      ]);
    });

    it('starts from an e-mail for each new lead, without requests without consent', async () => {
      fakeApi(sent);
      renderAt('/team/alerts');
      expect(isChecked(await screen.findByRole('radio', { name: 'An e-mail for each new lead' }))).toBe(true);
      const also = screen.getByRole('checkbox', {
        name: 'Also tell me about results requests without consent',
      });
      expect(isChecked(also)).toBe(false);
      expect(also.getAttribute('aria-describedby')).toBe('alert-hint-without-consent');
      expect(text(screen.getByText(/did not agree to be contacted/))).toContain('never follow them up');
    });

    it('turns on hearing of requests without consent, beside the alert choice, and confirms it', async () => {
      fakeApi(sent, [
        ({ method, path, body }) =>
          path === '/api/team/me/alerts' && method === 'PUT' ? json(body as AlertPreference) : undefined,
      ]);
      const user = userEvent.setup();
      renderAt('/team/alerts');
      const also = await screen.findByRole('checkbox', {
        name: 'Also tell me about results requests without consent',
      });
      await user.click(also);
      expect(isChecked(also)).toBe(true);
      await user.click(screen.getByRole('button', { name: 'Save my alerts' }));
      await waitFor(() =>
        expect(text(screen.getByRole('status'))).toBe(
          'Saved: you will get an e-mail for each new lead. Results requests without consent are included, marked as not to follow up.',
        ),
      );
      expect(changes(sent)).toEqual([
        {
          method: 'PUT',
          path: '/api/team/me/alerts',
          body: { alert: 'each_lead', requestsWithoutConsent: true },
        },
      ]);
    });

    it('shows a saved choice to hear of requests without consent as ticked', async () => {
      fakeApi(sent, [
        ({ method, path }) =>
          path === '/api/team/me/alerts' && method === 'GET'
            ? json({ alert: 'daily_digest', requestsWithoutConsent: true })
            : undefined,
      ]);
      renderAt('/team/alerts');
      expect(
        isChecked(
          await screen.findByRole('checkbox', {
            name: 'Also tell me about results requests without consent',
          }),
        ),
      ).toBe(true);
    });
  });

  describe('the workspace', () => {
    it('signed out, goes to the sign-in page having asked only whether it is signed in', async () => {
      fakeApi(sent, [({ path }) => (path === '/api/team/session' ? json({ signedIn: false }) : undefined)]);
      renderAt('/team/overview');
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
      expect(window.location.pathname).toBe('/team/sign-in');
      // The page's own requests, which need a session, were never sent: no refused request. (The
      // sign-in page asks the open setup route, and the site's challenge for its form.)
      const teamRequests = sent.map((s) => s.path).filter((path) => path.startsWith('/api/team/'));
      expect(teamRequests.filter((path) => path !== '/api/team/setup')).toEqual(['/api/team/session']);
    });

    it('signed in, shows the page and who is signed in', async () => {
      fakeApi(sent);
      renderAt('/team/alerts');
      expect(await screen.findByRole('heading', { level: 1, name: 'Your alerts' })).toBeTruthy();
      expect(sent[0]?.path).toBe('/api/team/session');
      expect(window.location.pathname).toBe('/team/alerts');
      expect(text(screen.getByRole('banner'))).toContain(`Signed in as ${ME}`);
    });
  });

  describe('the leads', () => {
    it('reads its filters from the address, asks the API for them and writes a new choice back', async () => {
      const today = ukToday();
      fakeApi(sent, [
        ({ path }) =>
          path.startsWith('/api/team/leads?')
            ? json({
                leads: [
                  summary({ owner: ME, followUpOn: today }),
                  summary({
                    id: LATER_ID,
                    email: 'x@y.test',
                    name: null,
                    organisation: null,
                    followUpOn: '2020-01-01',
                    source: 'direct',
                    serviceType: null,
                    size: null,
                  }),
                ],
                total: 2,
                page: 1,
                pageSize: 50,
              } satisfies LeadPage)
            : undefined,
      ]);
      const user = userEvent.setup();
      renderAt('/team?owner=unassigned&source=google&size=25_99');
      const table = await screen.findByRole('table', { name: 'Leads matching the filters, newest first' });
      expect(sent.find((s) => s.path.startsWith('/api/team/leads?'))?.path).toBe(
        '/api/team/leads?page=1&size=25_99&source=google&owner=unassigned',
      );
      expect(valueOf(screen.getByRole('combobox', { name: 'Owner' }))).toBe('unassigned');
      expect(valueOf(screen.getByRole('combobox', { name: 'Size' }))).toBe('25_99');
      const source = screen.getByRole('combobox', { name: 'Source' });
      await waitFor(() => expect(valueOf(source)).toBe('google'));
      expect([...(source as HTMLSelectElement).options].map((o) => o.text)).toEqual([
        'Any',
        'google (12)',
        'Direct (3)',
      ]);

      const [, first, second] = within(table).getAllByRole('row');
      expect(text(first)).toContain('Priya Shah');
      expect(text(first)).toContain('Sunnyside Care');
      expect(text(first)).toContain('Residential care');
      expect(text(first)).toContain('25–99 people');
      expect(text(first)).toContain('newsletter');
      expect(text(first)).toContain(ME);
      expect(text(first)).toContain('Due today');
      expect(text(second)).toContain('Overdue');
      expect(text(second)).toContain('Unassigned');
      expect(text(second)).toContain('Direct');
      expect(text(within(second).getByRole('rowheader'))).toContain('x@y.test');

      await user.selectOptions(screen.getByRole('combobox', { name: 'Owner' }), 'Mine');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Service type' }), 'Nursing care');
      await user.click(screen.getByRole('checkbox', { name: 'Due: follow-up today or overdue' }));
      await user.click(screen.getByRole('button', { name: 'Show leads' }));
      await waitFor(() =>
        expect(window.location.search).toBe(
          '?serviceType=nursing&size=25_99&source=google&owner=mine&due=true',
        ),
      );
      await waitFor(() =>
        expect(sent.at(-1)?.path).toBe(
          '/api/team/leads?page=1&serviceType=nursing&size=25_99&source=google&owner=mine&due=true',
        ),
      );
    });
  });

  describe('the waiting leads', () => {
    const page = (leads: LeadSummary[]): Answer =>
      json({ leads, total: leads.length, page: 1, pageSize: 50 } satisfies LeadPage);
    const listAnswers =
      (leads: LeadSummary[]): Handler =>
      ({ path }) =>
        path.startsWith('/api/team/leads?') ? page(leads) : undefined;
    // Now, so the badge names a day of this year, written without the year, on any day it runs.
    const since = new Date().toISOString();

    it('flags a waiting lead’s row in words, with the UK day its wait began', async () => {
      fakeApi(sent, [
        listAnswers([
          summary({ waitingSince: since }),
          summary({ id: LATER_ID, email: 'x@y.test', waitingSince: null }),
          summary({ id: 'old', email: 'old@y.test', waitingSince: '2020-01-06T09:30:00Z' }),
        ]),
      ]);
      renderAt('/team');
      const table = await screen.findByRole('table', { name: 'Leads, newest first' });
      const [, waiting, answered, old] = within(table).getAllByRole('row');
      const badge = within(waiting).getByText(/^Waiting since/, { selector: '.badge' });
      expect(text(badge)).toBe(`Waiting since ${formatDay(ukDay(new Date(since)), 'short')}`);
      expect(badge.querySelector('time')?.getAttribute('datetime')).toBe(since);
      expect(text(within(old).getByText(/^Waiting since/, { selector: '.badge' }))).toBe(
        'Waiting since 6 Jan 2020',
      );
      expect(within(answered).queryByText(/Waiting/)).toBeNull();
    });

    it('filters by waiting from the address, with the other filters, and writes it back', async () => {
      fakeApi(sent, [listAnswers([summary({ waitingSince: since })])]);
      const user = userEvent.setup();
      renderAt('/team?owner=mine&waiting=true');
      await screen.findByRole('table', { name: 'Leads matching the filters, newest first' });
      expect(sent.find((s) => s.path.startsWith('/api/team/leads?'))?.path).toBe(
        '/api/team/leads?page=1&owner=mine&waiting=true',
      );
      const waiting = screen.getByRole('checkbox', { name: 'Waiting: not contacted within one working day' });
      expect(isChecked(waiting)).toBe(true);

      await user.click(waiting);
      await user.click(screen.getByRole('checkbox', { name: 'Due: follow-up today or overdue' }));
      await user.click(screen.getByRole('button', { name: 'Show leads' }));
      await waitFor(() => expect(window.location.search).toBe('?owner=mine&due=true'));
      await waitFor(() => expect(sent.at(-1)?.path).toBe('/api/team/leads?page=1&owner=mine&due=true'));

      await user.click(
        screen.getByRole('checkbox', { name: 'Waiting: not contacted within one working day' }),
      );
      await user.selectOptions(screen.getByRole('combobox', { name: 'Follow-up' }), 'New');
      await user.click(screen.getByRole('button', { name: 'Show leads' }));
      await waitFor(() =>
        expect(window.location.search).toBe('?status=new&owner=mine&due=true&waiting=true'),
      );
      await waitFor(() =>
        expect(sent.at(-1)?.path).toBe('/api/team/leads?page=1&status=new&owner=mine&due=true&waiting=true'),
      );
    });

    it('says when no lead waits, and when no waiting lead matches the other filters', async () => {
      fakeApi(sent, [listAnswers([])]);
      const { unmount } = renderAt('/team?waiting=true');
      expect(await screen.findByRole('heading', { level: 2, name: 'No leads waiting' })).toBeTruthy();
      expect(screen.getByText(/Every lead with consent has been contacted or moved on/)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Show all leads' }).getAttribute('href')).toBe('/team');
      unmount();

      renderAt('/team?source=google&waiting=true');
      expect(await screen.findByRole('heading', { level: 2, name: 'No waiting leads match' })).toBeTruthy();
      unmount();

      renderAt('/team?source=google');
      expect(await screen.findByRole('heading', { level: 2, name: 'No leads match' })).toBeTruthy();
    });
  });

  describe('the activity log', () => {
    it('names each lead by its masked address: a link while it is held, plain text once it is gone', async () => {
      fakeApi(sent, [
        ({ path }) =>
          path.startsWith('/api/team/activity')
            ? json({
                entries: [
                  {
                    id: '3',
                    at: '2026-11-22T09:00:00Z',
                    actor: ME,
                    action: 'owner_change',
                    lead: { id: LEAD_ID, label: 'm•••@sunnyside.test' },
                    subject: null,
                    detail: `nobody → ${ME}`,
                  },
                  {
                    id: '2',
                    at: '2026-11-21T09:00:00Z',
                    actor: ME,
                    action: 'follow_up_date',
                    lead: { id: null, label: 'g•••@gone.test' },
                    subject: null,
                    detail: null,
                  },
                  {
                    id: '1',
                    at: '2026-11-20T09:00:00Z',
                    actor: ME,
                    action: 'alert_preference',
                    lead: null,
                    subject: null,
                    detail: 'none',
                  },
                  {
                    id: '0',
                    at: '2026-11-20T08:00:00Z',
                    actor: ME,
                    action: 'alert_preference',
                    lead: null,
                    subject: null,
                    detail: 'requests_without_consent_on',
                  },
                ],
                total: 4,
                page: 1,
                pageSize: 50,
              } satisfies ActivityPage)
            : undefined,
      ]);
      renderAt('/team/activity');
      const table = await screen.findByRole('table', { name: 'Team activity, newest first' });
      const [, owner, day, alerts, withoutConsent] = within(table).getAllByRole('row');
      expect(within(owner).getByRole('link', { name: 'm•••@sunnyside.test' }).getAttribute('href')).toBe(
        `/team/leads/${LEAD_ID}`,
      );
      expect(text(owner)).toContain('Changed the owner');
      expect(text(within(day).getAllByRole('cell')[3])).toBe('g•••@gone.test');
      expect(within(day).queryByRole('link')).toBeNull();
      expect(text(day)).toContain('Set the next follow-up date');
      expect(text(alerts)).toContain('Changed their alerts');
      // The choice is kept as its id and shown in the words the alerts page uses.
      expect(text(within(alerts).getAllByRole('cell')[4])).toBe('No e-mails');
      expect(text(within(withoutConsent!).getAllByRole('cell')[4])).toBe(
        'Results requests without consent: on',
      );
      expect(text(table)).not.toContain(LEAD_ID);
    });
  });
});
