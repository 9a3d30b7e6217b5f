/**
 * The text of a PDF, page by page joined with newlines, read by pdf.js: tests use it to check
 * what a report really says (Node only).
 */
export async function pdfText(data: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(data), isEvalSupported: false, verbosity: 0 })
    .promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    let text = '';
    for (const item of content.items) {
      if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
    }
    pages.push(text);
  }
  await document.destroy();
  return pages.join('\n');
}
