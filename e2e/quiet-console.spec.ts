import type { Page } from '@playwright/test';
import {
  STEPPED_ANSWERS,
  completeAudit,
  expect,
  expectNoAxeViolations,
  pictureAtWidths,
  rateSection,
  test,
} from './fixtures';
import { changeTeamAudit, emailResults, rated, saveForLater } from './stored-results';
import { leadIdOf, open, SECOND_MEMBER_EMAIL, signIn } from './team-session';

// Every page of the site and of the team workspace in its normal states, signed out and signed in,
// with nothing allowed in the console (issue 36): the fixture fails a test on any console error,
// which is how Chromium reports a request answered 4xx or 5xx, and this spec also names each such
// answer by its address. Only the 404 page logs an error, as the spec asks, and it is not visited
// here (not-found.spec.ts allows its one line). Other specs allow the API's 4xx where they test a
// refusal; none is allowed here. Each page is scanned by axe on the way, the ARIA rules with it.

/** Every answer of 400 or more the page meets, to name in the failure beside the console's line. */
function failedAnswers(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return failed;
}

const newAddress = (kind: string) =>
  `quiet-${kind}-${Date.now()}-${Math.random().toString(36).slice(2)}@care-home.test`;

test.describe('the console stays quiet', () => {
  test('on every page of the site, from the home page to a stored result', async ({ page }) => {
    test.setTimeout(120_000);
    const failed = failedAnswers(page);
    for (const [path, heading] of [
      ['/', /See where AI can transform/],
      ['/privacy', 'Privacy notice'],
      ['/accessibility', 'Accessibility statement'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoAxeViolations(page);
    }

    // The audit section by section, its results and the e-mail sent.
    await completeAudit(page, STEPPED_ANSWERS);
    await page.getByRole('link', { name: 'Email Results' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Email Your Audit Results' })).toBeVisible();
    await page.getByLabel('Email Address *').fill(newAddress('form'));
    await page.getByRole('button', { name: 'Send Results to Email' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Email Sent Successfully!' })).toBeVisible();

    // A stored result, a retake of it with its progress, its team audit's join link, a saved audit.
    const first = await emailResults(page.request, newAddress('first'), rated([1, 2, 3, 4, 5]));
    const second = await emailResults(page.request, newAddress('retake'), rated([3, 3, 3, 3, 3]), {
      retakeOf: first.token,
    });
    await page.goto(first.link);
    await expect(page.getByRole('region', { name: 'Your action plan' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(second.link);
    await expect(page.getByRole('region', { name: 'Your progress' })).toBeVisible();
    await expectNoAxeViolations(page);
    const { teamAudit } = await changeTeamAudit(page.request, second.token, 'open');
    await page.goto(teamAudit!.joinLink);
    await rateSection(page, [5, 4, 3, 2, 1]);
    await expectNoAxeViolations(page);
    const saved = await saveForLater(page.request, newAddress('saved'), { operational: { 0: 3 } }, 0);
    await page.goto(saved.link);
    await expect(page.getByText('Section 1 of 5', { exact: true }).first()).toBeVisible();
    await expectNoAxeViolations(page);

    expect(failed, 'answers of 400 or more').toEqual([]);
  });

  test('on every page of the team workspace, signed out and signed in', async ({ page }) => {
    test.setTimeout(120_000);
    const failed = failedAnswers(page);
    const address = newAddress('lead');
    await emailResults(page.request, address, rated([2, 2, 2, 2, 2]));

    // Signed out, a workspace page goes to the sign-in page without a refused request.
    for (const path of ['/team', '/team/overview', '/team/leads/00000000-0000-4000-8000-000000000000']) {
      await open(page, path);
      await expect(page).toHaveURL(/\/team\/sign-in$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in', exact: true })).toBeVisible();
    }
    await pictureAtWidths(page, 'team-signed-out-visit', [390, 1280]);

    // The sign-in form, the link's page and the leads it opens on (team-session.ts).
    await signIn(page, SECOND_MEMBER_EMAIL);
    const id = await leadIdOf(page, address);
    for (const [path, heading] of [
      ['/team/overview', 'Overview'],
      ['/team/failed', 'Failed deliveries'],
      ['/team/activity', 'Activity'],
      ['/team/content', 'Audit content'],
      ['/team/alerts', 'Your alerts'],
      [`/team/leads/${encodeURIComponent(id)}`, address],
      ['/team', 'Leads'],
    ] as const) {
      await open(page, path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoAxeViolations(page);
    }

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('You have signed out.')).toBeVisible();
    await open(page, '/team');
    await expect(page).toHaveURL(/\/team\/sign-in$/);

    expect(failed, 'answers of 400 or more').toEqual([]);
  });
});
