import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { AREA_IDS, type Benchmark } from '../src/core';
import { completeAudit, expect, test } from './fixtures';
import { messagesTo } from './mail';

// A provider counts once in the comparison (decision 0062), in Chromium against the real server:
// an audit, "Retake Audit" from its results, then "Retake with these answers" from the e-mailed
// results link of that retake. Each retake's anonymous audit names the one before it, and the
// number of providers compared with does not grow. A segment no other spec uses keeps the count
// this spec's own.

const SEGMENT = 'other:100_plus';
const CHOICE = { serviceType: 'Other', size: '100 or more' } as const;
const RESULTS_LINK = /https?:\/\/[^\s"<>]+\/results\/[A-Za-z0-9_-]{43}/;
const SECTIONS = [
  [4, 4, 4, 4, 4],
  [3, 3, 3, 3, 3],
  [2, 2, 2, 2, 2],
  [4, 3, 4, 3, 4],
  [5, 5, 5, 5, 5],
] as const;

/** How many providers the segment's comparison is made from, asked past any cache. */
async function providers(request: APIRequestContext): Promise<number> {
  const benchmark = (await (
    await request.get(`/api/benchmark?segment=${SEGMENT}`, { headers: { 'cache-control': 'no-cache' } })
  ).json()) as Benchmark;
  return benchmark.status === 'available' ? benchmark.responses : 0;
}

test('a retake replaces the audit it retakes, on the results page and from the results link', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Ten other providers in the segment, so that the comparison shows.
  for (let i = 0; i < 10; i++) {
    const seeded = await request.post('/api/audits', {
      data: {
        idempotencyKey: randomUUID(),
        profile: { serviceType: 'other', size: '100_plus' },
        responses: Object.fromEntries(AREA_IDS.map((id) => [id, { 0: 3, 1: 3, 2: 3, 3: 3, 4: 3 }])),
      },
    });
    expect(seeded.status()).toBe(202);
  }
  const before = await providers(request);
  expect(before).toBeGreaterThanOrEqual(10);

  const sent: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/audits') {
      sent.push(r.postDataJSON() as Record<string, unknown>);
    }
  });

  // The first audit: one provider more.
  await completeAudit(page, SECTIONS, CHOICE);
  await expect.poll(() => providers(request)).toBe(before + 1);
  const first = String(sent[0]?.idempotencyKey);
  expect(sent[0]).not.toHaveProperty('retakes');

  // "Retake Audit": a blank audit that names the first, and replaces it.
  await page.getByRole('button', { name: 'Retake Audit' }).first().click();
  await completeAudit(page, SECTIONS, CHOICE);
  const retake = sent.find((body) => body.retakes === first);
  expect(retake, 'the retake names the audit it retakes').toBeTruthy();
  const second = String(retake?.idempotencyKey);
  expect(second).not.toBe(first);
  await expect.poll(() => providers(request)).toBe(before + 1);

  // Its results by e-mail; the link, opened, retakes them with the same answers.
  const address = `retakes-${Date.now()}@care-home.test`;
  await page.getByRole('link', { name: 'Email Results' }).first().click();
  await page.getByLabel('Email Address *').fill(address);
  await page.getByRole('button', { name: 'Send Results to Email' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Email Sent Successfully!' })).toBeVisible();
  const [mail] = await messagesTo(address);
  const link = (mail?.text ?? '').match(RESULTS_LINK)?.[0];
  expect(link, 'a results link in the e-mail').toBeTruthy();

  await page.goto(link!);
  await page.getByRole('button', { name: 'Retake with these answers' }).first().click();
  await expect(page).toHaveURL(/\/audit-tool$/);
  for (let section = 0; section < 5; section++) {
    await page.getByRole('button', { name: section < 4 ? 'Next Section' : 'Complete Audit' }).click();
  }
  await expect(page).toHaveURL(/\/audit-results$/);
  await expect.poll(() => sent.some((body) => body.retakes === second)).toBe(true);
  // Still one provider: the chain counts once, by its latest audit.
  await expect.poll(() => providers(request)).toBe(before + 1);
});
