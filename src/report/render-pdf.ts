import PDFDocument from 'pdfkit';
import type { Report } from '../core';
import { ukDay } from '../shared/uk-day';
import { writeActionPlan } from './pdf/action-plan';
import { writeAppendix, writeClosingLine, writeFooters, writeNextSteps } from './pdf/closing';
import type { ReportContact } from './pdf/contact';
import { writeCover } from './pdf/cover';
import { writeAreas, writeKeyQuestions, writePriorities, writeRoadmap } from './pdf/findings';
import { useReportFonts } from './pdf/fonts';
import { REPORT_TITLE } from './pdf/pdf-words';
import { writeProgress } from './pdf/progress';
import { ReportWriter, type WrittenSection } from './pdf/report-writer';
import { writeMethod, writeSummary } from './pdf/summary';
import { writeTeamView } from './pdf/team-view';
import { PAGE } from './pdf/theme';

export type { ReportContact } from './pdf/contact';
export { CLOSING_LINE, REPORT_TITLE } from './pdf/pdf-words';

/**
 * The report as a tagged A4 PDF (PDF/UA-1): every piece of text sits in a structure element in
 * reading order, charts are figures with their numbers in words, page furniture is artifact. The
 * download and the e-mail attachment both come from here, so they are one document.
 */
export async function renderReportPdf(
  report: Report,
  contact: ReportContact,
  /** The UK day (YYYY-MM-DD) the action plan's target dates are judged overdue on: today by default. */
  plan: { today?: string } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const today = plan.today ?? ukDay(new Date());
  // Two passes: the first finds where each section starts, the second prints that on the cover.
  // The cover is a page of its own, so its contents never move what follows it.
  const draft = writeReport(report, contact, today, []);
  draft.end();
  const final = writeReport(report, contact, today, draft.sections);
  const bytes = collect(final.doc);
  final.end();
  return bytes;
}

/**
 * The whole report written into a new document, the cover listing `contents`; the caller ends it.
 * Every section after the cover starts with `writeHeading`, which records it in `sections`.
 */
function writeReport(
  report: Report,
  contact: ReportContact,
  today: string,
  contents: readonly WrittenSection[],
): { doc: PDFKit.PDFDocument; sections: readonly WrittenSection[]; end: () => void } {
  // @types/pdfkit (0.17) knows neither the 'PDF/UA' subset nor a parsed font as a source; PDFKit
  // 0.20 takes both.
  const options = {
    size: [PAGE.width, PAGE.height],
    margin: 0,
    // Kept until the end, so each page's footer can say how many pages there are.
    bufferPages: true,
    pdfVersion: '1.7',
    subset: 'PDF/UA',
    tagged: true,
    lang: 'en-GB',
    displayTitle: true,
    // No font until the first text picks one of ours: PDFKit would otherwise load Helvetica, a font
    // the file does not embed, which PDF/UA forbids. (A face given here instead is compared with
    // the registered one by its whole name table on every render: ≈18 ms of ≈80.)
    font: null,
    info: {
      Title: REPORT_TITLE,
      Author: 'Care Audit',
      Subject: `Overall score ${report.overall.score}% (${report.overall.rating})`,
      Creator: 'Care Audit',
      // The same report always gives the same bytes: the date and the file id follow the report.
      CreationDate: report.generatedAt,
    },
  };
  const doc = new PDFDocument(options as unknown as PDFKit.PDFDocumentOptions);
  useReportFonts(doc);

  const root = doc.struct('Document');
  doc.addStructure(root);
  const writer = new ReportWriter(doc, root);
  writeCover(writer, report, contact.webAddress, contents);
  writeSummary(writer, report);
  writeMethod(writer);
  // The chain's progress follows the summary: how this result came about, before what to do next.
  if (report.progress) writeProgress(writer, report.progress);
  // The team's view beside her own, right after how her own results came about (decision 0072).
  if (report.team) writeTeamView(writer, report.team);
  writePriorities(writer, report.priorities);
  writeAreas(writer, report);
  writeKeyQuestions(writer, report);
  writeRoadmap(writer, report.roadmap);
  writeActionPlan(writer, report.actionPlan, today);
  writeNextSteps(writer, report, contact);
  writeAppendix(writer, report);
  writeClosingLine(writer);
  root.end();
  writeFooters(writer);
  return {
    doc,
    sections: writer.sections,
    end: () => doc.end(),
  };
}

/** The document's bytes once PDFKit has written them all. */
function collect(doc: PDFKit.PDFDocument): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => {
      const all = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
      let offset = 0;
      for (const chunk of chunks) {
        all.set(chunk, offset);
        offset += chunk.length;
      }
      resolve(all);
    });
  });
}
