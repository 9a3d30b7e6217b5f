import { readFile } from 'node:fs/promises';
import { expect, expectNoAxeViolations, test } from './fixtures';
import {
  askForLink,
  claimSignInMail,
  EXPECTED_API_ERRORS,
  expectNoColumnCutOff,
  linkIn,
  makeLead,
  open,
  TEAM_EMAIL,
  teamMailFiles,
} from './team-session';

// The team workspace as a team member uses it, against the real server (scripts/e2e.ts starts it
// with TEAM_EMAILS naming the team address and a second member, and PUBLIC_URL equal to the
// address the browser uses).

// One lead journey, then pictures: in order, so the sign-in links they ask for stay within the
// per-address limit and the pictures show a workspace with a lead in it.
test.describe.configure({ mode: 'serial' });

let firstLink = '';
let mailHtml = '';

test('sign in by e-mailed link, work a lead from the public form, download the CSV and erase it', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  consoleErrors.allow(EXPECTED_API_ERRORS);
  const address = `team-lead-${Date.now()}@care-home.test`;
  await makeLead(page, address, { note: 'Three homes in Solihull; call after 2pm.' });

  // Signed out, the workspace sends you to sign in.
  await open(page, '/team');
  await expect(page).toHaveURL(/\/team\/sign-in$/);
  await expect(page).toHaveTitle('Sign in – Care Audit team');
  await expectNoAxeViolations(page);
  const before = await teamMailFiles();
  const signIn = page.waitForRequest((r) => r.url().endsWith('/api/team/sign-in'));
  await askForLink(page);
  // The request carried a solved challenge and an empty honeypot, like the visitors' form.
  const body = (await signIn).postDataJSON();
  expect(body).toMatchObject({ email: TEAM_EMAIL, website: '' });
  expect(body.proof.solution.derivedKey).toMatch(/^[0-9a-f]{64}$/);
  await expectNoAxeViolations(page);

  const mail = await claimSignInMail(before);
  firstLink = linkIn(mail);
  mailHtml = String(mail.html);
  expect(firstLink.startsWith(`${new URL(page.url()).origin}/team/auth?token=`)).toBe(true);

  // Opening the link signs nobody in: the button does.
  await open(page, firstLink);
  await expect(page).toHaveTitle('Sign in – Care Audit team');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(TEAM_EMAIL);

  // The lead, found by its address.
  await page.getByLabel('Search by address').fill(address);
  await page.getByRole('button', { name: 'Show leads' }).click();
  await expect(page).toHaveURL(/\/team\?q=/);
  const row = page.getByRole('row').filter({ hasText: address });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('60%');
  await expect(row).toContainText('New');
  await expect(row).toContainText('Yes');
  await expect(page.getByText('1–1 of 1 leads')).toBeVisible();
  await expectNoAxeViolations(page);

  await row.getByRole('link', { name: address }).click();
  await expect(page).toHaveURL(/\/team\/leads\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: address })).toBeFocused();
  await expect(page).toHaveTitle(`${address} – Care Audit team`);
  const main = page.getByRole('main');
  await expect(main).toContainText('Three homes in Solihull');
  await expect(main).toContainText('The team may contact me about a free consultation');
  await expect(page.locator('.answers li')).toHaveCount(25);
  await expect(page.getByRole('heading', { level: 3 })).toHaveText([
    // In the follow-up card: how fast the team first answered (issue 35).
    'First contact',
    'Operational Efficiency',
    'Compliance & Regulations',
    'Service Quality',
    'Staff Training & Support',
    'Data Management',
  ]);
  // Its messages: the results to the visitor, the lead to the team (LEADS_TO) and, unless a member
  // has chosen otherwise meanwhile (team-leads.spec.ts tries the choices), an alert to each of the
  // two members.
  const messages = page.getByRole('table', { name: 'Messages about this lead' }).getByRole('row');
  await expect(messages.filter({ hasText: 'Results e-mail to the visitor' })).toHaveCount(1);
  await expect(messages.filter({ hasText: 'Lead e-mail to the team' })).toHaveCount(1);
  const messageCount = (await messages.count()) - 1;
  expect(messageCount).toBeGreaterThanOrEqual(2);
  expect(messageCount).toBeLessThanOrEqual(4);
  await expectNoAxeViolations(page);

  // Contacted, with a note.
  await page.getByLabel('Status').selectOption('contacted');
  await page.getByRole('button', { name: 'Save status' }).click();
  await expect(page.getByRole('status')).toHaveText('Follow-up status saved: Contacted.');
  await expect(page.locator('.page-head__meta')).toContainText('Contacted');
  await page.getByLabel('Add a note').fill('Called: wants a demo on Friday.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('status')).toHaveText('Note added.');
  await expect(page.locator('.notes')).toContainText('Called: wants a demo on Friday.');
  await expect(page.locator('.notes')).toContainText(TEAM_EMAIL);
  await expect(page.getByLabel('Add a note')).toHaveValue('');

  // The CSV, as the CLI writes it, with the lead's new status.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^care-audit-leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) as string, 'utf8');
  // Excel reads it as UTF-8 only with the byte order mark first.
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const [header, ...lines] = csv.slice(1).trim().split(/\r?\n/);
  expect(header.startsWith('Request ID,Lead ID,Received (UK time),Email,Note,Consent to contact')).toBe(true);
  const line = lines.find((l) => l.includes(address));
  expect(line).toBeDefined();
  // (The note has no comma, so no cell of this line is quoted.)
  const cells = (line as string).split(',');
  const cell = (name: string) => cells[header.split(',').indexOf(name)];
  expect(cell('Consent to contact')).toBe('Yes');
  expect(cell('Status')).toBe('Contacted');
  expect(cell('Received (UK time)')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

  // Erase, behind a confirmation that Escape cancels.
  const erase = page.getByRole('button', { name: 'Erase everything about this address' });
  await erase.click();
  const dialog = page.getByRole('dialog', { name: 'Erase everything about this address?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(erase).toBeFocused();
  await erase.click();
  await dialog.getByRole('button', { name: 'Erase everything' }).click();
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByRole('status')).toHaveText(
    `Everything about ${address} was erased: 1 request and ${messageCount} messages.`,
  );
  await expectNoAxeViolations(page);
  await page.getByLabel('Search by address').fill(address);
  await page.getByRole('button', { name: 'Show leads' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'No leads match' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Who did what: this session's work is on record.
  await page.getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeFocused();
  await expect(page.getByRole('table', { name: 'Team activity, newest first' })).toContainText(TEAM_EMAIL);
  await expectNoAxeViolations(page);

  for (const [link, heading] of [
    ['Overview', 'Overview'],
    ['Failed deliveries', 'Failed deliveries'],
  ] as const) {
    await page.getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeFocused();
    await expect(page).toHaveTitle(`${heading} – Care Audit team`);
    await expect(page.locator('.loading')).toHaveCount(0);
    await expectNoAxeViolations(page);
  }
  await open(page, '/team/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Each overview chart is a picture beside a table with its numbers.
  await page.getByRole('link', { name: 'Overview', exact: true }).click();
  // (e2e/team-overview.spec.ts reads the overview itself: the funnel, the comparison, the leads.)
  const figures = page.getByRole('figure');
  await expect(figures).toHaveCount(7);
  for (const figure of await figures.all()) {
    await expect(figure.getByRole('table')).toHaveCount(1);
    await expect(figure.locator('svg[aria-hidden="true"]').first()).toBeAttached();
  }
  // A row for each day with activity; the quiet days in one sentence.
  await expect(
    page.getByText(/^(No activity on the other \d+ days?|Activity on every one of the 30 days)\.$/),
  ).toBeVisible();

  // Signed out, the workspace is closed again, and the spent link stays spent.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/team\/sign-in$/);
  await expect(page.getByRole('status')).toHaveText('You have signed out.');
  await open(page, '/team/overview');
  await expect(page).toHaveURL(/\/team\/sign-in$/);
  await open(page, firstLink);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'This link has been used' })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
    'href',
    '/team/sign-in',
  );
  await expectNoAxeViolations(page);
});

test('pages without a session: not set up, and a broken link', async ({ page, consoleErrors }) => {
  consoleErrors.allow(EXPECTED_API_ERRORS);
  // The server's own answer with TEAM_EMAILS unset is tested in its route tests; here the page's
  // reading of it, from the same endpoint with that answer.
  await page.route('**/api/team/setup', (route) => route.fulfill({ json: { signInEnabled: false } }));
  await open(page, '/team/sign-in');
  await expect(page.getByText('The workspace is not set up yet.')).toBeVisible();
  await expect(page.getByRole('main')).toContainText('TEAM_EMAILS');
  await expect(page.getByLabel('Work e-mail address')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.unroute('**/api/team/setup');

  await open(page, '/team/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
  await expectNoAxeViolations(page);
  await open(page, '/team/auth?token=not-a-real-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeFocused();
  await expectNoAxeViolations(page);
});

// Pictures of the workspace at a phone's, a tablet's and a desktop's width, for a person to look at
// (test-results/screenshots/team-*), each checked for sideways scrolling and, on the lists, for a
// column cut off; the lists are measured at the width where their rows stop being cards too.
test('pictures of the sign-in page, the e-mail, the leads, a lead, the alerts, the activity and the overview', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  consoleErrors.allow(EXPECTED_API_ERRORS);
  const address = `a.very-long-address.for-the-registered-manager-${Date.now()}@sunnyside-care-homes.test`;
  await makeLead(page, address, {
    note: 'We run three homes in Solihull.\nPlease call after 2pm.',
    landing: '/audit-tool?utm_source=care-managers-newsletter&utm_medium=email&utm_campaign=winter-readiness',
    contact: {
      name: 'Dr Margaret Okonkwo-Fairweather',
      organisation: 'Sunnyside Residential and Nursing Care Homes Partnership',
      role: 'Registered manager',
      phone: '+44 (0)121 496 0000',
    },
    profile: { serviceType: 'Supported living', size: '100 or more' },
  });
  const shot = async (name: string, width: number, { reflows = true } = {}) => {
    if (reflows) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    }
    await page.screenshot({ path: `test-results/screenshots/team-${width}-${name}.png`, fullPage: true });
  };

  await open(page, '/team/sign-in');
  const before = await teamMailFiles();
  await askForLink(page);
  await open(page, linkIn(await claimSignInMail(before)));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  const leadHref = await page.getByRole('link', { name: address }).getAttribute('href');

  // The lead owned and overdue, so its row fills every column.
  await open(page, leadHref as string);
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByRole('status')).toHaveText(`Owner saved: you (${TEAM_EMAIL}).`);
  await page.getByLabel('Next follow-up').fill('2026-01-05');
  await page.getByRole('button', { name: 'Save date' }).click();
  await expect(page.getByRole('status')).toHaveText('Next follow-up saved: Mon, 5 Jan 2026.');

  // Nothing fails to send here (the SMTP listener takes everything), so the failed deliveries are
  // the server's answer as it would be after a week of trouble: one of each kind, long errors.
  const leadId = decodeURIComponent((leadHref as string).split('/').at(-1) as string);
  const failedAt = '2026-11-20T09:15:00.000Z';
  const failed = (kind: string, recipient: string, lastError: string, requestId: string | null = leadId) => ({
    id: `${kind}-1`,
    requestId,
    kind,
    recipient,
    attempts: 8,
    lastError,
    createdAt: failedAt,
  });
  await page.route('**/api/team/failed', (route) =>
    route.fulfill({
      json: {
        messages: [
          failed('visitor', address, '550 5.1.1 The email account that you tried to reach does not exist.'),
          failed('webhook', 'hooks.zapier.com', 'The receiver answered 503 Service Unavailable after 10 s.'),
          failed('lead_alert', TEAM_EMAIL, 'Connection timed out while talking to the relay (ETIMEDOUT).'),
          failed('lead_digest', TEAM_EMAIL, '452 4.2.2 Mailbox full', null),
          failed('sign_in', TEAM_EMAIL, '421 Try again later', null),
        ],
      },
    }),
  );
  const lists = [
    ['leads', '/team'],
    ['activity', '/team/activity'],
    ['failed', '/team/failed'],
  ] as const;
  for (const width of [390, 768, 1199, 1200, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : width < 1000 ? 1024 : 800 });
    const pictured = [390, 768, 1280].includes(width);
    for (const [name, url] of lists) {
      await open(page, url);
      await expect(page.locator('.loading')).toHaveCount(0);
      await expect(page.locator('.data-table tbody tr').first()).toBeVisible();
      await expectNoColumnCutOff(page, '.data-table');
      // Below 1200 px a row is a card with each column's name beside its value; from 1200, a table.
      const head = page.locator('.data-table thead').first();
      if ((await head.count()) > 0)
        await expect(head).toHaveCSS('position', width < 1200 ? 'absolute' : 'static');
      if (pictured) await shot(name, width);
      else {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
      }
    }
    if (!pictured) continue;
    await open(page, '/team/sign-in');
    await expect(page.getByLabel('Work e-mail address')).toBeVisible();
    await shot('sign-in', width);
    // The e-mail's HTML part as a mail program shows it (its own layout decides how it reflows).
    await page.goto('about:blank');
    await page.setContent(mailHtml);
    await shot('sign-in-email', width, { reflows: false });
    await open(page, leadHref as string);
    await expect(page.getByRole('heading', { level: 1, name: address })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('listitem').first()).toBeVisible();
    await expectNoColumnCutOff(page, '.data-table');
    await shot('lead', width);
    await open(page, '/team/alerts');
    await expect(page.getByRole('radio', { name: 'An e-mail for each new lead' })).toBeVisible();
    await shot('alerts', width);
    await open(page, '/team/overview');
    await expect(page.getByRole('figure').first()).toBeVisible();
    await shot('overview', width);
  }
});
