import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { AREA_IDS, type Rating, type Responses } from '../src/core';
import { AREA_TITLES, expect, expectNoAxeViolations, test } from './fixtures';
import { emailResults, rated, solvedProof } from './stored-results';

// "Ask your team" on the private results page against the real server: a result stored through the
// e-mail form's API, the team audit opened on its page, three colleagues' answers posted to the
// join link's API as a colleague's browser sends them (a solved challenge, an empty honeypot, this
// site's Origin), then the team's view after a reload with figures worked out here, and the close.
// Each state is looked at 390 and 1280 px wide: no sideways scroll, axe-clean, a picture each
// (TEAM_SHOTS_DIR, else test-results/screenshots).

const JOIN_LINK = /^https?:\/\/[^/]+\/audit-tool\/join\/([A-Za-z0-9_-]{43})$/;
const SHOTS = process.env.TEAM_SHOTS_DIR ?? 'test-results/screenshots';

/** The manager rates every statement 4: 80% in every area and overall. */
const OWN: Rating[] = [4, 4, 4, 4, 4];
/** Three care workers; each rates every statement of an area alike, so an area's score is its rating × 20. */
const COLLEAGUES: Rating[][] = [
  [1, 2, 3, 4, 5],
  [2, 3, 4, 5, 3],
  [5, 4, 3, 2, 1],
];

/** The median of three or more whole numbers, the mean of the middle two rounded half up when even. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return Math.round(sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2);
}

/** The team's figures for one area (or overall), worked out here from the ratings above. */
function expected(scores: readonly number[]) {
  return { median: median(scores), lowest: Math.min(...scores), highest: Math.max(...scores) };
}

/** One colleague's answer as their browser sends it: a key of its own, a role, every statement. */
async function answer(request: APIRequestContext, origin: string, joinToken: string, responses: Responses) {
  const res = await request.post(`/api/team-audits/${joinToken}/answers`, {
    headers: { origin },
    data: {
      respondentKey: randomBytes(32).toString('base64url'),
      role: 'care-worker',
      responses,
      website: '',
      proof: await solvedProof(request),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  expect(await res.json()).toEqual({ replaced: false });
}

/** Looks at the section at 390 and 1280 px: no sideways scroll, axe-clean, a picture of each. */
async function lookAt(page: Page, section: Locator, state: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await section.scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `the page scrolls sideways at ${width} px (${state})`).toBe(0);
    if (width === 390) await expectNoAxeViolations(page);
    await section.screenshot({ path: `${SHOTS}/${width}-team-${state}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('ask your team on the private results page', () => {
  test('open, pass the link on, three colleagues answer, the team’s view, close', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const origin = new URL(baseURL!).origin;
    const { link } = await emailResults(
      page.request,
      `team-section-${Date.now()}@care-home.test`,
      rated(OWN),
    );
    await page.goto(link);

    const section = page.getByRole('region', { name: 'Ask your team' });
    await expect(section.getByRole('heading', { level: 2 })).toHaveText('Ask your team');
    const ask = section.getByRole('button', { name: 'Ask your team to answer' });
    await expect(ask).toBeVisible();
    await lookAt(page, section, 'none');

    // Open: the link, focused, to copy or send from the manager's own e-mail program.
    await ask.click();
    const field = section.getByLabel('Your team’s link');
    await expect(field).toBeFocused();
    const joinLink = await field.inputValue();
    const joinToken = joinLink.match(JOIN_LINK)?.[1];
    expect(joinToken, `a join link: ${joinLink}`).toBeTruthy();
    await expect(section).toContainText('No colleagues have answered yet. It closes on');
    await expect(section).toContainText('Your team’s view appears here once 3 have answered (3 more)');
    const mailto = (await section.getByRole('link', { name: 'Email the link' }).getAttribute('href')) ?? '';
    expect(mailto.startsWith('mailto:?subject=')).toBe(true);
    expect(decodeURIComponent(mailto)).toContain(joinLink);

    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await section.getByRole('button', { name: 'Copy link' }).click();
    await expect(section.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(joinLink);
    await lookAt(page, section, 'open-0');

    // A reload shows the same link: the open team audit is read again, not a second one opened.
    await page.reload();
    await expect(section.getByLabel('Your team’s link')).toHaveValue(joinLink);

    // Two answers: still nothing combined.
    for (const ratings of COLLEAGUES.slice(0, 2))
      await answer(page.request, origin, joinToken!, rated(ratings));
    await section.getByRole('button', { name: 'Check for new answers' }).click();
    await expect(section).toContainText('Checked just now. 2 colleagues have answered.');
    await expect(section).toContainText('(1 more)');
    await expect(section.getByRole('heading', { name: 'Your team’s view' })).toHaveCount(0);

    // The third: the team's view, after a reload.
    await answer(page.request, origin, joinToken!, rated(COLLEAGUES[2]!));
    await page.reload();
    await expect(section.getByRole('heading', { level: 3, name: 'Your team’s view' })).toBeVisible();
    await expect(section).toContainText('3 colleagues have answered.');

    const areaScores = AREA_IDS.map((_, area) => COLLEAGUES.map((ratings) => ratings[area]! * 20));
    const overallScores = COLLEAGUES.map((ratings) =>
      Math.round(ratings.reduce((sum, rating) => sum + rating * 20, 0) / ratings.length),
    );
    const rows = [
      { title: 'Overall', ...expected(overallScores) },
      ...AREA_TITLES.map((title, area) => ({ title, ...expected(areaScores[area]!) })),
    ];
    // Worked out by hand too, so a slip in the helpers above cannot hide one in the page.
    expect(rows.map((row) => row.median)).toEqual([60, 40, 60, 60, 80, 60]);

    const table = section.getByRole('table', { name: 'Your team’s scores by area, beside yours' });
    await expect(table.getByRole('columnheader')).toHaveText(['Area', 'Team', 'Range', 'You']);
    for (const [index, row] of rows.entries()) {
      const line = table.getByRole('row').nth(index + 1);
      await expect(line.getByRole('rowheader')).toHaveText(row.title);
      await expect(line.getByRole('cell')).toHaveText([
        `${row.median}%`,
        `${row.lowest}% to ${row.highest}%`,
        '80%',
      ]);
      const words = section
        .locator('.team-range')
        .filter({ has: page.getByText(row.title, { exact: true }) });
      await expect(words).toContainText(`Scores ranged from ${row.lowest}% to ${row.highest}%.`);
      await expect(words.locator('svg')).toHaveAttribute('aria-hidden', 'true');
    }

    // Operational Efficiency's statements spread most (rated 1, 2 and 5): the five listed.
    const differing = section.locator('.team-differing > li');
    await expect(differing).toHaveCount(5);
    await expect(differing.first()).toContainText(
      '1 rated it 1 (Poor), 1 rated it 2 and 1 rated it 5 (Excellent). You rated it 4.',
    );
    await expect(differing.first().getByRole('row').nth(1).getByRole('cell')).toHaveText([
      '1',
      '1',
      '0',
      '0',
      '1',
    ]);
    // All three gave their role as care worker: that role is shown apart, with the same figures.
    const role = section.getByRole('table', { name: 'Care worker: 3 respondents' });
    await expect(role.getByRole('row').nth(1).getByRole('cell')).toHaveText([
      `${rows[0]!.median}%`,
      `${rows[0]!.lowest}% to ${rows[0]!.highest}%`,
      '80%',
    ]);
    await lookAt(page, section, 'open-view');

    // Close, after the confirming step, by keyboard.
    await section.getByRole('button', { name: 'Close the team audit' }).focus();
    await page.keyboard.press('Enter');
    await expect(section.getByRole('group', { name: /Close the team audit now\?/ })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(section.getByRole('button', { name: 'Yes, close it' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(section).toContainText(/Your team audit closed on \d{1,2} \w+ \d{4} with 3 respondents\./);
    await expect(section.getByLabel('Your team’s link')).toHaveCount(0);
    await expect(section.getByRole('heading', { level: 3, name: 'Your team’s view' })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Ask your team again' })).toBeVisible();

    // The join link takes no more answers now.
    const late = await page.request.post(`/api/team-audits/${joinToken}/answers`, {
      headers: { origin },
      data: {
        respondentKey: randomBytes(32).toString('base64url'),
        responses: rated(OWN),
        website: '',
        proof: await solvedProof(page.request),
      },
    });
    expect(late.status()).toBe(409);
    await page.reload();
    await expect(section).toContainText('with 3 respondents.');
    // Closed with 3 answers, it is a result of the progress chain after the manager's own.
    await expect(page.getByRole('region', { name: 'Your progress' })).toContainText(
      'Team audit, 3 respondents',
    );
    await lookAt(page, section, 'closed');
  });
});
