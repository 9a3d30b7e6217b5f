import { afterEach, describe, expect, it } from 'vitest';
import { buildReport, type Report } from '../../core';
import { renderReportPdf } from '../../report';
import { pdfText } from '../../report/pdf-text';
import { COMPLETE_ANSWERS } from '../testing/requests';
import { startPdfThread, type PdfThread } from './pdf-thread';

const GENERATED_AT = new Date('2026-11-23T10:00:00Z');
const COMPLETE = buildReport(COMPLETE_ANSWERS, GENERATED_AT);
// No answers at all: the smallest report, 0% everywhere.
const EMPTY = buildReport({}, GENERATED_AT);

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
    const pdf = await thread.render(report);
    expect(pdf).toEqual(await renderReportPdf(report));
  });

  it('gives each of many renders at once its own report', async () => {
    thread = startPdfThread();
    const reports = Array.from({ length: 12 }, (_, i) => (i % 2 ? COMPLETE : EMPTY));
    const pdfs = await Promise.all(reports.map((report) => thread?.render(report)));
    const texts = await Promise.all(pdfs.map((pdf) => pdfText(pdf ?? new Uint8Array())));
    texts.forEach((text, i) => expect(text).toContain(`Overall Score: ${i % 2 ? 66 : 0}%`));
  });

  it('fails the renders it holds when it is closed, and starts afresh on the next one', async () => {
    thread = startPdfThread();
    await thread.render(EMPTY);
    const cut = thread.render(COMPLETE);
    await thread.close();
    await expect(cut).rejects.toThrow(/could not render the report: the worker thread .* stopped/);
    expect(await pdfText(await thread.render(COMPLETE))).toContain('Overall Score: 66%');
  });

  it('rejects a render it cannot do, and goes on rendering', async () => {
    thread = startPdfThread();
    const broken = { ...COMPLETE, areas: null } as unknown as Report;
    await expect(thread.render(broken)).rejects.toThrow(/could not render the report/);
    expect(await thread.render(EMPTY)).toEqual(await renderReportPdf(EMPTY));
  });
});
