import { afterEach, describe, expect, it } from 'vitest';
import { buildReport, type Report } from '../../core';
import { renderReportPdf, type ReportContact } from '../../report';
import { pdfText } from '../../../test/support/pdf/pdf-text';
import { COMPLETE_ANSWERS } from '../../../test/support/requests';
import { startPdfThread, type PdfThread } from './pdf-thread';

const GENERATED_AT = new Date('2026-11-23T10:00:00Z');
const COMPLETE = buildReport(COMPLETE_ANSWERS, GENERATED_AT);
// No answers at all: the smallest report, 0% everywhere.
const EMPTY = buildReport({}, GENERATED_AT);
const CONTACT: ReportContact = {
  bookingUrl: 'https://care-audit.test/book',
  contactEmail: 'hello@care-audit.test',
  webAddress: 'https://care-audit.test',
};

describe('the PDF thread', () => {
  let thread: PdfThread | undefined;
  afterEach(async () => {
    await thread?.close();
    thread = undefined;
  });

  it.each([
    ['a complete audit', COMPLETE],
    ['no answers', EMPTY],
  ])('renders %s byte for byte as the main thread would', async (_name, report: Report) => {
    thread = startPdfThread();
    const pdf = await thread.render(report, CONTACT);
    expect(pdf).toEqual(await renderReportPdf(report, CONTACT));
  });

  it('gives each of many renders at once its own report', async () => {
    thread = startPdfThread();
    const reports = Array.from({ length: 12 }, (_, i) => (i % 2 ? COMPLETE : EMPTY));
    const pdfs = await Promise.all(reports.map((report) => thread?.render(report, CONTACT)));
    const texts = await Promise.all(pdfs.map((pdf) => pdfText(pdf ?? new Uint8Array())));
    texts.forEach((text, i) => expect(text).toContain(`Overall Score: ${i % 2 ? 66 : 0}%`));
  });

  it('fails the renders it holds when it is closed, and starts afresh on the next one', async () => {
    thread = startPdfThread();
    await thread.render(EMPTY, CONTACT);
    const cut = thread.render(COMPLETE, CONTACT);
    await thread.close();
    await expect(cut).rejects.toThrow(/could not render the report: the worker thread .* stopped/);
    expect(await pdfText(await thread.render(COMPLETE, CONTACT))).toContain('Overall Score: 66%');
  });

  it('rejects a render it cannot do, and goes on rendering', async () => {
    thread = startPdfThread();
    const broken = { ...COMPLETE, areas: null } as unknown as Report;
    await expect(thread.render(broken, CONTACT)).rejects.toThrow(/could not render the report/);
    expect(await thread.render(EMPTY, CONTACT)).toEqual(await renderReportPdf(EMPTY, CONTACT));
  });

  it('warms up with a render of its own, after which a render takes a fraction of the first', async () => {
    thread = startPdfThread();
    const started = performance.now();
    await thread.warmUp();
    const warmUpMs = performance.now() - started;
    const renderStarted = performance.now();
    expect(await pdfText(await thread.render(COMPLETE, CONTACT))).toContain('Overall Score: 66%');
    // The thread's start (hundreds of ms) was paid by the warm-up, not by this render.
    expect(performance.now() - renderStarted).toBeLessThan(warmUpMs);
  });

  it('stays up when idle if told to, and ends after idleStopMs otherwise', async () => {
    const idle = startPdfThread({ idleStopMs: 50 });
    const stayingUp = startPdfThread({ idleStopMs: Infinity });
    try {
      await Promise.all([idle.warmUp(), stayingUp.warmUp()]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(idle.running).toBe(false);
      expect(stayingUp.running).toBe(true);
    } finally {
      await Promise.all([idle.close(), stayingUp.close()]);
    }
  });
});
