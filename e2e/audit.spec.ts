import type { Request } from '@playwright/test';
import {
  AREA_TITLES,
  STEPPED_ANSWERS,
  completeAudit,
  expect,
  expectNoAxeViolations,
  rateSection,
  test,
} from './fixtures';

test.describe('audit tool', () => {
  test('walks the five sections with gating, counter, progress and Previous', async ({ page }) => {
    await page.goto('/audit-tool');
    await expect(page).toHaveTitle(/Take the audit/);
    const next = page.getByRole('button', { name: 'Next Section' });
    const previous = page.getByRole('button', { name: 'Previous' });
    const progress = page.getByRole('progressbar', { name: 'Audit progress' });

    await expect(
      page.getByRole('heading', { level: 2, name: /Section 1 of 5\s*Operational Efficiency/ }),
    ).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuenow', '20');
    await expect(page.getByText('20% complete')).toBeVisible();
    await expect(page.getByText('0 of 5 questions answered')).toBeVisible();
    await expect(previous).toBeDisabled();
    await expect(next).toBeDisabled();
    await expectNoAxeViolations(page);

    const groups = page.getByRole('radiogroup');
    await groups.nth(0).getByRole('radio', { name: '4', exact: true }).check();
    await expect(page.getByText('1 of 5 questions answered')).toBeVisible();
    // Changing an answer overwrites it rather than counting twice.
    await groups.nth(0).getByRole('radio', { name: '2', exact: true }).check();
    await expect(groups.nth(0).getByRole('radio', { name: '2', exact: true })).toBeChecked();
    await expect(groups.nth(0).getByRole('radio', { name: '4', exact: true })).not.toBeChecked();
    await expect(page.getByText('1 of 5 questions answered')).toBeVisible();
    await expect(next).toBeDisabled();

    await rateSection(page, [3, 3, 3, 3, 3]);
    await expect(page.getByText('5 of 5 questions answered')).toBeVisible();
    await expect(next).toBeEnabled();
    await expectNoAxeViolations(page);
    await next.click();

    await expect(
      page.getByRole('heading', { level: 2, name: /Section 2 of 5\s*Compliance & Regulations/ }),
    ).toBeFocused();
    await expect(progress).toHaveAttribute('aria-valuenow', '40');
    await expect(previous).toBeEnabled();
    await previous.click();
    await expect(page.getByRole('heading', { level: 2, name: /Section 1 of 5/ })).toBeFocused();
    // Answers persist across sections.
    await expect(groups.nth(4).getByRole('radio', { name: '3', exact: true })).toBeChecked();
    await next.click();

    for (let section = 2; section <= 5; section++) {
      await expect(
        page.getByRole('heading', {
          level: 2,
          name: new RegExp(`Section ${section} of 5\\s*${escape(AREA_TITLES[section - 1])}`),
        }),
      ).toBeVisible();
      await expect(progress).toHaveAttribute('aria-valuenow', String(section * 20));
      await rateSection(page, [4, 4, 4, 4, 4]);
      if (section < 5) await next.click();
    }
    await expect(page.getByText('100% complete')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next Section' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Complete Audit' }).click();
    // Straight to the results: no step between.
    await expect(page).toHaveURL(/\/audit-results$/);
    // Section 1 all 3s (60), the others all 4s (80): (60 + 4 × 80) / 5 = 76.
    await expect(page.getByRole('progressbar', { name: 'Overall score' })).toHaveAttribute(
      'aria-valuenow',
      '76',
    );
  });

  test("the browser's Back and Forward move between sections, and a reload keeps the section", async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Claim Your Free AI Health Check' }).click();
    await expect(page).toHaveURL(/\/audit-tool$/);
    for (let section = 1; section <= 3; section++) {
      await expect(
        page.getByRole('heading', { level: 2, name: new RegExp(`Section ${section} of 5`) }),
      ).toBeVisible();
      await rateSection(page, [3, 3, 3, 3, 3]);
      if (section < 3) await page.getByRole('button', { name: 'Next Section' }).click();
    }
    const heading = (n: number) =>
      page.getByRole('heading', { level: 2, name: new RegExp(`Section ${n} of 5`) });
    await page.goBack();
    await expect(heading(2)).toBeFocused();
    await expect(page).toHaveURL(/\/audit-tool$/);
    await expect(page.getByText('5 of 5 questions answered')).toBeVisible();
    await page.goBack();
    await expect(heading(1)).toBeVisible();
    await page.goForward();
    await expect(heading(2)).toBeFocused();
    await page.reload();
    await expect(heading(2)).toBeVisible();
    await page.goForward();
    await expect(heading(3)).toBeVisible();
    // Back from the first section leaves the audit for the page before it.
    await page.goBack();
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
  });

  test('results reached by "Complete Audit" are left by Back for the last section', async ({ page }) => {
    await completeAudit(page, [
      [4, 4, 4, 4, 4],
      [4, 4, 4, 4, 4],
      [4, 4, 4, 4, 4],
      [4, 4, 4, 4, 4],
      [4, 4, 4, 4, 4],
    ]);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 2, name: /Section 5 of 5/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Complete Audit' })).toBeEnabled();
    await page.goForward();
    await expect(page.getByRole('progressbar', { name: 'Overall score' })).toHaveAttribute(
      'aria-valuenow',
      '80',
    );
  });

  test('answers survive a reload in the same tab', async ({ page }) => {
    await page.goto('/audit-tool');
    await rateSection(page, [5, 4, 3, 2, 1]);
    await page.getByRole('button', { name: 'Next Section' }).click();
    await page.getByRole('radiogroup').nth(1).getByRole('radio', { name: '4', exact: true }).check();
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: /Section 2 of 5/ })).toBeVisible();
    await expect(page.getByText('1 of 5 questions answered')).toBeVisible();
    await expect(
      page.getByRole('radiogroup').nth(1).getByRole('radio', { name: '4', exact: true }),
    ).toBeChecked();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(
      page.getByRole('radiogroup').nth(0).getByRole('radio', { name: '5 Excellent', exact: true }),
    ).toBeChecked();
  });

  test('can be completed with the keyboard alone', async ({ page }) => {
    let completed: Promise<Request> = new Promise(() => undefined);
    await page.goto('/audit-tool');
    // Start on the section heading so Tab order is the questions.
    await page.getByRole('heading', { level: 2, name: /Section 1 of 5/ }).focus();
    for (let section = 1; section <= 5; section++) {
      for (let question = 0; question < 5; question++) {
        await page.keyboard.press('Tab'); // onto the group's first radio
        await page.keyboard.press('ArrowRight'); // checks 2
        await page.keyboard.press('ArrowRight'); // checks 3
      }
      await expect(page.getByText('5 of 5 questions answered')).toBeVisible();
      // The main action comes straight after the last question, before Previous.
      await page.keyboard.press('Tab');
      await expect(
        page.getByRole('button', { name: section < 5 ? 'Next Section' : 'Complete Audit' }),
      ).toBeFocused();
      if (section === 5) completed = page.waitForRequest((r) => r.url().endsWith('/api/audits'));
      await page.keyboard.press('Enter');
      if (section < 5)
        await expect(
          page.getByRole('heading', { level: 2, name: new RegExp(`Section ${section + 1} of 5`) }),
        ).toBeFocused();
    }
    // "Complete Audit" went straight to the results and sent the audit, with no profile.
    await expect(page).toHaveURL(/\/audit-results$/);
    expect((await completed).postDataJSON()).not.toHaveProperty('profile');
    await expect(page.getByRole('progressbar', { name: 'Overall score' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Your AI Audit Results' })).toBeFocused();
  });

  test('each radio group is labelled by its statement and options start with their digit', async ({
    page,
  }) => {
    await page.goto('/audit-tool');
    const group = page.getByRole('radiogroup').first();
    await expect(group).toHaveAccessibleName(/day-to-day care workflows/);
    const names = await group
      .getByRole('radio')
      .evaluateAll((radios) =>
        radios.map((r) => (r as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? ''),
      );
    expect(names.map((n) => n[0])).toEqual(['1', '2', '3', '4', '5']);
  });

  test('the stepped audit gives the expected results', async ({ page }) => {
    await completeAudit(page, STEPPED_ANSWERS);
    await expect(page.getByRole('progressbar', { name: 'Overall score' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
  });
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
