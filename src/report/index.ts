// What the server (and anything else outside the browser) may import: no DOM code here.
export { renderReportPdf, type ReportContact } from './render-pdf';
