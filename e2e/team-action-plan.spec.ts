import { expect, expectNoAxeViolations, test } from './fixtures';
import { messagesTo } from './mail';
import { EXPECTED_API_ERRORS, leadIdOf, makeLead, open, SECOND_MEMBER_EMAIL, signIn } from './team-session';

// The action plan between the care manager and the team, against the real server (scripts/e2e.ts):
// a change sent from the results page by the browser itself passes the Origin check, the same change
// without an Origin is refused, and the team sees on the lead how far the plan has got (counts
// only), at every width.

const RESULTS_LINK = /https?:\/\/[^\s"<>]+\/results\/([A-Za-z0-9_-]{43})/;

test('a plan marked on the results link is counted on the team’s lead, never shown', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  consoleErrors.allow(EXPECTED_API_ERRORS);
  const stamp = `plan${Date.now()}`;
  const address = `${stamp}@care-home.test`;
  await makeLead(page, address);
  const [mail] = await messagesTo(address);
  const [link, token] = RESULTS_LINK.exec(mail?.text ?? '') ?? [];
  expect(token).toBeTruthy();

  // Before anything is marked, the lead says there is no plan yet.
  await signIn(page, SECOND_MEMBER_EMAIL);
  await open(page, `/team?q=${stamp}`);
  const id = await leadIdOf(page, address);
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, `/team/leads/${id}`);
  const scores = page.getByRole('region', { name: 'Scores' });
  await expect(scores).toContainText('No action plan yet');
  await scores.screenshot({ path: 'test-results/screenshots/team-action-plan-none-390.png' });

  // From the results page, the browser's own fetch: it sends this site's Origin, so it is saved.
  await page.goto(link!);
  await expect(page.getByRole('region', { name: 'Your action plan' })).toBeVisible();
  const post = (body: object) =>
    page.evaluate(
      async ([url, json]) => {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: json,
        });
        return { status: res.status, body: await res.json() };
      },
      [`/api/results/${token}/plan`, JSON.stringify(body)] as const,
    );
  expect((await post({ key: 'area:quality', status: 'planned', owner: 'Sam Patel' })).status).toBe(200);
  expect((await post({ key: 'area:data', status: 'in_progress', targetDate: '2021-03-01' })).status).toBe(
    200,
  );
  const done = await post({ key: 'area:training', status: 'done' });
  expect(done.body.plan).toHaveLength(3);
  // The same change from a client that sends no Origin (not a page of this site) is refused.
  const bare = await page.request.post(`/api/results/${token}/plan`, {
    data: { key: 'area:training', status: 'planned' },
  });
  expect(bare.status()).toBe(403);
  expect((await bare.json()).error.code).toBe('forbidden_origin');

  for (const width of [390, 768, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : width < 1000 ? 1024 : 800 });
    await open(page, `/team/leads/${id}`);
    await expect(scores).toContainText(/Action plan: 1 planned, 1 in progress, 1 done · changed /);
    // Counts only: the owner the care manager gave is for them, not the team.
    expect(await page.content()).not.toContain('Sam Patel');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `the lead at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    if (width === 390) await expectNoAxeViolations(page);
    await scores.screenshot({ path: `test-results/screenshots/team-action-plan-${width}.png` });
  }
});
