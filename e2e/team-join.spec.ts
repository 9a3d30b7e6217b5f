import type { Page } from '@playwright/test';
import { JOIN_PATH, TEAM_AUDIT_MESSAGES } from '../src/shared/team-audit';
import {
  NOT_FOUND_RESOURCE,
  expect,
  expectNoAxeViolations,
  pictureAtWidths,
  rateSection,
  test,
} from './fixtures';
import { changeTeamAudit, emailResults, rated, readTeamAudit } from './stored-results';

/**
 * A colleague's side of a team audit in Chromium against the real server: a manager's stored
 * result (e-mailed through the API, with her organisation) opens a team audit as her results page
 * does; its join link is then answered as a colleague would, with a role, by clicking through the
 * audit's five sections; they see their own results and that their answers joined the team's, and
 * answering again replaces them. A closed team audit's link says so, and so does an unknown one.
 * Each state is axe-clean, and pictured at 390 and 1280 px (test-results/screenshots).
 */

/** A manager's stored result with its team audit open: its results token and the join link. */
async function openedTeamAudit(page: Page, organisation?: string) {
  const address = `manager-${Date.now()}-${Math.random().toString(36).slice(2)}@care-home.test`;
  const contact = organisation ? { consent: true, contact: { organisation } } : {};
  const { token } = await emailResults(page.request, address, rated([3, 3, 3, 3, 3]), contact);
  const { teamAudit } = await changeTeamAudit(page.request, token, 'open');
  expect(teamAudit?.status).toBe('open');
  const joinLink = teamAudit!.joinLink;
  expect(joinLink).toMatch(new RegExp(`${JOIN_PATH}/[A-Za-z0-9_-]{43}$`));
  return { resultsToken: token, joinLink };
}

/** The join page as it stands, pictured at phone and desktop widths. */
const picture = (page: Page, name: string) => pictureAtWidths(page, `team-join-${name}`, [390, 1280]);

const section = (page: Page, n: number) =>
  expect(page.getByRole('heading', { level: 2, name: new RegExp(`^Section ${n} of 5`) })).toBeVisible();

test.describe('a colleague answers a team audit', () => {
  test('with a role: their own results, their answers joined the team’s, and answering again replaces them', async ({
    page,
  }) => {
    // An e-mail with its proof of work, five sections twice, two proofs of work, axe and pictures.
    test.setTimeout(120_000);
    const { resultsToken, joinLink } = await openedTeamAudit(page, 'Sunrise Care');
    // No usage is counted from this page, and the browser's own audit is left alone.
    const events: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/events') events.push(request.url());
    });

    const served = await page.goto(joinLink);
    expect(served?.status()).toBe(200);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await expect(page.getByText('You are answering Sunrise Care’s team audit.')).toBeVisible();
    await expect(page.getByText(/^Your answers are anonymous/)).toContainText(
      'We do not ask for your name or e-mail address.',
    );
    await section(page, 1);
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await picture(page, 'intro');

    // The audit's own flow: Next only once a section is rated, section by section.
    await expect(page.getByRole('button', { name: 'Next Section' })).toBeDisabled();
    for (let n = 1; n <= 4; n++) {
      await section(page, n);
      await rateSection(page, [4, 4, 4, 4, 4]);
      await page.getByRole('button', { name: 'Next Section' }).click();
    }
    await section(page, 5);
    await rateSection(page, [2, 2, 2, 2, 2]);
    const role = page.getByRole('radiogroup', { name: 'Your role (optional)' });
    await expect(role.getByRole('radio', { name: 'Prefer not to say' })).toBeChecked();
    await role.getByRole('radio', { name: 'Senior carer or nurse' }).check();
    await expectNoAxeViolations(page);
    await picture(page, 'section');

    await page.getByRole('button', { name: 'Send my answers' }).click();
    await expect(page.getByText('Thank you: your answers have joined the team’s.')).toBeFocused();
    // Four areas at 80% and one at 40%: 72% overall.
    await expect(page.getByRole('progressbar', { name: 'Overall score' })).toHaveAttribute(
      'aria-valuetext',
      '72%, Good',
    );
    await expect(page.getByRole('progressbar', { name: 'Data Management score' })).toHaveAttribute(
      'aria-valuetext',
      '40%, Fair',
    );
    await expectNoAxeViolations(page);
    await picture(page, 'end');
    expect((await readTeamAudit(page.request, resultsToken)).teamAudit?.respondents).toBe(1);

    // Answering again, from the same browser: the earlier answers are replaced, not added to.
    await page.getByRole('button', { name: 'Change your answers' }).click();
    await section(page, 1);
    await expect(page.getByRole('heading', { level: 2 })).toBeFocused();
    for (let n = 1; n <= 4; n++) await page.getByRole('button', { name: 'Next Section' }).click();
    await rateSection(page, [5, 5, 5, 5, 5]);
    await page.getByRole('button', { name: 'Send my answers' }).click();
    await expect(
      page.getByText('Thank you: your answers have joined the team’s, and replaced your earlier answers.'),
    ).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Data Management score' })).toHaveAttribute(
      'aria-valuetext',
      '100%, Excellent',
    );
    expect((await readTeamAudit(page.request, resultsToken)).teamAudit?.respondents).toBe(1);

    expect(await page.evaluate(() => sessionStorage.getItem('care-audit:audit-in-progress'))).toBeNull();
    expect(events).toEqual([]);
  });

  test('a closed team audit’s link says it has closed', async ({ page }) => {
    const { resultsToken, joinLink } = await openedTeamAudit(page);
    const { teamAudit } = await changeTeamAudit(page.request, resultsToken, 'close');
    expect(teamAudit?.status).toBe('closed');
    const served = await page.goto(joinLink);
    expect(served?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Team audit closed' })).toBeVisible();
    await expect(page.getByText(TEAM_AUDIT_MESSAGES.closed)).toBeVisible();
    await expect(page.getByRole('radiogroup')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await picture(page, 'closed');
  });

  test('a team audit that closes while a colleague answers: the answers stay to read, with why', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(60_000);
    // The browser's own line for the refused answer (409).
    consoleErrors.allow(/status of 409 \(Conflict\)/);
    const { resultsToken, joinLink } = await openedTeamAudit(page);
    await page.goto(joinLink);
    for (let n = 1; n <= 4; n++) {
      await rateSection(page, [3, 3, 3, 3, 3]);
      await page.getByRole('button', { name: 'Next Section' }).click();
    }
    await rateSection(page, [3, 3, 3, 3, 3]);
    await changeTeamAudit(page.request, resultsToken, 'close');
    await page.getByRole('button', { name: 'Send my answers' }).click();
    await expect(page.getByRole('alert')).toHaveText(TEAM_AUDIT_MESSAGES.closed);
    await section(page, 5);
    await expect(page.getByRole('radio', { name: '3', exact: true })).toHaveCount(5);
    for (const radio of await page.getByRole('radio', { name: '3', exact: true }).all()) {
      await expect(radio).toBeChecked();
    }
    await expectNoAxeViolations(page);
  });

  test('a well-formed link to no team audit: HTTP 404, and the page says there is none', async ({
    page,
    consoleErrors,
  }) => {
    // The server answers the join page's own shell with 404, as it does an unknown continue link;
    // the page's look-up answers 404 too, and the page says what that means.
    consoleErrors.allow(NOT_FOUND_RESOURCE);
    const response = await page.goto(`${JOIN_PATH}/${'A'.repeat(43)}`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await expect(page.getByRole('heading', { level: 1, name: 'Team audit not found' })).toBeVisible();
    await expect(page.getByText(TEAM_AUDIT_MESSAGES.notFound)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
