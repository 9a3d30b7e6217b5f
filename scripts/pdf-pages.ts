/**
 * Renders every report fixture to a PDF and every page of it to a PNG, to be looked at:
 *
 *   npx tsx scripts/pdf-pages.ts [outDir]      (default /tmp/care-audit-pdf-pages)
 *
 * writes <outDir>/<fixture>.pdf and <outDir>/<fixture>-N.png (pdftoppm, 70 dpi: a whole A4 page
 * fits a screen and the type is still legible), and prints each fixture's page count and sizes.
 * The fixtures are the answer sets that change the layout (test/support/report-fixtures.ts).
 */
import { execFile } from 'node:child_process';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { renderReportPdf } from '../src/report';
import { pdfinfo } from '../test/support/pdf/pdfinfo';
import { FIXTURE_CONTACT, REPORT_FIXTURES } from '../test/support/report-fixtures';

const run = promisify(execFile);
const DPI = 70;

const outDir = path.resolve(process.argv[2] ?? '/tmp/care-audit-pdf-pages');
await mkdir(outDir, { recursive: true });
// Old pictures of a fixture that now has fewer pages would otherwise be looked at as current.
const ownFile = (name: string) => new RegExp(`^${name}(-\\d+\\.png|\\.pdf)$`);
for (const file of await readdir(outDir))
  if (Object.keys(REPORT_FIXTURES).some((name) => ownFile(name).test(file)))
    await rm(path.join(outDir, file));

const rows: string[][] = [];
for (const [name, report] of Object.entries(REPORT_FIXTURES)) {
  const started = performance.now();
  const bytes = await renderReportPdf(report, FIXTURE_CONTACT);
  const renderMs = performance.now() - started;
  const pdfFile = path.join(outDir, `${name}.pdf`);
  await writeFile(pdfFile, bytes);
  const info = await pdfinfo(bytes);
  await run('pdftoppm', ['-png', '-r', String(DPI), pdfFile, path.join(outDir, name)]);
  // pdftoppm pads page numbers to the width of the last one (name-01.png from ten pages on).
  const pngs = (await readdir(outDir))
    .filter((file) => file.endsWith('.png') && ownFile(name).test(file))
    .sort();
  const pngBytes = (await Promise.all(pngs.map((file) => stat(path.join(outDir, file))))).reduce(
    (sum, s) => sum + s.size,
    0,
  );
  rows.push([
    name,
    info.Pages,
    `${(bytes.byteLength / 1024).toFixed(1)} KB`,
    `${pngs.length} PNG, ${(pngBytes / 1024).toFixed(0)} KB`,
    `${renderMs.toFixed(0)} ms`,
    `Tagged: ${info.Tagged}`,
  ]);
}

const header = ['fixture', 'pages', 'PDF', 'pictures', 'render', 'pdfinfo'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  '));
console.log(`\nPDFs and ${DPI} dpi pages in ${outDir}`);
