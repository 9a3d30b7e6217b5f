import PDFDocument from 'pdfkit';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  annotationsOf,
  contentsOf,
  findAll,
  flatten,
  pagesOf,
  readPdfStructure,
  textOf,
  type PdfStructure,
} from './pdf-structure';
import { pdfinfo, parsePdfinfo } from './pdfinfo';

const FONT = 'node_modules/source-sans/TTF/SourceSans3-Regular.ttf';
const TITLE = 'A tagged test document';
const LONG = Array.from(
  { length: 70 },
  (_, i) => `Sentence ${i + 1} of a paragraph long enough to cross a page.`,
).join(' ');
const FIGURE_ALT = 'Bar chart: Planning 72%, Records 40% – the team’s view';

interface StructOptions {
  alt?: string;
  lang?: string;
  scope?: 'Row' | 'Column' | 'Both';
}

/**
 * A structure element, its content drawn by `draw` when given. PDFKit 0.20 takes a closure as an
 * element's content, a table header's `scope` and the PDF/UA subset; @types/pdfkit (0.17) knows
 * none of them, hence the casts here and in build().
 */
function struct(
  doc: PDFKit.PDFDocument,
  role: string,
  draw?: () => unknown,
  options: StructOptions = {},
): PDFKit.PDFStructureElement {
  const make = doc.struct.bind(doc) as unknown as (
    role: string,
    options: StructOptions,
    content?: () => unknown,
  ) => PDFKit.PDFStructureElement;
  return draw ? make(role, options, draw) : make(role, options);
}

async function build(draw: (doc: PDFKit.PDFDocument) => void, tagged = true): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: 'A4',
    pdfVersion: '1.7',
    tagged,
    ...(tagged ? { subset: 'PDF/UA', lang: 'en-GB', displayTitle: true } : {}),
    info: { Title: TITLE },
  } as unknown as PDFKit.PDFDocumentOptions);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  doc.registerFont('Body', FONT);
  doc.font('Body').fontSize(11);
  draw(doc);
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

function footer(doc: PDFKit.PDFDocument, text: string) {
  doc.markContent('Artifact', { type: 'Pagination' });
  doc.text(text, 72, doc.page.height - 50, { lineBreak: false });
  doc.endMarkedContent();
}

/** Every role the report uses, a paragraph split over a page and two paragraphs either side of one. */
function sampleDocument(doc: PDFKit.PDFDocument) {
  const root = doc.struct('Document');
  doc.addStructure(root);

  root.add(struct(doc, 'H1', () => doc.fontSize(20).text('Heading one', 72, 72).fontSize(11)));
  root.add(struct(doc, 'P', () => doc.text('Before the list.')));

  const list = doc.struct('L');
  root.add(list);
  for (const [label, body] of [
    ['1.', 'First item'],
    ['2.', 'Second item'],
  ]) {
    const item = doc.struct('LI');
    list.add(item);
    item.add(struct(doc, 'Lbl', () => doc.text(label, { continued: true })));
    item.add(struct(doc, 'LBody', () => doc.text(` ${body}`)));
    item.end();
  }
  list.end();

  const table = doc.struct('Table');
  root.add(table);
  const rows = [
    [
      ['TH', 'Area', 'Column'],
      ['TH', 'Score', 'Column'],
    ],
    [
      ['TH', 'Planning', 'Row'],
      ['TD', '72%'],
    ],
  ];
  for (const cells of rows) {
    const row = doc.struct('TR');
    table.add(row);
    for (const [role, text, scope] of cells)
      row.add(
        struct(doc, role, () => doc.text(text), scope ? { scope: scope as StructOptions['scope'] } : {}),
      );
    row.end();
  }
  table.end();

  root.add(
    struct(
      doc,
      'Figure',
      () => {
        doc.rect(72, doc.y + 4, 200, 12).fill('#0f4c5c');
        doc.rect(72, doc.y + 20, 110, 12).fill('#c53030');
        doc.fillColor('black');
      },
      { alt: FIGURE_ALT },
    ),
  );
  doc.moveDown(3);
  root.add(struct(doc, 'P', () => doc.text('Un paragraphe en français.', 72), { lang: 'fr-FR' }));

  const linked = doc.struct('P');
  root.add(linked);
  linked.add(struct(doc, 'Span', () => doc.text('Book a call: ', { continued: true })));
  const link = struct(doc, 'Link', () =>
    doc.text('care-audit.example/book', { link: 'https://care-audit.example/book' }),
  );
  linked.add(link);
  linked.end();

  root.add(struct(doc, 'P', () => doc.text(LONG)));
  root.add(struct(doc, 'P', () => doc.text('Last words of page two.')));
  footer(doc, 'Page 2 of 3');
  doc.addPage();
  root.add(struct(doc, 'P', () => doc.text('First words of page three.')));
  root.add(struct(doc, 'H2', () => doc.text('A new page, a new heading')));
  footer(doc, 'Page 3 of 3');
  root.end();
}

describe('readPdfStructure on a tagged PDFKit document', () => {
  let structure: PdfStructure;
  beforeAll(async () => {
    structure = await readPdfStructure(await build(sampleDocument));
  });

  it('finds nothing wrong, and pdf.js reads every page as the file says', () => {
    expect(structure.problems).toEqual([]);
    expect(structure.untagged).toEqual([]);
  });

  it('gives the roles in reading order, one tree for the whole document', () => {
    expect(structure.tree.children.map((c) => (c.kind === 'element' ? c.role : c.kind))).toEqual([
      'Document',
    ]);
    expect(flatten(structure.tree).map((e) => e.role)).toEqual([
      'Document',
      'H1',
      'P',
      'L',
      'LI',
      'Lbl',
      'LBody',
      'LI',
      'Lbl',
      'LBody',
      'Table',
      'TR',
      'TH',
      'TH',
      'TR',
      'TH',
      'TD',
      'Figure',
      'P',
      'P',
      'Span',
      'Link',
      'P',
      'P',
      'P',
      'H2',
    ]);
  });

  it('gives each element its text', () => {
    const texts = flatten(structure.tree).filter((e) => e.role !== 'Document');
    expect(texts.slice(0, 3)).toEqual([
      { role: 'H1', text: 'Heading one' },
      { role: 'P', text: 'Before the list.' },
      { role: 'L', text: '1. First item 2. Second item' },
    ]);
    expect(findAll(structure.tree, 'LBody').map(textOf)).toEqual(['First item', 'Second item']);
    expect(findAll(structure.tree, 'Lbl').map(textOf)).toEqual(['1.', '2.']);
    expect(findAll(structure.tree, 'H2').map(textOf)).toEqual(['A new page, a new heading']);
  });

  it('brings a paragraph split over a page break back once, with all its text', () => {
    const long = findAll(structure.tree, 'P').filter((p) => textOf(p).startsWith('Sentence 1 '));
    expect(long).toHaveLength(1);
    expect(textOf(long[0])).toBe(LONG);
    expect(pagesOf(long[0])).toEqual([1, 2]);
  });

  it('keeps two paragraphs either side of a page break apart', () => {
    const last = findAll(structure.tree, 'P').slice(-2);
    expect(last.map((p) => [textOf(p), pagesOf(p)])).toEqual([
      ['Last words of page two.', [2]],
      ['First words of page three.', [3]],
    ]);
  });

  it('reads header cells with their scope', () => {
    expect(findAll(structure.tree, 'TH').map((th) => [textOf(th), th.scope])).toEqual([
      ['Area', 'Column'],
      ['Score', 'Column'],
      ['Planning', 'Row'],
    ]);
    expect(findAll(structure.tree, 'TD').map((td) => [textOf(td), td.scope])).toEqual([['72%', undefined]]);
  });

  it('reads a figure’s alternative text, typographic characters included', () => {
    const [figure] = findAll(structure.tree, 'Figure');
    expect(figure.alt).toBe(FIGURE_ALT);
    expect(textOf(figure)).toBe('');
    expect(pagesOf(figure)).toEqual([1]);
  });

  it('reads a link as a Link element holding its annotation and its text', () => {
    const [link] = findAll(structure.tree, 'Link');
    expect(textOf(link)).toBe('care-audit.example/book');
    expect(annotationsOf(link)).toEqual([
      // PDFKit gives a link inside the structure an empty Contents unless it is handed one.
      { kind: 'annotation', page: 1, subtype: 'Link', url: 'https://care-audit.example/book', contents: '' },
    ]);
    expect(textOf(findAll(structure.tree, 'P')[2])).toBe('Book a call: care-audit.example/book');
  });

  it('places each content on its page: a line below the one before, or on the same line', () => {
    const [h1] = findAll(structure.tree, 'H1');
    const [before] = findAll(structure.tree, 'P');
    const [span] = findAll(structure.tree, 'Span');
    const [link] = findAll(structure.tree, 'Link');
    const top = (node: typeof h1) => contentsOf(node)[0].top ?? NaN;
    expect(top(h1)).toBeGreaterThan(72);
    expect(top(before)).toBeGreaterThan(top(h1));
    expect(top(link)).toBeCloseTo(top(span), 3);
    expect(contentsOf(findAll(structure.tree, 'Figure')[0])[0].top).toBeUndefined();
  });

  it('reads an element’s language', () => {
    const french = findAll(structure.tree, 'P').find((p) => p.lang);
    expect(french).toMatchObject({ lang: 'fr-FR' });
    expect(textOf(french!)).toBe('Un paragraphe en français.');
  });

  it('leaves artifacts out of the tree and lists them apart', () => {
    expect(structure.artifacts).toEqual([
      { page: 2, text: 'Page 2 of 3' },
      { page: 3, text: 'Page 3 of 3' },
    ]);
    expect(textOf(structure.tree)).not.toMatch(/Page \d of \d/);
  });

  it('reads the language, title, MarkInfo and DisplayDocTitle from the catalog', () => {
    expect(structure).toMatchObject({
      pages: 3,
      lang: 'en-GB',
      title: TITLE,
      xmpTitle: TITLE,
      marked: true,
      displayDocTitle: true,
    });
  });

  it('pdfinfo agrees: tagged, three pages, PDF 1.7, the title', async () => {
    const info = await pdfinfo(await build(sampleDocument));
    expect(info).toMatchObject({ Tagged: 'yes', Pages: '3', 'PDF version': '1.7', Title: TITLE });
  });
});

describe('readPdfStructure finds what is wrong', () => {
  it('text drawn outside any tag is untagged, and a problem', async () => {
    const bytes = await build((doc) => {
      const root = doc.struct('Document');
      doc.addStructure(root);
      root.add(struct(doc, 'P', () => doc.text('Tagged.')));
      doc.text('Loose text.');
      root.end();
    });
    const structure = await readPdfStructure(bytes);
    expect(structure.untagged).toEqual([{ page: 1, text: 'Loose text.' }]);
    expect(structure.problems).toEqual(['Page 1: untagged text "Loose text.".']);
    expect(flatten(structure.tree)).toEqual([
      { role: 'Document', text: 'Tagged.' },
      { role: 'P', text: 'Tagged.' },
    ]);
  });

  it('an untagged file has no tree, is not marked, and pdfinfo says "Tagged: no"', async () => {
    const bytes = await build((doc) => doc.text('Plain.'), false);
    const structure = await readPdfStructure(bytes);
    expect(structure).toMatchObject({ marked: false, displayDocTitle: false, tree: { children: [] } });
    expect(structure.problems).toEqual([
      'The file has no structure tree.',
      'Page 1: untagged text "Plain.".',
    ]);
    expect((await pdfinfo(bytes)).Tagged).toBe('no');
  });

  it('a link annotation outside the structure tree is a problem', async () => {
    const bytes = await build((doc) => {
      const root = doc.struct('Document');
      doc.addStructure(root);
      root.add(struct(doc, 'P', () => doc.text('Visit us', { link: 'https://care-audit.example/' })));
      root.end();
    });
    const structure = await readPdfStructure(bytes);
    expect(findAll(structure.tree, 'Link')).toEqual([]);
    expect(annotationsOf(structure.tree)).toEqual([]);
    expect(structure.problems).toEqual([
      expect.stringMatching(
        /^Page 1: the Link annotation \d+R \(https:\/\/care-audit\.example\/\) is not in the structure tree\.$/,
      ),
    ]);
  });

  it('a link whose element is closed on a later page names the wrong page, which pdf.js then misses', async () => {
    // PDFKit writes an OBJR's page when the Link element is closed, not where the link was drawn.
    const bytes = await build((doc) => {
      const root = doc.struct('Document');
      doc.addStructure(root);
      const link = doc.struct('Link');
      root.add(link);
      link.add(() => doc.text('Book a call', { link: 'https://care-audit.example/book' }));
      doc.addPage();
      link.end();
      root.add(struct(doc, 'P', () => doc.text('Page two.')));
      root.end();
    });
    const { problems } = await readPdfStructure(bytes);
    expect(problems).toEqual([
      expect.stringMatching(
        /^Document\/Link: annotation \d+R is on page 1 but its reference names page 2\.$/,
      ),
      expect.stringMatching(
        /^Page 2: pdf\.js reads its structure differently .* file Document\/Link annot:\d+R, pdf\.js Document\/P /,
      ),
    ]);
  });
});

describe('parsePdfinfo', () => {
  it('keys each line by the text before its first colon', () => {
    expect(
      parsePdfinfo(
        'Title:           A: B\nTagged:          yes\nPage size:       595.28 x 841.89 pts (A4)\n\n',
      ),
    ).toEqual({ Title: 'A: B', Tagged: 'yes', 'Page size': '595.28 x 841.89 pts (A4)' });
  });

  it('says what to install when the bytes are not a PDF', async () => {
    await expect(pdfinfo(new TextEncoder().encode('not a pdf'))).rejects.toThrow(/pdfinfo/);
  });
});
