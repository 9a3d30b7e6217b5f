import { describe, expect, it } from 'vitest';
import { renderPage } from './prerender';
import { routeFor } from './routes';

describe('renderPage (the build-time pre-render)', () => {
  it.each([
    ['/', 'See where AI can transform your care management'],
    ['/audit-tool', 'Section 1 of 5'],
    ['/audit-results', 'Your AI Audit Results'],
    ['/email-results', 'Email Your Audit Results'],
    ['/privacy', 'Privacy'],
    ['/accessibility', 'Accessibility'],
    ['/404', 'Oops! Page not found'],
    [`/results/${'A'.repeat(43)}`, 'Loading your results…'],
  ])('%s renders "%s"', async (path, text) => {
    expect(await renderPage(routeFor(path))).toContain(text);
  });

  it('renders the results with their report view, the priorities left out as there are no answers', async () => {
    const html = await renderPage(routeFor('/audit-results'));
    expect(html).toContain('By CQC key question');
    expect(html).toContain('Build the foundations');
    expect(html).not.toContain('Your priorities');
  });

  it('renders results with no navigation state as zeros', async () => {
    const html = await renderPage(routeFor('/audit-results'));
    expect(html).toContain('aria-valuenow="0"');
    expect(html).toContain('Needs Improvement');
  });
});
