import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { pdfText } from '../src/report/pdf-text';
import { STEPPED_ANSWERS, completeAudit, expect, expectNoAxeViolations, test } from './fixtures';

const mailDir = process.env.E2E_MAIL_DIR as string;

/** The messages the SMTP listener has received for one recipient, waiting for `count` of them. */
async function messagesTo(address: string, count = 1): Promise<ParsedMail[]> {
  let files: string[] = [];
  await expect
    .poll(
      async () => {
        files = (await readdir(mailDir)).filter((f) => f.endsWith(`-${address}.eml`));
        return files.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return Promise.all(files.map(async (f) => simpleParser(await readFile(path.join(mailDir, f)))));
}

test.describe('e-mail results', () => {
  test('from the results screen to a message at the SMTP listener with the PDF report', async ({ page }) => {
    const address = `manager-${Date.now()}@care-home.test`;
    await completeAudit(page, STEPPED_ANSWERS);
    await page.getByRole('link', { name: 'Email Results' }).click();
    await expect(page).toHaveTitle(/Email your results/);
    await expect(page.getByRole('heading', { level: 1, name: 'Email Your Audit Results' })).toBeFocused();
    await expect(page.getByRole('main')).toContainText('60%');
    await expect(page.getByText('Your email will include:')).toBeVisible();
    await expect(
      page.getByText('We respect your privacy. Your email will only be used to send your audit results.'),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    const emailField = page.getByLabel('Email Address *');
    await expect(emailField).toHaveAttribute('type', 'email');
    await expect(emailField).toHaveAttribute('required', '');
    await expect(page.getByLabel('Additional Notes (Optional)')).toHaveAttribute('rows', '4');

    await emailField.fill(address);
    await page
      .getByLabel('Additional Notes (Optional)')
      .fill('We run three homes in Solihull, please call after 2pm.');
    // Hold the reply so the busy state can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('/api/email-results', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send Results to Email' }).click();
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();

    await expect(page.getByRole('heading', { level: 1, name: 'Email Sent Successfully!' })).toBeFocused();
    await expect(page.getByRole('status')).toContainText('Success!');
    await expect(page.getByRole('status')).toContainText('Your audit results have been sent to your email');
    await expect(page.getByRole('main')).toContainText(address);
    await expect(page.getByRole('main')).toContainText(/check your inbox and your spam folder/);
    await expectNoAxeViolations(page);

    const [mail] = await messagesTo(address);
    expect(mail.subject).toContain('60%');
    expect(mail.text).toContain('Operational Efficiency');
    expect(mail.html).toContain('Data Management');
    expect(mail.text).not.toContain('Solihull');
    expect(String(mail.html)).not.toContain('Solihull');
    const today = new Date().toISOString().slice(0, 10);
    const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf?.filename).toBe(`care-management-audit-report-${today}.pdf`);
    const text = await pdfText(new Uint8Array(pdf!.content));
    expect(text).toContain('Overall Score: 60%');
    expect(text).toContain('Data Management: 20% (Needs Improvement)');

    // The note goes to the team, with the request.
    const team = await messagesTo('team@care-audit.test');
    expect(team.some((m) => m.text?.includes('Solihull') && m.text.includes(address))).toBe(true);

    await page.getByRole('button', { name: 'Back to Results' }).click();
    await expect(page).toHaveURL(/\/audit-results$/);
    await expect(page.getByRole('progressbar', { name: 'Overall score' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
  });

  test('an empty or malformed address gets a notice and nothing is sent', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (r) => r.url().includes('/api/') && requests.push(r.url()));
    await completeAudit(page, STEPPED_ANSWERS);
    await page.getByRole('link', { name: 'Email Results' }).click();

    await page.getByRole('button', { name: 'Send Results to Email' }).click();
    await expect(page.getByRole('alert')).toContainText('Error');
    await expect(page.getByRole('alert')).toContainText('Please enter your email address');
    await expect(page.getByLabel('Email Address *')).toBeFocused();
    await expect(page.getByLabel('Email Address *')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    await page.getByLabel('Email Address *').fill('not-an-address');
    await page.getByRole('button', { name: 'Send Results to Email' }).click();
    await expect(page.getByRole('alert')).toContainText('Please enter a valid email address');
    expect(requests).toEqual([]);
  });

  test('a failed send shows the failure notice and keeps the form; a 429 says when to retry', async ({
    page,
    consoleErrors,
  }) => {
    // Chromium logs each failed request; those are the point of this test.
    consoleErrors.allow(/Failed to load resource/);
    await completeAudit(page, STEPPED_ANSWERS);
    await page.getByRole('link', { name: 'Email Results' }).click();
    await page.getByLabel('Email Address *').fill('someone@care-home.test');

    await page.route('/api/email-results', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":{"code":"internal_error","message":"x"}}',
      }),
    );
    await page.getByRole('button', { name: 'Send Results to Email' }).click();
    await expect(page.getByRole('alert')).toContainText('Failed to send email. Please try again.');
    await expect(page.getByRole('button', { name: 'Send Results to Email' })).toBeEnabled();

    await page.unroute('/api/email-results');
    await page.route('/api/email-results', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '600' },
        contentType: 'application/json',
        body: '{"error":{"code":"rate_limited","message":"Too many requests"}}',
      }),
    );
    await page.getByRole('button', { name: 'Send Results to Email' }).click();
    await expect(page.getByRole('alert')).toContainText('Too many requests. Please try again in 10 minutes.');

    await page.unroute('/api/email-results');
    await page.route('/api/email-results', (route) => route.abort());
    await page.getByRole('button', { name: 'Send Results to Email' }).click();
    await expect(page.getByRole('alert')).toContainText('Failed to send email. Please try again.');
  });

  test('"Take Another Audit" starts a blank audit', async ({ page }) => {
    await completeAudit(page, STEPPED_ANSWERS);
    await page.getByRole('link', { name: 'Email Results' }).click();
    await page.getByLabel('Email Address *').fill(`again-${Date.now()}@care-home.test`);
    await page.getByRole('button', { name: 'Send Results to Email' }).click();
    await page.getByRole('button', { name: 'Take Another Audit' }).click();
    await expect(page).toHaveURL(/\/audit-tool$/);
    await expect(page.getByText('0 of 5 questions answered')).toBeVisible();
  });
});
