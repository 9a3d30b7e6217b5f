import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  AREAS,
  buildReport,
  changeParts,
  describeSegment,
  medianText,
  positionFor,
  positionLabel,
  segmentOf,
  type Benchmark,
  type Rating,
  type Responses,
  type ServiceProfile,
} from '../src/core';
import {
  completeAudit,
  expect,
  expectNoAxeViolations,
  rateSection,
  test,
  type ProfileChoice,
} from './fixtures';
import { messagesTo } from './mail';

// The results depend on the answers: what to fix first, each area's advice for its band, the
// comparison with providers like the visitor once enough have taken part, and the change since an
// earlier audit. The expected words come from the core's report model, which the page renders.

type Sections = readonly (readonly Rating[])[];

/** Priorities: operational 1st and 2nd statements, data's 1st. Bands: next steps, sustain, foundations… */
const FIRST: Sections = [
  [1, 2, 4, 4, 4],
  [4, 4, 4, 4, 4],
  [3, 3, 3, 3, 3],
  [5, 5, 5, 5, 5],
  [2, 4, 4, 4, 4],
];
/** Other priorities (quality, then compliance) and other bands in four areas of five. */
const SECOND: Sections = [
  [5, 5, 5, 5, 5],
  [2, 2, 4, 4, 4],
  [1, 3, 3, 3, 3],
  [5, 5, 5, 5, 5],
  [4, 4, 4, 4, 4],
];

function toResponses(sections: Sections): Responses {
  return Object.fromEntries(
    AREAS.map((area, i) => [area.id, Object.fromEntries(sections[i].map((rating, q) => [q, rating]))]),
  ) as Responses;
}

/** "Your priorities" and each area's band advice, as the report model has them for these answers. */
async function expectInsightFor(page: Page, sections: Sections) {
  const report = buildReport(toResponses(sections));
  const priorities = page.getByRole('region', { name: 'Your priorities' });
  await expect(priorities.getByRole('heading', { level: 3 })).toHaveText(
    report.priorities.map((p) => p.label),
  );
  for (const priority of report.priorities) await expect(priorities).toContainText(priority.nextStep);
  for (const area of report.areas) {
    const card = page.getByRole('listitem', { name: area.title, exact: true });
    await expect(card).toContainText(area.advice.heading);
    await expect(card).toContainText(area.advice.text);
  }
  return report;
}

async function seedAudit(request: APIRequestContext, sections: Sections, profile: ServiceProfile) {
  const answer = await request.post('/api/audits', {
    data: { idempotencyKey: randomUUID(), responses: toResponses(sections), profile },
  });
  expect(answer.status()).toBe(202);
}

async function benchmarkFor(request: APIRequestContext, profile: ServiceProfile): Promise<Benchmark> {
  const answer = await request.get(`/api/benchmark?segment=${segmentOf(profile)}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Benchmark;
}

test.describe('insight that depends on the answers', () => {
  test('the results at once, the optional profile beside the comparison, then priorities and advice that change with the answers', async ({
    page,
  }) => {
    await page.goto('/audit-tool');
    // The audit goes to the benchmark on the way to the results: no address, no identifier, no profile yet.
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/audits') && r.method() === 'POST');
    for (const [index, ratings] of FIRST.entries()) {
      await rateSection(page, ratings);
      await page.getByRole('button', { name: index < 4 ? 'Next Section' : 'Complete Audit' }).click();
    }
    await expect(page).toHaveURL(/\/audit-results$/);
    const body = (await sent).postDataJSON();
    expect(Object.keys(body).sort()).toEqual(['idempotencyKey', 'responses']);
    expect(body.responses).toEqual(toResponses(FIRST));
    expect((await (await sent).response())?.status()).toBe(202);

    // Beside the comparison: "Compare with providers like you", optional.
    const form = page.getByRole('form', { name: 'Compare with providers like you' });
    const type = form.getByRole('radiogroup', { name: 'What type of service do you run?' });
    const size = form.getByRole('radiogroup', { name: 'How many people do you support?' });
    await expect(type.getByRole('radio')).toHaveCount(5);
    await expect(size.getByRole('radio')).toHaveCount(3);
    await expectNoAxeViolations(page);
    await type.getByRole('radio', { name: 'Home care' }).check();
    await size.getByRole('radio', { name: 'Under 25' }).check();
    // Given, it updates the same audit (the same key), and the comparison asks for that segment.
    const given = page.waitForRequest((r) => r.url().endsWith('/api/audits') && r.method() === 'POST');
    const compared = page.waitForRequest((r) =>
      r.url().includes('/api/benchmark?segment=home_care%3Aunder_25'),
    );
    await form.getByRole('button', { name: 'Compare' }).click();
    expect((await given).postDataJSON()).toEqual({
      ...body,
      profile: { serviceType: 'home_care', size: 'under_25' },
    });
    expect((await (await given).response())?.status()).toBe(202);
    await compared;
    // "Compare" answers under its button, never silently: what it found, or how many it needs.
    const answer = form.getByRole('status');
    await expect(answer).toHaveText(
      /^(Each area below is now compared with \d+ |Too few .* needs at least \d+ providers?[,.])/,
    );
    await expect(form.getByRole('button', { name: 'Update the comparison' })).toBeFocused();
    await expectNoAxeViolations(page);
    // A reload keeps the profile with the results.
    await page.reload();
    await expect(type.getByRole('radio', { name: 'Home care' })).toBeChecked();
    await expect(size.getByRole('radio', { name: 'Under 25' })).toBeChecked();

    const first = await expectInsightFor(page, FIRST);

    // "Retake Audit" starts blank; other answers give other priorities and other advice.
    await page.getByRole('button', { name: 'Retake Audit' }).first().click();
    await expect(page.getByText('0 of 5 questions answered')).toBeVisible();
    await completeAudit(page, SECOND);
    const second = await expectInsightFor(page, SECOND);
    expect(second.priorities.map((p) => p.label)).not.toEqual(first.priorities.map((p) => p.label));
    const changedAdvice = second.areas.filter((area, i) => area.advice.text !== first.areas[i].advice.text);
    expect(changedAdvice.length).toBeGreaterThanOrEqual(3);
  });

  test('with ten audits from providers like the visitor, each area shows the median and a quarter', async ({
    page,
    request,
  }) => {
    // A segment no other test uses, so the count is this test's own.
    const profile: ServiceProfile = { serviceType: 'supported_living', size: '100_plus' };
    const choice: ProfileChoice = { serviceType: 'Supported living', size: '100 or more' };
    const seed: Sections = AREAS.map(() => [3, 3, 3, 3, 3]); // 60% in every area
    const before = await benchmarkFor(request, profile);
    expect(before.status === 'too_few' || before.basis === 'all').toBe(true);

    for (let i = 0; i < 9; i++) await seedAudit(request, seed, profile);
    const nine = await benchmarkFor(request, profile);
    expect(nine.status === 'available' && nine.basis === 'segment').toBe(false);
    await seedAudit(request, seed, profile);
    const ten = await benchmarkFor(request, profile);
    expect(ten).toMatchObject({ status: 'available', basis: 'segment', responses: 10 });

    await completeAudit(page, FIRST, choice);
    const report = buildReport(toResponses(FIRST));
    // Everyone else scored 60 in each area; this audit may or may not be counted yet (10 or 11).
    // The comparison's words above the areas (Compare's own answer says the same under its button).
    await expect(page.getByText(/^Each area is compared with/)).toContainText(
      new RegExp(`1[01] ${describeSegment(profile)}`),
    );
    await expect(
      page.getByRole('form', { name: 'Compare with providers like you' }).getByRole('status'),
    ).toHaveText(new RegExp(`^Each area below is now compared with 1[01] ${describeSegment(profile)}\\.$`));
    for (const area of report.areas) {
      const card = page.getByRole('listitem', { name: area.title, exact: true });
      const position = positionFor(area.score, { median: 60, lowerQuartile: 60, upperQuartile: 60 });
      await expect(card).toContainText(medianText(60));
      await expect(card).toContainText(positionLabel(position));
    }
    await expectNoAxeViolations(page);
  });

  test('from the e-mail’s results link back to the results, and a retake that shows the change', async ({
    page,
  }) => {
    const address = `insight-${Date.now()}@care-home.test`;
    await completeAudit(page, FIRST, { serviceType: 'Nursing care' });
    await page.getByRole('link', { name: 'Email Results' }).first().click();
    await page.getByLabel('Email Address *').fill(address);
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/email-results'));
    await page.getByRole('button', { name: 'Send Results to Email' }).click();
    expect((await posted).postDataJSON().profile).toEqual({ serviceType: 'nursing' });
    await expect(page.getByRole('heading', { level: 1, name: 'Email Sent Successfully!' })).toBeVisible();

    // The link is in both parts of the message.
    const [mail] = await messagesTo(address);
    const link = /https?:\/\/[^\s"<>]+\/results\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0];
    expect(link, 'a results link in the text part').toBeTruthy();
    expect(mail.text).toContain('View your results online');
    expect(String(mail.html)).toMatch(new RegExp(`<a[^>]+href="${link}"[^>]*>[^<]*View your results online`));

    const opened = await page.goto(link!);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()['x-robots-tag']).toContain('noindex');
    expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
    await expect(page.getByRole('heading', { level: 1, name: 'Your AI Audit Results' })).toBeVisible();
    await expectInsightFor(page, FIRST);
    await expectNoAxeViolations(page);

    // Retake with the same answers, change one (operational's first statement, 1 → 5), and complete.
    await page.getByRole('button', { name: 'Retake with these answers' }).first().click();
    await expect(page).toHaveURL(/\/audit-tool$/);
    await expect(page.getByText('5 of 5 questions answered')).toBeVisible();
    await expect(
      page.getByRole('radiogroup').first().getByRole('radio', { name: '1 Poor', exact: true }),
    ).toBeChecked();
    await page
      .getByRole('radiogroup')
      .first()
      .getByRole('radio', { name: '5 Excellent', exact: true })
      .check();
    for (let section = 1; section < 5; section++) {
      await page.getByRole('button', { name: 'Next Section' }).click();
      await expect(page.getByText('5 of 5 questions answered')).toBeVisible();
    }
    await page.getByRole('button', { name: 'Complete Audit' }).click();
    await expect(page).toHaveURL(/\/audit-results$/);
    // The profile comes back filled in too.
    await expect(page.getByRole('radio', { name: 'Nursing care' })).toBeChecked();

    const retaken = FIRST.map((ratings, i) => (i === 0 ? [5, ...ratings.slice(1)] : ratings)) as Sections;
    const earlier = buildReport(toResponses(FIRST));
    const now = await expectInsightFor(page, retaken);
    for (const [i, area] of now.areas.entries()) {
      const change = area.score - earlier.areas[i].score;
      const card = page.getByRole('listitem', { name: area.title, exact: true });
      // The earlier audit was stored moments ago; its day is left out so midnight cannot break this.
      await expect(card).toContainText(`${changeParts(change, '').amount} since your audit on `);
    }
    // Operational went from 60% to 76%: +16 points; the others did not move.
    expect(now.areas[0].score - earlier.areas[0].score).toBe(16);
    await expectNoAxeViolations(page);
  });
});
