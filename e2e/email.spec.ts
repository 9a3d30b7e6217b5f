import { pdfText } from '../test/support/pdf/pdf-text';
import { STEPPED_ANSWERS, completeAudit, expect, expectNoAxeViolations, test } from './fixtures';
import { messagesTo } from './mail';

test.describe('e-mail results', () => {
  test('from the results screen to a message at the SMTP listener with the PDF report', async ({ page }) => {
    const address = `manager-${Date.now()}@care-home.test`;
    await completeAudit(page, STEPPED_ANSWERS);
    await page.getByRole('link', { name: 'Email Results' }).first().click();
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
    const consent = page.getByRole('checkbox', { name: 'The team may contact me about a free consultation' });
    await expect(consent).not.toBeChecked();
    // The honeypot is in the page for programs only: not in the accessibility tree, not in the tab order.
    await expect(page.getByRole('textbox', { name: 'Website' })).toHaveCount(0);
    await expect(page.locator('input[name="website"]')).toHaveAttribute('tabindex', '-1');

    // By keyboard alone: address, then straight to the note (past the honeypot), then the consent box.
    await emailField.focus();
    await page.keyboard.type(address);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Additional Notes (Optional)')).toBeFocused();
    await page.keyboard.type('We run three homes in Solihull, please call after 2pm.');
    await page.keyboard.press('Tab');
    await expect(consent).toBeFocused();
    await page.keyboard.press('Space');
    await expect(consent).toBeChecked();
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/email-results') && r.method() === 'POST');
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
    // The request carried a solved challenge from our own API, the consent, and an empty honeypot.
    const body = (await sent).postDataJSON();
    expect(body).toMatchObject({ consent: true, website: '' });
    expect(body.proof.solution.derivedKey).toMatch(/^[0-9a-f]{64}$/);
    await expect(page.getByRole('status')).toContainText('Success!');
    await expect(page.getByRole('status')).toContainText('Your audit results have been sent to your email');
    await expect(page.getByRole('main')).toContainText(address);
    await expect(page.getByRole('main')).toContainText(/check your inbox and your spam folder/);
    // The next step: the booking link, as configured.
    await expect(page.getByRole('link', { name: /Book a free consultation/ })).toHaveAttribute(
      'href',
      /book-a-consultation|^https?:/,
    );
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

    // The note goes to the team, with the request and the visitor's consent.
    const team = await messagesTo('team@care-audit.test');
    const ours = team.find((m) => m.text?.includes(address));
    expect(ours?.text).toContain('Solihull');
    expect(ours?.text).toContain('Consent to contact: YES');

    await page.getByRole('button', { name: 'Back to Results' }).click();
    await expect(page).toHaveURL(/\/audit-results$/);
    await expect(page.getByRole('progressbar', { name: 'Overall score' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
  });

  test('an empty or malformed address gets a notice and nothing is sent', async ({ page }) => {
    const requests: string[] = [];
    // Not the form's calls: the usage counter's beacons, and the completed audit sent to the
    // benchmark and the benchmark read by the results.
    const notTheForm = /\/api\/(events|audits|benchmark)\b/;
    page.on(
      'request',
      (r) => r.url().includes('/api/') && !notTheForm.test(r.url()) && requests.push(r.url()),
    );
    await completeAudit(page, STEPPED_ANSWERS);
    await page.getByRole('link', { name: 'Email Results' }).first().click();

    await page.getByRole('button', { name: 'Send Results to Email' }).click();
    await expect(page.getByRole('alert')).toContainText('Error');
    await expect(page.getByRole('alert')).toContainText('Please enter your email address');
    await expect(page.getByLabel('Email Address *')).toBeFocused();
    await expect(page.getByLabel('Email Address *')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    // Beside the field, what to do; not the notice's words again.
    await expect(page.getByText('Enter the address your results should go to.')).toBeVisible();
    await expect(page.getByText('Please enter your email address')).toHaveCount(1);

    await page.getByLabel('Email Address *').fill('not-an-address');
    await page.getByRole('button', { name: 'Send Results to Email' }).click();
    await expect(page.getByRole('alert')).toContainText('Please enter a valid email address');

    // Both go as soon as the address is valid, before any submit.
    await page.getByLabel('Email Address *').fill('someone@care-home.test');
    await expect(page.getByRole('alert')).toBeEmpty();
    await expect(page.getByText('Check the address')).toHaveCount(0);
    await expect(page.getByLabel('Email Address *')).not.toHaveAttribute('aria-invalid');
    // The only API call so far is the form's own challenge, fetched when it appeared.
    expect(requests.map((r) => new URL(r).pathname)).toEqual(['/api/challenge']);
  });

  test('opened without an audit, it says to take the audit first and sends nothing', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
    await page.goto('/email-results');
    await expect(page.getByRole('note')).toContainText('No audit has been taken in this tab yet.');
    await expect(page.getByRole('note')).toContainText('Take the audit first');
    await expect(page.getByRole('note').getByRole('link', { name: 'Start the audit' })).toHaveAttribute(
      'href',
      '/audit-tool',
    );
    await expectNoAxeViolations(page);
    await page.getByLabel('Email Address *').fill('someone@care-home.test');
    await page.getByRole('button', { name: 'Send Results to Email' }).click();
    await expect(page.getByRole('alert')).toContainText('Please take the audit first');
    expect(posts).toEqual([]);
  });

  test('a send refused by the bot check can be tried again with a fresh challenge', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/Failed to load resource/);
    await completeAudit(page, STEPPED_ANSWERS);
    await page.getByRole('link', { name: 'Email Results' }).first().click();
    await page.getByLabel('Email Address *').fill(`retry-${Date.now()}@care-home.test`);
    // The first send goes without its proof, as if it had been tampered with: the server refuses it.
    await page.route('/api/email-results', async (route) => {
      const body = route.request().postDataJSON();
      await route.continue({ postData: JSON.stringify({ ...body, proof: undefined }) });
    });
    await page.getByRole('button', { name: 'Send Results to Email' }).click();
    await expect(page.getByRole('alert')).toContainText('Failed to send email. Please try again.');
    await page.unroute('/api/email-results');
    await page.getByRole('button', { name: 'Send Results to Email' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Email Sent Successfully!' })).toBeVisible();
  });

  // How long the solve takes is a figure for the benchmark, not a timed test: this checks only that
  // a slow device still gets through, with the submit waiting for the solve.
  test('a CPU slowed four times still solves its challenge and sends', async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await completeAudit(page, STEPPED_ANSWERS);
    const challenge = page.waitForResponse('/api/challenge');
    await page.getByRole('link', { name: 'Email Results' }).first().click();
    await challenge;
    await page.getByLabel('Email Address *').fill(`slow-cpu-${Date.now()}@care-home.test`);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/email-results'));
    await page.getByRole('button', { name: 'Send Results to Email' }).click();
    expect((await sent).postDataJSON()).toHaveProperty('proof.solution.counter');
    await expect(page.getByRole('heading', { level: 1, name: 'Email Sent Successfully!' })).toBeVisible();
  });

  test('a failed send shows the failure notice and keeps the form; a 429 says when to retry', async ({
    page,
    consoleErrors,
  }) => {
    // Chromium logs each failed request; those are the point of this test.
    consoleErrors.allow(/Failed to load resource/);
    await completeAudit(page, STEPPED_ANSWERS);
    await page.getByRole('link', { name: 'Email Results' }).first().click();
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

  test('ticking consent reveals the contact details, by keyboard alone; they go with the request, with the visit’s source', async ({
    page,
  }) => {
    const address = `contact-${Date.now()}@care-home.test`;
    // The visit starts from a campaign link on another site: its tags and that site's host are kept.
    await page.goto('/audit-tool?utm_source=newsletter&utm_medium=email&utm_campaign=winter-2026', {
      referer: 'https://www.partner-site.example/news/article?id=42',
    });
    await expect(page.getByText('Section 1 of 5', { exact: true }).first()).toBeVisible();
    // Later pages of the visit (completeAudit opens /audit-tool again) keep the first page's source.
    await completeAudit(page, STEPPED_ANSWERS);
    await page.getByRole('link', { name: 'Email Results' }).first().click();
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toContain('care-audit:visit-source');

    const consent = page.getByRole('checkbox', { name: 'The team may contact me about a free consultation' });
    const group = page.getByRole('group', { name: 'Your contact details (optional)' });
    const name = page.getByRole('textbox', { name: 'Your name' });
    const phone = page.getByRole('textbox', { name: 'Phone number' });
    // Unticked: the details are neither shown nor reachable.
    await expect(group).toBeHidden();
    await expect(name).toBeHidden();
    await expect(consent).toHaveAttribute('aria-expanded', 'false');

    await page.getByLabel('Email Address *').focus();
    await page.keyboard.type(address);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(consent).toBeFocused();
    await page.keyboard.press('Space');
    // Ticked: the group appears after the box and focus stays on the box.
    await expect(consent).toBeChecked();
    await expect(consent).toBeFocused();
    await expect(consent).toHaveAttribute('aria-expanded', 'true');
    await expect(group).toBeVisible();
    await expect(name).toHaveAttribute('autocomplete', 'name');
    await expect(page.getByRole('textbox', { name: 'Organisation' })).toHaveAttribute(
      'autocomplete',
      'organization',
    );
    await expect(page.getByRole('textbox', { name: 'Your role' })).toHaveAttribute(
      'autocomplete',
      'organization-title',
    );
    await expect(phone).toHaveAttribute('autocomplete', 'tel');
    await expect(phone).toHaveAttribute('type', 'tel');

    // Each field in turn by Tab, straight after the box.
    await page.keyboard.press('Tab');
    await expect(name).toBeFocused();
    await page.keyboard.type('Ann Smith');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Sunrise Care Homes');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Registered Manager');
    await page.keyboard.press('Tab');
    await expect(phone).toBeFocused();
    // Six digits: one short.
    await page.keyboard.type('01632 9');

    // Too few digits: the phone's own message, tied to it, and focus back on it; nothing is sent.
    const posts: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/email-results') && posts.push(r.url()));
    await page.getByRole('button', { name: 'Send Results to Email' }).click();
    await expect(page.getByRole('alert')).toContainText('Please check your contact details');
    await expect(phone).toBeFocused();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveAccessibleDescription(
      /7 to 20 digits.*Error: Please enter a phone number of 7 to 20 digits/,
    );
    expect(posts).toEqual([]);
    await expectNoAxeViolations(page);

    await page.keyboard.type('60001');
    await expect(phone).not.toHaveAttribute('aria-invalid');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/email-results') && r.method() === 'POST');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/email-results'));
    await page.keyboard.press('Enter');
    const body = (await sent).postDataJSON();
    expect(body).toMatchObject({
      consent: true,
      contact: {
        name: 'Ann Smith',
        organisation: 'Sunrise Care Homes',
        role: 'Registered Manager',
        phone: '01632 960001',
      },
      source: {
        utmSource: 'newsletter',
        utmMedium: 'email',
        utmCampaign: 'winter-2026',
        referrerHost: 'www.partner-site.example',
      },
    });
    // Never the referring page's address, only its host.
    expect(JSON.stringify(body)).not.toContain('article');
    expect((await answered).status()).toBe(202);
    await expect(page.getByRole('heading', { level: 1, name: 'Email Sent Successfully!' })).toBeFocused();
  });

  test('a campaign link landing on the home page, which loads no script file, is the request’s source; a later landing in the tab does not replace it', async ({
    page,
  }) => {
    const address = `campaign-${Date.now()}@care-home.test`;
    const scriptFiles: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scriptFiles.push(new URL(r.url()).pathname));
    await page.goto('/?utm_source=newsletter&utm_campaign=spring', {
      referer: 'https://www.partner-site.example/news/article?id=42',
    });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The home page's inline note kept it as the page was parsed: no script file was loaded.
    const kept = { utmSource: 'newsletter', utmCampaign: 'spring', referrerHost: 'www.partner-site.example' };
    const stored = () => page.evaluate(() => sessionStorage.getItem('care-audit:visit-source'));
    expect(JSON.parse((await stored()) ?? 'null')).toEqual(kept);
    expect(scriptFiles).toEqual([]);

    // A plain link to the audit: a new document, whose referrer is our own home page.
    await page.getByRole('link', { name: 'Claim Your Free AI Health Check' }).click();
    await expect(page).toHaveURL(/\/audit-tool$/);
    await expect(page.getByText('Section 1 of 5', { exact: true }).first()).toBeVisible();
    // Another landing in the same tab, from another campaign on another site: the first one stays.
    await page.goto('/privacy?utm_source=other&utm_medium=social&utm_campaign=autumn', {
      referer: 'https://elsewhere.example/post/7',
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
    expect(JSON.parse((await stored()) ?? 'null')).toEqual(kept);

    await completeAudit(page, STEPPED_ANSWERS);
    await page.getByRole('link', { name: 'Email Results' }).first().click();
    await page.getByLabel('Email Address *').fill(address);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/email-results') && r.method() === 'POST');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/email-results'));
    await page.getByRole('button', { name: 'Send Results to Email' }).click();
    expect((await sent).postDataJSON().source).toEqual(kept);
    expect((await answered).status()).toBe(202);
    await expect(page.getByRole('heading', { level: 1, name: 'Email Sent Successfully!' })).toBeVisible();

    // As stored: the team's notice, composed from the stored request, names the same source.
    await expect
      .poll(
        async () =>
          (await messagesTo('team@care-audit.test')).find((m) => m.text?.includes(address))?.text ?? '',
        { timeout: 15_000 },
      )
      .toContain('Source: utm_source newsletter, utm_campaign spring; referred by www.partner-site.example');
  });

  test('unticking consent hides the contact details again, and they are not sent', async ({ page }) => {
    await completeAudit(page, STEPPED_ANSWERS);
    await page.getByRole('link', { name: 'Email Results' }).first().click();
    await page.getByLabel('Email Address *').fill(`untick-${Date.now()}@care-home.test`);
    const consent = page.getByRole('checkbox', { name: 'The team may contact me about a free consultation' });
    await consent.check();
    await page.getByRole('textbox', { name: 'Your name' }).fill('Ann Smith');
    await page.getByRole('textbox', { name: 'Phone number' }).fill('not a number');
    await consent.uncheck();
    await expect(page.getByRole('group', { name: 'Your contact details (optional)' })).toBeHidden();
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/email-results') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Send Results to Email' }).click();
    const body = (await sent).postDataJSON();
    expect(body.consent).toBe(false);
    expect(body).not.toHaveProperty('contact');
    // A visit that began on our own pages has no source to send.
    expect(body).not.toHaveProperty('source');
    await expect(page.getByRole('heading', { level: 1, name: 'Email Sent Successfully!' })).toBeVisible();
  });

  test('"Take Another Audit" starts a blank audit', async ({ page }) => {
    await completeAudit(page, STEPPED_ANSWERS);
    await page.getByRole('link', { name: 'Email Results' }).first().click();
    await page.getByLabel('Email Address *').fill(`again-${Date.now()}@care-home.test`);
    await page.getByRole('button', { name: 'Send Results to Email' }).click();
    await page.getByRole('button', { name: 'Take Another Audit' }).click();
    await expect(page).toHaveURL(/\/audit-tool$/);
    await expect(page.getByText('0 of 5 questions answered')).toBeVisible();
  });
});
