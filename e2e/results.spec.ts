import { readFile } from 'node:fs/promises';
import { pdfText } from '../test/support/pdf/pdf-text';
import { pdfinfo } from '../test/support/pdf/pdfinfo';
import { AREA_TITLES, STEPPED_ANSWERS, completeAudit, expect, expectNoAxeViolations, test } from './fixtures';

const EXPECTED = [
  ['Operational Efficiency', '100', 'Excellent'],
  ['Compliance & Regulations', '80', 'Excellent'],
  ['Service Quality', '60', 'Good'],
  ['Staff Training & Support', '40', 'Fair'],
  ['Data Management', '20', 'Needs Improvement'],
] as const;

test.describe('results', () => {
  test('shows the overall score and a card per area from the answers', async ({ page }) => {
    await completeAudit(page, STEPPED_ANSWERS);
    await expect(page).toHaveTitle(/Your audit results/);
    await expect(page.getByText('Comprehensive analysis of your care management operations')).toBeVisible();
    const overall = page.getByRole('region', { name: 'Overall Score' });
    await expect(overall).toContainText('60%');
    await expect(overall).toContainText('Good');
    for (const [title, score, rating] of EXPECTED) {
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 3, name: title }) });
      await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', score);
      await expect(card).toContainText(`${score}%`);
      await expect(card).toContainText(rating);
      await expect(card.getByRole('heading', { name: 'AI Recommendations' })).toBeVisible();
      await expect(card.getByRole('list').getByRole('listitem')).toHaveCount(3);
    }
    await expectNoAxeViolations(page);
  });

  test('a reload keeps the results', async ({ page }) => {
    await completeAudit(page, STEPPED_ANSWERS);
    await page.reload();
    await expect(page.getByRole('progressbar', { name: 'Overall score' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
    await expect(page.getByRole('progressbar', { name: 'Data Management score' })).toHaveAttribute(
      'aria-valuenow',
      '20',
    );
  });

  test('with no navigation state every score is 0', async ({ page }) => {
    await page.goto('/audit-results');
    await expect(page.getByRole('progressbar', { name: 'Overall score' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    for (const title of AREA_TITLES) {
      await expect(page.getByRole('progressbar', { name: `${title} score` })).toHaveAttribute(
        'aria-valuenow',
        '0',
      );
    }
    await expect(page.getByRole('region', { name: 'Overall Score' })).toContainText('Needs Improvement');
    await expectNoAxeViolations(page);
  });

  test('with no audit taken in this tab, a notice above the empty scores leads to the audit', async ({
    page,
  }) => {
    await page.goto('/audit-results');
    const notice = page.getByRole('note');
    await expect(notice).toContainText('No audit has been taken in this tab yet.');
    const noticeBox = (await notice.boundingBox())!;
    const overallBox = (await page.getByRole('region', { name: 'Overall Score' }).boundingBox())!;
    expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(overallBox.y);
    await expectNoAxeViolations(page);
    await notice.getByRole('link', { name: 'Start the audit' }).click();
    await expect(page).toHaveURL(/\/audit-tool$/);
    await expect(page.getByRole('heading', { level: 1, name: 'AI Care Management Audit' })).toBeFocused();
  });

  test('real results show no "no audit" notice, after a reload too', async ({ page }) => {
    await completeAudit(page, STEPPED_ANSWERS);
    await expect(page.getByRole('progressbar', { name: 'Overall score' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
    await expect(page.getByRole('note')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('progressbar', { name: 'Overall score' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
    await expect(page.getByRole('note')).toHaveCount(0);
  });

  test('whether the notice shows is settled before the first paint: nothing moves when the app starts', async ({
    browser,
    page,
    request,
  }) => {
    // Without script the notice shows (there are no answers to read).
    const html = await (await request.get('/audit-results')).text();
    expect(html).toContain('No audit has been taken in this tab yet.');
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const noScriptPage = await noScript.newPage();
    await noScriptPage.goto('/audit-results');
    await expect(noScriptPage.locator('.no-audit')).toBeVisible();
    await noScript.close();

    // With no answers it is painted at once, so the app starting moves nothing on the page.
    await page.goto('/audit-results');
    await expect(page.locator('.no-audit')).toBeVisible();
    const layoutShift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 300);
        }),
    );
    expect(layoutShift).toBe(0);

    // Reloading real results: hidden from the first paint, while the app's script is still held back.
    await completeAudit(page, STEPPED_ANSWERS);
    let release!: () => void;
    const scriptHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await scriptHeld;
      await route.continue();
    });
    await page.evaluate(() => window.location.reload());
    await page.waitForFunction(
      () => document.readyState !== 'loading' && document.documentElement.hasAttribute('data-app-starting'),
    );
    await expect(page.locator('.no-audit')).toBeHidden();
    release();
    await page.waitForFunction(() => !document.documentElement.hasAttribute('data-app-starting'));
    await expect(page.getByRole('note')).toHaveCount(0);
  });

  test('"Retake Audit" starts a blank audit', async ({ page }) => {
    await completeAudit(page, STEPPED_ANSWERS);
    await page.getByRole('button', { name: 'Retake Audit' }).first().click();
    await expect(page).toHaveURL(/\/audit-tool$/);
    await expect(page.getByRole('heading', { level: 2, name: /Section 1 of 5/ })).toBeVisible();
    await expect(page.getByText('0 of 5 questions answered')).toBeVisible();
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  });

  test('"Back to Home" returns to the home page', async ({ page }) => {
    await completeAudit(page, STEPPED_ANSWERS);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test('"Email Results" carries the answers to the e-mail screen and back', async ({ page }) => {
    await completeAudit(page, STEPPED_ANSWERS);
    await page.getByRole('link', { name: 'Email Results' }).first().click();
    await expect(page).toHaveURL(/\/email-results$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Email Your Audit Results' })).toBeFocused();
    await expect(page.getByRole('main')).toContainText('Your overall score is 60%');
    await page.getByRole('link', { name: 'Back to Results' }).click();
    await expect(page).toHaveURL(/\/audit-results$/);
    await expect(page.getByRole('progressbar', { name: 'Overall score' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
  });

  test('"Download Full Report" saves the PDF report', async ({ page }) => {
    await completeAudit(page, STEPPED_ANSWERS);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Full Report' }).first().click(),
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect(download.suggestedFilename()).toBe(`care-management-audit-report-${today}.pdf`);
    const saved = await readFile((await download.path()) as string);
    const text = await pdfText(saved);
    expect(text).toContain('AI Care Management Audit Report');
    expect(text).toContain('Overall Score: 60%');
    expect(text).toContain('Assessment: Good');
    expect(text).toContain('Area Assessments:');
    for (const [title, score, rating] of EXPECTED) expect(text).toContain(`${title}: ${score}% (${rating})`);
    expect(text).toContain('This report was generated by AI Care Management Audit Tool');
    // The file saved is the tagged document (a screen reader gets its structure), as the e-mail's is.
    const info = await pdfinfo(saved);
    expect(info.Tagged).toBe('yes');
    expect(info.Title).toBe('AI Care Management Audit Report');
  });
});
