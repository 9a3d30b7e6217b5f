// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAVED_AUDITS_LIST_LIMIT, type ConsentedSavedAudit, type TeamSavedAudits } from '../shared/team-api';
import { SavedAuditsCard } from './ui/saved-audits-card';

// The overview's "Saved to finish later" card reads what GET /api/team/saved-audits answers (which
// rows count and which show an address is the server's test): here, that it says the count in
// words, shows the consenting visitors in a table with a caption and header cells, and says when
// the list is cut or nobody consented.

const NOTHING: TeamSavedAudits = { open: 0, completed: 0, withConsentTotal: 0, withConsent: [] };

function consented(change: Partial<ConsentedSavedAudit> = {}): ConsentedSavedAudit {
  return {
    email: 'registered.manager@sunnyside-care-home.example',
    createdAt: '2026-11-20T09:30:00Z',
    savedAt: '2026-11-24T16:05:00Z',
    expiresOn: '2026-12-20',
    answered: 12,
    section: 3,
    ...change,
  };
}

let answers: (TeamSavedAudits | Response)[] = [];
const asked: string[] = [];
beforeEach(() => {
  asked.length = 0;
  vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
    asked.push(String(input));
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    return next instanceof Response ? next : Response.json(next);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function renderCard(...sequence: (TeamSavedAudits | Response)[]) {
  answers = sequence;
  render(<SavedAuditsCard />);
  const card = screen.getByRole('region', { name: 'Saved to finish later' });
  await within(card).findByText(/saved to finish later\b/);
  return card;
}

/** The text of each cell of the table's rows, by row (the address's row header first). */
function cells(table: HTMLElement): string[][] {
  return [...table.querySelectorAll('tbody tr')].map((row) =>
    [...row.children].map((cell) => cell.textContent ?? ''),
  );
}

describe('the saved audits card', () => {
  it('asks the team API for the saved audits', async () => {
    await renderCard(NOTHING);
    expect(asked).toEqual(['/api/team/saved-audits']);
  });

  it('says when nothing is saved, with no table and no word on consent', async () => {
    const card = await renderCard(NOTHING);
    expect(within(card).getByText('0 audits saved to finish later')).toBeTruthy();
    expect(card.textContent).toContain('0 audits saved to finish later.');
    expect(within(card).queryByRole('table')).toBeNull();
    expect(card.textContent).not.toContain('ticked the box.');
    expect(card.textContent).not.toContain('since completed');
  });

  it('counts one in the singular, and the completed ones beside it', async () => {
    const card = await renderCard({ ...NOTHING, open: 1, completed: 1 });
    expect(card.textContent).toContain('1 audit saved to finish later, and 1 saved audit since completed.');
    expect(card.textContent).toContain('None of them ticked the box, so no address is shown.');
    expect(within(card).queryByRole('table')).toBeNull();
  });

  it('explains who is shown: the consent box’s own words, and the 30 days', async () => {
    const card = await renderCard({ ...NOTHING, open: 12 });
    expect(card.textContent).toContain('12 audits saved to finish later.');
    expect(card.textContent).toContain('for 30 days from the first save');
    expect(card.textContent).toContain(
      'only if they ticked “The team may contact me about a free consultation” when saving; the others are only counted',
    );
  });

  it('lists the consenting visitors in a table: address, last and first save, progress, the last day its link opens', async () => {
    const card = await renderCard({
      open: 12,
      completed: 3,
      withConsentTotal: 2,
      withConsent: [
        consented(),
        consented({
          email: 'jo@home.example',
          createdAt: '2026-11-25T08:00:00Z',
          savedAt: '2026-11-25T08:00:00Z',
          expiresOn: '2026-12-25',
          answered: 25,
          section: 5,
        }),
      ],
    });
    expect(card.textContent).toContain('2 visitors of 12 ticked the box.');
    const table = within(card).getByRole('table', {
      name: 'Saved audits whose visitors agreed to be contacted, most recently saved first',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Address', 'Last saved', 'Progress', 'Link opens until']);
    const [first, second] = cells(table);
    expect(first![0]).toBe('registered.manager@sunnyside-care-home.example');
    expect(first![1]).toMatch(/^24 Nov 2026, \d\d:05First saved 20 Nov 2026, \d\d:30$/);
    expect(first![2]).toBe('12 of 25 ratedStopped at section 3 of 5: Service Quality');
    expect(first![3]).toBe('Sun, 20 Dec 2026');
    // Saved once: no "first saved" line.
    expect(second![1]).not.toContain('First saved');
    expect(second![2]).toBe('25 of 25 ratedStopped at section 5 of 5: Data Management');
    expect(second![3]).toBe('Fri, 25 Dec 2026');
    const link = within(table).getByRole('link', { name: 'jo@home.example' });
    expect(link.getAttribute('href')).toBe('mailto:jo@home.example');
    expect(within(table).getAllByRole('rowheader')).toHaveLength(2);
  });

  it('says when its one visitor consented', async () => {
    const one = await renderCard({ ...NOTHING, open: 1, withConsentTotal: 1, withConsent: [consented()] });
    expect(one.textContent).toContain('Its visitor ticked the box.');
  });

  it(`says the list is cut at ${SAVED_AUDITS_LIST_LIMIT}, and of how many`, async () => {
    const rows = Array.from({ length: SAVED_AUDITS_LIST_LIMIT }, (_, i) =>
      consented({ email: `m${i}@home.example` }),
    );
    const card = await renderCard({ open: 1300, completed: 0, withConsentTotal: 1250, withConsent: rows });
    expect(card.textContent).toContain('1,250 visitors of 1,300 ticked the box.');
    expect(card.textContent).toContain(
      `Showing the ${SAVED_AUDITS_LIST_LIMIT} most recently saved of 1,250.`,
    );
    expect(cells(within(card).getByRole('table'))).toHaveLength(SAVED_AUDITS_LIST_LIMIT);
  });

  it('says nothing of a cut when every consenting visitor is listed', async () => {
    const card = await renderCard({
      ...NOTHING,
      open: 3,
      withConsentTotal: 3,
      withConsent: [
        consented(),
        consented({ email: 'b@home.example' }),
        consented({ email: 'c@home.example' }),
      ],
    });
    expect(card.textContent).toContain('Every one of their visitors ticked the box.');
    expect(card.textContent).not.toContain('Showing the');
  });

  it('shows a failed load where the figures would be, and loads again on "Try again"', async () => {
    answers = [
      Response.json(
        { error: { code: 'internal_error', message: 'The saved audits could not be read.' } },
        { status: 500 },
      ),
      { ...NOTHING, open: 4 },
    ];
    render(<SavedAuditsCard />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The saved audits could not be read.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('4 audits saved to finish later')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
