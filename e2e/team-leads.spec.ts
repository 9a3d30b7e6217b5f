import type { Cookie, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { EXPECTED_API_ERRORS, leadIdOf, makeLead, open, signIn, TEAM_EMAIL, teamMails } from './team-session';

// The lead desk as the team works it, against the real server: a lead's contact, source and
// profile, its owner and next follow-up day, the list's filters "mine", "unassigned" and "due", the
// activity log naming the lead, and each member's choice of alerts, kept across a reload.

// One sign-in for the file (sign-in links are limited per address), its session handed to each test.
test.describe.configure({ mode: 'serial' });
let session: Cookie[] = [];

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page);
  session = await page.context().cookies();
  await page.close();
});

async function signedIn(page: Page) {
  await page.context().addCookies(session);
}

/** Today in the UK, as the server's "due" reads it (a date control's value). */
function ukToday(): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The leads list, searched for `stamp` (this test's leads only) with the filters in `more`. */
async function listFiltered(page: Page, stamp: string, more: string) {
  await open(page, `/team?q=${stamp}${more}`);
  await expect(page.locator('.loading')).toHaveCount(0);
}

test('a lead: contact, source and profile; owner and follow-up day set and shown; mine, unassigned and due', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  consoleErrors.allow(EXPECTED_API_ERRORS);
  const stamp = `desk${Date.now()}`;
  const mine = `${stamp}-mine@care-home.test`;
  const other = `${stamp}-other@care-home.test`;
  await makeLead(page, mine, {
    landing: '/audit-tool?utm_source=e2e-newsletter&utm_medium=email&utm_campaign=lead-desk',
    contact: {
      name: 'Priya Shah',
      organisation: 'Sunnyside Care Homes',
      role: 'Registered manager',
      phone: '0121 496 0000',
    },
    profile: { serviceType: 'Residential care', size: '25–99' },
  });
  // Another visit, with nothing kept from the first (no audit, no source).
  await page.evaluate(() => sessionStorage.clear());
  await makeLead(page, other, { consent: false });
  await signedIn(page);

  // Both in the list, one with all it was given, neither owned nor due.
  await listFiltered(page, stamp, '');
  const rowOf = (address: string) => page.getByRole('row').filter({ hasText: address });
  await expect(rowOf(mine)).toContainText('Priya Shah');
  await expect(rowOf(mine)).toContainText('Sunnyside Care Homes');
  await expect(rowOf(mine)).toContainText('Residential care');
  await expect(rowOf(mine)).toContainText('25–99 people');
  await expect(rowOf(mine)).toContainText('e2e-newsletter');
  await expect(rowOf(mine)).toContainText('Unassigned');
  await expect(rowOf(other)).toContainText('Direct');
  await expect(rowOf(other)).toContainText('No');
  const mineId = await leadIdOf(page, mine);
  await expectNoAxeViolations(page);

  // The alert for the new lead reached the team address, linking to the lead in the workspace.
  await expect
    .poll(
      async () => (await teamMails()).some((mail) => (mail.text ?? '').includes(`/team/leads/${mineId}`)),
      {
        timeout: 15_000,
      },
    )
    .toBe(true);

  // The lead: who, where from, what service.
  await page.getByRole('link', { name: mine, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: mine })).toBeFocused();
  const contact = page.getByRole('region', { name: 'Contact', exact: true });
  for (const text of ['Priya Shah', 'Sunnyside Care Homes', 'Registered manager'])
    await expect(contact).toContainText(text);
  await expect(contact.getByRole('link', { name: '0121 496 0000' })).toHaveAttribute(
    'href',
    'tel:01214960000',
  );
  const source = page.getByRole('region', { name: 'Source and profile' });
  for (const text of ['lead-desk', 'email', 'e2e-newsletter', 'Residential care', '25–99 people'])
    await expect(source).toContainText(text);
  await expectNoAxeViolations(page);

  // Mine, due today.
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByRole('status')).toHaveText(`Owner saved: you (${TEAM_EMAIL}).`);
  await expect(page.getByLabel('Owner', { exact: true })).toHaveValue(TEAM_EMAIL);
  await expect(page.getByRole('button', { name: 'Assign to me' })).toBeDisabled();
  const today = ukToday();
  await page.getByLabel('Next follow-up').fill(today);
  await page.getByRole('button', { name: 'Save date' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Next follow-up saved: \w{3}, \d{1,2} \w{3} \d{4}\.$/);
  await expect(page.locator('#lead-follow-up-on-hint')).toContainText('Due today');
  // Both changes are on the lead's timeline, by the team member, after the request.
  const timeline = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
  await expect(page.locator('.timeline__actor', { hasText: TEAM_EMAIL })).toHaveCount(2);
  await expect(timeline.first()).toContainText('The visitor');
  await expectNoAxeViolations(page);

  // Still so after a reload: the server keeps them.
  await page.reload();
  await expect(page.getByLabel('Owner', { exact: true })).toHaveValue(TEAM_EMAIL);
  await expect(page.getByLabel('Next follow-up')).toHaveValue(today);

  // The filters, each in the address.
  await listFiltered(page, stamp, '&owner=mine');
  await expect(page.getByRole('combobox', { name: 'Owner' })).toHaveValue('mine');
  await expect(rowOf(mine)).toHaveCount(1);
  await expect(rowOf(mine)).toContainText('Due today');
  await expect(rowOf(other)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await listFiltered(page, stamp, '');
  await page.getByRole('combobox', { name: 'Owner' }).selectOption('unassigned');
  await page.getByRole('button', { name: 'Show leads' }).click();
  await expect(page).toHaveURL(/[?&]owner=unassigned(&|$)/);
  await expect(rowOf(other)).toHaveCount(1);
  await expect(rowOf(mine)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Owner' }).selectOption('');
  await page.getByRole('checkbox', { name: 'Due: follow-up today or overdue' }).check();
  await page.getByRole('button', { name: 'Show leads' }).click();
  await expect(page).toHaveURL(/[?&]due=true(&|$)/);
  await expect(rowOf(mine)).toHaveCount(1);
  await expect(rowOf(other)).toHaveCount(0);
  await expect(page.getByText('1 lead found')).toBeVisible();
  await expectNoAxeViolations(page);
  await listFiltered(page, stamp, '&source=e2e-newsletter&serviceType=residential&size=25_99');
  await expect(rowOf(mine)).toHaveCount(1);
  await expect(rowOf(other)).toHaveCount(0);

  // Who did what names the lead by its masked address, linking to it.
  await open(page, '/team/activity');
  const log = page.getByRole('table', { name: 'Team activity, newest first' });
  // (Only this lead's address starts with d and is at care-home.test, and only it changed owner.)
  const ownerEntry = log
    .getByRole('row')
    .filter({ hasText: 'Changed the owner' })
    .filter({ hasText: 'd•••@care-home.test' });
  await expect(ownerEntry).toHaveCount(1);
  await expect(ownerEntry.getByRole('link', { name: 'd•••@care-home.test' })).toHaveAttribute(
    'href',
    `/team/leads/${mineId}`,
  );
  await expect(log).not.toContainText(mineId);
  await expectNoAxeViolations(page);

  // Cleared, the lead is no longer due.
  await open(page, `/team/leads/${encodeURIComponent(mineId)}`);
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByRole('status')).toHaveText('Next follow-up cleared: none is set.');
  await expect(page.getByLabel('Next follow-up')).toHaveValue('');
  await listFiltered(page, stamp, '&due=true');
  await expect(page.getByRole('heading', { level: 2, name: 'No leads match' })).toBeVisible();
});

test('your alerts: the choice is saved, confirmed and still there after a reload', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(EXPECTED_API_ERRORS);
  await signedIn(page);
  await open(page, '/team');
  await page.getByRole('link', { name: 'Your alerts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your alerts' })).toBeFocused();
  await expect(page).toHaveTitle('Your alerts – Care Audit team');
  const choices = page.getByRole('group', { name: 'E-mail me about new leads' });
  await expect(choices.getByRole('radio', { name: 'An e-mail for each new lead' })).toBeChecked();
  await expectNoAxeViolations(page);

  await choices.getByRole('radio', { name: 'A daily digest at 08:00 (UK time)' }).check();
  await page.getByRole('button', { name: 'Save my alerts' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved: you will get a daily digest at 08:00 (UK time).');
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(choices.getByRole('radio', { name: 'A daily digest at 08:00 (UK time)' })).toBeChecked();
  await expect(choices.getByRole('radio', { name: 'An e-mail for each new lead' })).not.toBeChecked();

  // Requests without consent: off by default, a box of its own beside the choice.
  const also = page.getByRole('checkbox', { name: 'Also tell me about results requests without consent' });
  await expect(also).not.toBeChecked();
  await also.check();
  await page.getByRole('button', { name: 'Save my alerts' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Saved: you will get a daily digest at 08:00 (UK time). Results requests without consent are included, marked as not to follow up.',
  );
  await page.reload();
  await expect(also).toBeChecked();
  await expectNoAxeViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page
      .locator('.alerts-form')
      .screenshot({ path: `test-results/screenshots/${width}-alerts-setting.png` });
  }

  // Back to the defaults, so the other specs' leads alert the team address as before.
  await choices.getByRole('radio', { name: 'An e-mail for each new lead' }).check();
  await also.uncheck();
  await page.getByRole('button', { name: 'Save my alerts' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved: you will get an e-mail for each new lead.');
  await open(page, '/team/activity');
  const changes = page
    .getByRole('table', { name: 'Team activity, newest first' })
    .getByRole('row')
    .filter({ hasText: 'Changed their alerts' });
  await expect(changes).toHaveCount(4);
  await expect(changes.filter({ hasText: 'Results requests without consent: on' })).toHaveCount(1);
  await expect(changes.filter({ hasText: 'Results requests without consent: off' })).toHaveCount(1);
});
