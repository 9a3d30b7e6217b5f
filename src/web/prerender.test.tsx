import { describe, expect, it } from 'vitest';
import { renderPage } from './prerender';

describe('renderPage (the build-time pre-render)', () => {
  it.each([
    ['/', 'See where AI can transform your care management', false, false],
    ['/audit-tool', 'Section 1 of 5', true, true],
    ['/audit-results', 'Your AI Audit Results', true, true],
    ['/email-results', 'Email Your Audit Results', true, true],
    ['/404', 'Oops! Page not found', true, false],
  ])('%s renders "%s"; ships script %s; needs script %s', async (path, text, shipsScript, needsScript) => {
    const page = await renderPage(path);
    expect(page.html).toContain(text);
    expect(page.shipsScript).toBe(shipsScript);
    expect(page.needsScript).toBe(needsScript);
  });

  it('renders results with no navigation state as zeros', async () => {
    const page = await renderPage('/audit-results');
    expect(page.html).toContain('aria-valuenow="0"');
    expect(page.html).toContain('Needs Improvement');
  });
});
