import { describe, expect, it } from 'vitest';
import { buildReport } from '../../src/core';
import { sharedRenderPdf } from './shared-pdf-thread';

describe('the PDF thread test apps share', () => {
  it('is one renderer for the whole test process, and renders real PDFs', async () => {
    const render = sharedRenderPdf();
    expect(sharedRenderPdf()).toBe(render);
    const contact = {
      bookingUrl: 'https://example.org/book',
      contactEmail: 'team@example.org',
      webAddress: 'https://example.org',
    };
    const pdf = await render(buildReport({}, new Date('2026-11-29T12:00:00Z')), contact);
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
  });
});
