import { describe, expect, it } from 'vitest';
import { buildReport, reportFileName } from '../../core';
import { COMPLETE_ANSWERS } from '../testing/requests';
import { visitorEmail } from './visitor-email';

const report = buildReport(COMPLETE_ANSWERS, new Date('2026-11-22T10:00:00Z'));
const context = { bookingUrl: 'https://example.org/book?src=email&x="y"', contactEmail: 'hello@example.org' };
const email = visitorEmail(report, context);

function textOf(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('the visitor’s e-mail', () => {
  it('has the overall score and rating in the subject', () => {
    expect(email.subject).toBe('Your AI care management audit: 66% (Good)');
  });

  it.each([
    ['HTML', textOf(email.html)],
    ['text', email.text.replace(/\s+/g, ' ')],
  ])('holds every part of the report in its %s part', (_, text) => {
    expect(text).toMatch(/Overall score:? 66% \(?Good\)?/);
    for (const area of report.areas) {
      expect(text).toContain(area.title);
      expect(text).toContain(`${area.score}%`);
      expect(text).toContain(area.rating);
      for (const recommendation of area.recommendations) expect(text).toContain(recommendation);
    }
    for (const phase of report.roadmap) expect(text).toContain(phase.title);
    expect(text).toMatch(/Next steps/i);
    expect(text).toContain(reportFileName(report.generatedAt));
  });

  it('lists the roadmap weakest area first', () => {
    const text = textOf(email.html);
    const roadmap = text.slice(text.indexOf('Your implementation roadmap'));
    expect(roadmap.indexOf('Data Management')).toBeLessThan(roadmap.indexOf('Service Quality'));
    expect(roadmap.indexOf('Service Quality')).toBeLessThan(roadmap.indexOf('Staff Training & Support'));
    expect(roadmap.indexOf('Staff Training & Support')).toBeLessThan(
      roadmap.indexOf('Compliance & Regulations'),
    );
  });

  it('links to the booking page, escaped, in both parts', () => {
    expect(email.html).toContain('href="https://example.org/book?src=email&amp;x=&quot;y&quot;"');
    expect(email.text).toContain(context.bookingUrl);
  });

  it('escapes every interpolated value', () => {
    expect(email.html).toContain('Compliance &amp; Regulations');
    expect(email.html).not.toMatch(/Compliance & Regulations/);
  });

  it.each([
    [
      'without consent',
      false,
      /only be used to send your audit results\. You did not ask to be contacted, so we will not contact you about anything else\./,
    ],
    [
      'with consent',
      true,
      /as you agreed on the form, for our team to contact you about a free consultation\. To withdraw that agreement, write to hello@example\.org\./,
    ],
  ])('says in its footer what the address is used for, %s, in both parts', (_, consented, promise) => {
    const rendered = visitorEmail(report, { ...context, consented });
    expect(rendered.text.replace(/\s+/g, ' ')).toMatch(promise);
    expect(textOf(rendered.html)).toMatch(promise);
    expect(rendered.text).toContain(
      'We respect your privacy. Your email will only be used to send your audit results',
    );
  });

  it('is built to be read by everyone', () => {
    expect(email.html).toMatch(/<html lang="en-GB"/);
    const tables = email.html.match(/<table\b[^>]*>/g) ?? [];
    expect(tables.length).toBeGreaterThan(5);
    for (const table of tables) expect(table).toContain('role="presentation"');
    expect(email.html.match(/<h1\b/g)).toHaveLength(1);
    expect(email.html.match(/<h2\b/g)?.length).toBe(3);
    expect(email.html.match(/<h3\b/g)?.length).toBe(report.areas.length + report.roadmap.length);
    for (const img of email.html.match(/<img\b[^>]*>/g) ?? []) expect(img).toMatch(/\salt="/);
    expect(email.html).toContain('max-width:600px');
  });
});
