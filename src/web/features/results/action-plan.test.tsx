import { CONTENT_V1 } from '../../../core/content';
// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AREAS, areaKey, priorityKey, type ActionPlanItem, type Responses } from '../../../core';
import { PLAN_MOVED_NOTE, PLAN_MOVED_REFUSAL, PLAN_MOVED_TITLE } from '../../../shared/action-plan-words';
import { ActionPlan } from './action-plan';

const TOKEN = 'B'.repeat(43);
const PLAN_PATH = `/api/results/${TOKEN}/plan`;
const TODAY = '2026-11-26';

const every = (rating: 1 | 3 | 5) => ({ 0: rating, 1: rating, 2: rating, 3: rating, 4: rating }) as const;
/** Two priorities (operational 0 rated 1, data 2 rated 2), every other statement 3 or 4. */
const TWO_WEAK: Responses = {
  operational: { 0: 1, 1: 4, 2: 4, 3: 4, 4: 4 },
  compliance: every(3),
  quality: every(3),
  training: every(3),
  data: { 0: 4, 1: 4, 2: 2, 3: 4, 4: 4 },
};
const ALL_FIVES: Responses = Object.fromEntries(AREAS.map((a) => [a.id, every(5)]));
const ALL_ONES: Responses = Object.fromEntries(AREAS.map((a) => [a.id, every(1)]));

const FIRST = priorityKey('operational', 0);
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake plan route: each POST's body kept, answered by `answer` (the stored plan by default). */
function stubPlanRoute(answer: (body: Record<string, unknown>) => Response | 'network') {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    expect([url, init?.method]).toEqual([PLAN_PATH, 'POST']);
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    sent.push(body);
    const result = answer(body);
    if (result === 'network') throw new TypeError('Failed to fetch');
    return result;
  });
  return sent;
}

function show(responses: Responses, plan: ActionPlanItem[] = [], heldByLater = false) {
  return render(
    <ActionPlan
      token={TOKEN}
      responses={responses}
      content={CONTENT_V1}
      initialPlan={plan}
      today={TODAY}
      heldByLater={heldByLater}
    />,
  );
}

/** The row of a topic, found by its heading. */
function row(title: string): HTMLElement {
  return screen.getByRole('heading', { level: 3, name: title }).closest('li')!;
}

afterEach(() => vi.unstubAllGlobals());

describe('ActionPlan', () => {
  it('lists the priorities first, then each area’s advice, each row with its three labelled fields and a Save', () => {
    show(TWO_WEAK);
    expect(screen.getByRole('heading', { level: 2, name: 'Your action plan' })).toBeTruthy();
    const titles = within(screen.getByRole('list'))
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual([
      'Care workflows in one digital system',
      expect.any(String),
      ...AREAS.map((a) => a.title),
    ]);
    const first = row('Care workflows in one digital system');
    expect(first.textContent).toContain('Priority · Operational Efficiency');
    const group = within(first).getByRole('group', { name: 'Care workflows in one digital system' });
    // The group holds the row's form; the form keeps its own role (a form may not be a group).
    expect(group.querySelector('form')?.hasAttribute('role')).toBe(false);
    const status = within(group).getByLabelText('Status') as HTMLSelectElement;
    expect([...status.options].map((o) => o.text)).toEqual(['Not started', 'Planned', 'In progress', 'Done']);
    expect(status.value).toBe('not_started');
    expect(within(group).getByLabelText('Owner (optional)').getAttribute('maxlength')).toBe('100');
    expect(within(group).getByLabelText('Target date (optional)').getAttribute('type')).toBe('date');
    expect(
      within(group).getByRole('button', { name: 'Save Care workflows in one digital system' }),
    ).toBeTruthy();
    expect(screen.getByText('Nothing marked yet')).toBeTruthy();
  });

  it('offers the areas only when no statement is rated 1 or 2 (every answer 5)', () => {
    show(ALL_FIVES);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(
      AREAS.map((a) => a.title),
    );
    expect(screen.getAllByRole('button', { name: /^Save / })).toHaveLength(5);
    expect(screen.queryByText(/^Priority/)).toBeNull();
  });

  it('has ten rows at the most: five priorities and five areas (every answer 1)', () => {
    show(ALL_ONES);
    expect(screen.getAllByRole('button', { name: /^Save / })).toHaveLength(10);
  });

  it('shows the kept plan: each row’s fields and the summary line', () => {
    show(TWO_WEAK, [
      { key: FIRST, status: 'in_progress', owner: 'Sam Patel', targetDate: '2026-12-01' },
      { key: areaKey('data'), status: 'done' },
      { key: areaKey('quality'), status: 'planned' },
      { key: areaKey('training'), status: 'planned' },
    ]);
    expect(screen.getByText('2 planned, 1 in progress, 1 done')).toBeTruthy();
    const first = row('Care workflows in one digital system');
    expect((within(first).getByLabelText('Status') as HTMLSelectElement).value).toBe('in_progress');
    expect((within(first).getByLabelText('Owner (optional)') as HTMLInputElement).value).toBe('Sam Patel');
    expect((within(first).getByLabelText('Target date (optional)') as HTMLInputElement).value).toBe(
      '2026-12-01',
    );
  });

  it('says "Overdue" in words for a date before today on an item not done, and not on the day itself or once done', () => {
    show(TWO_WEAK, [
      { key: FIRST, status: 'planned', targetDate: '2026-11-25' },
      { key: areaKey('operational'), status: 'in_progress', targetDate: TODAY },
      { key: areaKey('compliance'), status: 'done', targetDate: '2020-01-01' },
      { key: areaKey('quality'), status: 'planned' },
    ]);
    const overdue = screen.getAllByText('Overdue');
    expect(overdue).toHaveLength(1);
    const first = row('Care workflows in one digital system');
    expect(within(first).getByText('Overdue')).toBeTruthy();
    // The date field is described by it, so a screen reader hears it there too.
    const date = within(first).getByLabelText('Target date (optional)');
    expect(date.getAttribute('aria-describedby')).toBe(within(first).getByText('Overdue').getAttribute('id'));
    expect(within(first).getByText('Overdue').textContent).toBe(
      'Overdue: the target date, 25 November 2026, has passed',
    );
  });

  it('saves one row: sends its key, status, owner and date, announces "Saved" and updates the summary', async () => {
    const sent = stubPlanRoute((body) =>
      json({
        plan: [{ key: body.key, status: body.status, owner: 'Sam Patel', targetDate: body.targetDate }],
      }),
    );
    show(TWO_WEAK);
    const first = row('Care workflows in one digital system');
    await userEvent.selectOptions(within(first).getByLabelText('Status'), 'Planned');
    await userEvent.type(within(first).getByLabelText('Owner (optional)'), '  Sam Patel ');
    await userEvent.type(within(first).getByLabelText('Target date (optional)'), '2026-11-01');
    await userEvent.click(within(first).getByRole('button', { name: /^Save/ }));
    expect(sent).toEqual([{ key: FIRST, status: 'planned', owner: 'Sam Patel', targetDate: '2026-11-01' }]);
    await waitFor(() => expect(within(first).getByRole('status').textContent).toBe('Saved'));
    expect(screen.getByText('1 planned, 0 in progress, 0 done')).toBeTruthy();
    // The kept owner (trimmed) is what the row shows; its past date makes it overdue.
    expect((within(first).getByLabelText('Owner (optional)') as HTMLInputElement).value).toBe('Sam Patel');
    expect(within(first).getByText('Overdue')).toBeTruthy();
    // An edit after the save is not saved yet: "Saved" goes.
    await userEvent.type(within(first).getByLabelText('Owner (optional)'), 'x');
    expect(within(first).getByRole('status').textContent).toBe('');
  });

  it('saves from the keyboard: Enter on Save, after Tab from the fields; a new status alone sends nothing', async () => {
    const sent = stubPlanRoute((body) => json({ plan: [{ key: body.key, status: body.status }] }));
    show(ALL_FIVES);
    const operational = row(AREAS[0].title);
    // jsdom does not move a select with arrow keys (Chromium does: e2e/action-plan.spec.ts).
    await userEvent.selectOptions(within(operational).getByLabelText('Status'), 'Done');
    expect(sent).toEqual([]);
    within(operational).getByLabelText('Status').focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(within(operational).getByLabelText('Owner (optional)'));
    await userEvent.tab();
    expect(document.activeElement).toBe(within(operational).getByLabelText('Target date (optional)'));
    await userEvent.tab();
    expect(document.activeElement).toBe(within(operational).getByRole('button', { name: /^Save/ }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(sent).toEqual([{ key: areaKey('operational'), status: 'done' }]));
    expect(await within(operational).findByText('Saved')).toBeTruthy();
    expect(screen.getByText('0 planned, 0 in progress, 1 done')).toBeTruthy();
  });

  it('"Not started" clears the row: no owner or date kept', async () => {
    const sent = stubPlanRoute(() => json({ plan: [] }));
    show(ALL_FIVES, [{ key: areaKey('data'), status: 'planned', owner: 'Jo', targetDate: '2026-12-24' }]);
    const data = row('Data Management');
    expect(within(data).queryByText(/clears the owner/)).toBeNull();
    await userEvent.selectOptions(within(data).getByLabelText('Status'), 'Not started');
    // Said before the Save, beside the status it follows from.
    const hint = within(data).getByText('Saving “Not started” clears the owner and target date.');
    expect(within(data).getByLabelText('Status').getAttribute('aria-describedby')).toBe(hint.id);
    await userEvent.click(within(data).getByRole('button', { name: /^Save/ }));
    await waitFor(() => expect(within(data).getByRole('status').textContent).toBe('Saved'));
    // Neither the owner nor the date is sent: the server refuses them with "not started".
    expect(sent).toEqual([{ key: areaKey('data'), status: 'not_started' }]);
    expect((within(data).getByLabelText('Owner (optional)') as HTMLInputElement).value).toBe('');
    expect((within(data).getByLabelText('Target date (optional)') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Nothing marked yet')).toBeTruthy();
  });

  it('shows the server’s reasons beside the fields, in an alert, and moves focus to the first', async () => {
    stubPlanRoute(() =>
      json(
        {
          error: {
            code: 'invalid_request',
            message: 'Check the owner and the target date',
            fields: { owner: 'This contains characters that cannot be stored.', targetDate: 'Not a day' },
          },
        },
        400,
      ),
    );
    show(ALL_FIVES);
    const data = row('Data Management');
    await userEvent.selectOptions(within(data).getByLabelText('Status'), 'Planned');
    await userEvent.click(within(data).getByRole('button', { name: /^Save/ }));
    const alert = await within(data).findByRole('alert');
    await waitFor(() => expect(alert.textContent).toBe('Not saved. Check the owner and the target date'));
    const owner = within(data).getByLabelText('Owner (optional)');
    expect(owner.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(owner.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Error: This contains characters that cannot be stored.',
    );
    expect(within(data).getByLabelText('Target date (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(owner);
    expect(within(data).getByRole('status').textContent).toBe('');
    expect(screen.getByText('Nothing marked yet')).toBeTruthy();
  });

  it('says a reason with no field on the page (the topic) in the alert itself', async () => {
    stubPlanRoute(() =>
      json(
        {
          error: {
            code: 'invalid_request',
            message: 'Please check the highlighted fields.',
            fields: { key: 'This is not one of the topics of these results' },
          },
        },
        400,
      ),
    );
    show(ALL_FIVES);
    const data = row('Data Management');
    await userEvent.click(within(data).getByRole('button', { name: /^Save/ }));
    await waitFor(() =>
      expect(within(data).getByRole('alert').textContent).toBe(
        'Not saved. This is not one of the topics of these results',
      ),
    );
    expect(within(data).getByLabelText('Owner (optional)').getAttribute('aria-invalid')).toBeNull();
  });

  it('says the link is gone on a 404, and that a change could not be sent when there is no answer', async () => {
    let answer: Response | 'network' = json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    stubPlanRoute(() => answer);
    show(ALL_FIVES);
    const data = row('Data Management');
    await userEvent.click(within(data).getByRole('button', { name: /^Save/ }));
    await waitFor(() =>
      expect(within(data).getByRole('alert').textContent).toBe(
        'Not saved. This results link has expired or been removed.',
      ),
    );
    expect(screen.getByText(/the plan can no longer be changed/)).toBeTruthy();
    answer = 'network';
    const quality = row('Service Quality');
    await userEvent.click(within(quality).getByRole('button', { name: /^Save/ }));
    await waitFor(() =>
      expect(within(quality).getByRole('alert').textContent).toBe(
        'Not saved. The change could not be saved. Please check your connection and try again.',
      ),
    );
  });

  it('says why a change was refused when a later result took the plan over after the page loaded (409)', async () => {
    stubPlanRoute(() => json({ error: { code: 'superseded', message: PLAN_MOVED_REFUSAL } }, 409));
    show(ALL_FIVES, [{ key: areaKey('data'), status: 'planned' }]);
    const data = row('Data Management');
    await userEvent.selectOptions(within(data).getByLabelText('Status'), 'done');
    await userEvent.click(within(data).getByRole('button', { name: /^Save/ }));
    await waitFor(() =>
      expect(within(data).getByRole('alert').textContent).toBe(`Not saved. ${PLAN_MOVED_REFUSAL}`),
    );
    // What the server kept is what the row's glance says.
    expect(data.querySelector('.action-topic__badge')?.textContent).toBe('Status: Planned');
  });

  describe('at a glance, and on demand', () => {
    it('says each row’s status in words and what the action is: a priority’s next step, an area’s advice', () => {
      show(TWO_WEAK, [{ key: areaKey('data'), status: 'done' }]);
      const first = row('Care workflows in one digital system');
      const badge = (li: HTMLElement) => li.querySelector('.action-topic__badge')?.textContent;
      expect(badge(first)).toBe('Status: Not started');
      expect(first.querySelector('.action-topic__action')?.textContent).toMatch(/^Next step: \S/);
      const data = row('Data Management');
      expect(badge(data)).toBe('Status: Done');
      const action = data.querySelector('.action-topic__action')?.textContent ?? '';
      // The area's band heading and its advice: more than the area's name.
      expect(action).toMatch(/^(Build the foundations|Take the next steps|Sustain and optimise): \S.{40,}/);
    });

    it('keeps the owner, the date and the fields in a disclosure named with its topic, opened on demand', async () => {
      show(TWO_WEAK, [{ key: FIRST, status: 'planned', owner: 'Sam Patel' }]);
      const first = row('Care workflows in one digital system');
      const details = first.querySelector('details')!;
      expect(details.open).toBe(false);
      expect(within(first).getByLabelText('Owner (optional)').closest('details')).toBe(details);
      // The owner is not in the row's glance, only in the disclosure.
      expect(first.querySelector('.action-topic__action')?.textContent).not.toContain('Sam Patel');
      const summary = within(first).getByText(/^Status, owner and target date/);
      expect(summary.textContent).toBe('Status, owner and target date: Care workflows in one digital system');
      // A summary is the browser's own control: Enter and Space open it too (the e2e spec presses them).
      await userEvent.click(summary);
      expect(details.open).toBe(true);
    });

    it('shows the status it saved at a glance once the server has it', async () => {
      stubPlanRoute((body) => json({ plan: [{ key: body.key, status: body.status }] }));
      show(TWO_WEAK);
      const first = row('Care workflows in one digital system');
      await userEvent.selectOptions(within(first).getByLabelText('Status'), 'in_progress');
      await userEvent.click(within(first).getByRole('button', { name: /^Save / }));
      await waitFor(() =>
        expect(first.querySelector('.action-topic__badge')?.textContent).toBe('Status: In progress'),
      );
    });
  });

  describe('a plan carried on from an earlier result', () => {
    it('says on each carried item which result it came from, and not on the others', () => {
      show(TWO_WEAK, [
        { key: FIRST, status: 'done', owner: 'Sam Patel', carriedFrom: '2026-11-03' },
        { key: areaKey('quality'), status: 'planned' },
      ]);
      expect(within(row('Care workflows in one digital system')).getByText(/^Carried from/).textContent).toBe(
        'Carried from your results of 3 November 2026',
      );
      expect(within(row('Service Quality')).queryByText(/^Carried from/)).toBeNull();
      expect(screen.getAllByText(/^Carried from/)).toHaveLength(1);
    });

    it('drops the mark once a carried item is saved here: it is this result’s own then', async () => {
      stubPlanRoute((body) => json({ plan: [{ key: body.key, status: body.status }] }));
      show(TWO_WEAK, [{ key: FIRST, status: 'planned', carriedFrom: '2026-11-03' }]);
      const first = row('Care workflows in one digital system');
      await userEvent.selectOptions(within(first).getByLabelText('Status'), 'done');
      await userEvent.click(within(first).getByRole('button', { name: /^Save / }));
      await waitFor(() => expect(within(first).queryByText(/^Carried from/)).toBeNull());
    });
  });

  describe('an earlier result whose plan a later result holds now', () => {
    const PLAN: ActionPlanItem[] = [
      { key: FIRST, status: 'in_progress', owner: 'Sam Patel', targetDate: '2026-12-01' },
      { key: areaKey('data'), status: 'done' },
    ];

    it('says a later result holds the plan, and shows it to read: no field, no Save, nothing sent', () => {
      const fetch = vi.fn();
      vi.stubGlobal('fetch', fetch);
      show(TWO_WEAK, PLAN, true);
      const section = screen.getByRole('region', { name: 'Your action plan' });
      expect(within(section).getByText(PLAN_MOVED_TITLE)).toBeTruthy();
      expect(within(section).getByText(PLAN_MOVED_NOTE)).toBeTruthy();
      expect(within(section).queryByText(/anyone with this link can see and change it/)).toBeNull();
      expect(within(section).queryAllByRole('button')).toEqual([]);
      expect(within(section).queryAllByRole('combobox')).toEqual([]);
      expect(within(section).queryAllByRole('textbox')).toEqual([]);
      expect(within(section).getByText('0 planned, 1 in progress, 1 done')).toBeTruthy();
      expect(fetch).not.toHaveBeenCalled();
    });

    it('keeps each row’s status at a glance and its owner and date on demand, "Not set" where none', () => {
      show(TWO_WEAK, PLAN, true);
      const first = row('Care workflows in one digital system');
      expect(first.querySelector('.action-topic__badge')?.textContent).toBe('Status: In progress');
      const summary = within(first).getByText(/^Owner and target date/);
      expect(summary.closest('details')?.open).toBe(false);
      const facts = summary.closest('details')!.querySelector('dl')!;
      expect(facts.textContent).toBe('OwnerSam PatelTarget date1 December 2026');
      expect(row('Data Management').querySelector('dl')?.textContent).toBe('OwnerNot setTarget dateNot set');
    });
  });
});
