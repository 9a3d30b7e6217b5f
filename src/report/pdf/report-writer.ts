import {
  COLOURS,
  CONTENT_BOTTOM,
  CONTENT_TOP,
  CONTENT_WIDTH,
  LIST_INDENT,
  MARGIN,
  PAGE,
  TYPE,
  type TypeStyle,
} from './theme';

type Doc = PDFKit.PDFDocument;
export type Struct = PDFKit.PDFStructureElement;

/** What a structure element may carry beyond what @types/pdfkit knows (PDFKit 0.20 reads both). */
interface ElementOptions extends PDFKit.Mixins.StructureElementOptions {
  /** A header cell's scope: the cells of its column or of its row. */
  scope?: 'Column' | 'Row';
  /** A figure's box on the page: left, top, right, bottom, in points from the top left. */
  bbox?: [number, number, number, number];
}

export interface TextOptions {
  parent?: Struct;
  x?: number;
  width?: number;
  align?: 'left' | 'center' | 'right';
  /** Space left below the text, in points. */
  gapAfter?: number;
}

export interface TableColumn {
  header: string;
  /** Share of the table's width, 0–1. */
  share: number;
  align?: 'left' | 'right';
}

export interface TableOptions {
  parent?: Struct;
  /** Whether each row's first cell names the row (a header cell with row scope). */
  rowHeaders: boolean;
}

const CELL_PADDING_X = 6;
const CELL_PADDING_Y = 5;

/**
 * Writes the report top to bottom and tags everything it writes. Each piece of text is drawn inside
 * the structure element it belongs to, in reading order, so the structure tree reads as the page
 * does; anything drawn only for the eye goes through `artifact`, which keeps it out of the tree.
 * Nothing is ever drawn inside two marked sequences at once, and a page only ever breaks between
 * elements (`keepSpace`), never inside one, so no element's text is split by page furniture.
 */
/** A section of the report as written: its heading and the page (from 1) it starts on. */
export interface WrittenSection {
  heading: string;
  page: number;
}

export class ReportWriter {
  /** Where the next element's top goes, in points from the top of the current page. */
  y = CONTENT_TOP;

  /**
   * Every section heading written so far, in order, with its page: what the cover's "In this
   * report" lists, so the contents name exactly the sections the document has.
   */
  readonly sections: WrittenSection[] = [];

  constructor(
    readonly doc: Doc,
    readonly root: Struct,
  ) {}

  /** A new structure element under `parent` (the document by default), attached at once. */
  element(type: string, options: ElementOptions = {}, parent: Struct = this.root): Struct {
    const element = this.doc.struct(type, options as PDFKit.Mixins.StructureElementOptions);
    parent.add(element);
    return element;
  }

  /** Text as one element of `type` ("P", "H2", "Lbl", …) drawn at the pen; moves the pen below it. */
  text(type: string, text: string, style: TypeStyle, options: TextOptions = {}): Struct {
    const { parent = this.root, x = MARGIN, width = CONTENT_WIDTH, align = 'left', gapAfter = 0 } = options;
    const element = this.element(type, {}, parent);
    const top = this.y;
    let height = 0;
    element.add(() => {
      height = this.draw(text, style, x, top, width, align);
    });
    element.end();
    this.y = top + height + gapAfter;
    return element;
  }

  /**
   * A paragraph holding one link: the link's text and its annotation are both inside the Link
   * element, and the annotation carries `description`, which PDF/UA asks of every link.
   */
  link(text: string, url: string, description: string, options: TextOptions = {}): void {
    const { parent = this.root, x = MARGIN, width = CONTENT_WIDTH, gapAfter = 0 } = options;
    const style = TYPE.link;
    const paragraph = this.element('P', {}, parent);
    const link = this.element('Link', { alt: description }, paragraph);
    const top = this.y;
    let height = 0;
    link.add(() => {
      this.useStyle(style);
      this.doc.text(text, x, top, { width, lineGap: style.lineGap, underline: true });
      height = this.doc.y - top;
    });
    const linkWidth = Math.min(this.doc.widthOfString(text), width);
    // A String object: PDFKit writes it as a PDF text string (a plain string would become a name).
    const annotation = { structParent: link, Contents: new String(description) };
    this.doc.link(x, top, linkWidth, height, url, annotation as unknown as PDFKit.Mixins.AnnotationOption);
    link.end();
    paragraph.end();
    this.y = top + height + gapAfter;
  }

  /** A list: each item's label (a bullet or a number) and body, kept on one page item by item. */
  list(
    items: readonly string[],
    options: { parent?: Struct; label?: (index: number) => string; style?: TypeStyle; gap?: number } = {},
  ): void {
    const { parent = this.root, label = () => '•', style = TYPE.body, gap = 4 } = options;
    const list = this.element('L', {}, parent);
    items.forEach((item, index) => {
      this.listItem(
        list,
        { text: label(index), style: { ...style, colour: COLOURS.brand700 } },
        (x, top, width) => this.draw(item, style, x, top, width),
        this.measure(item, style, CONTENT_WIDTH - LIST_INDENT),
      );
      this.y += gap;
    });
    list.end();
  }

  /**
   * One item of a list: its label, then a body drawn by `drawBody(x, top, width)` (which returns
   * its height); `height` is what the body needs, so the item moves to a new page whole.
   */
  listItem(
    list: Struct,
    label: { text: string; style: TypeStyle; width?: number },
    drawBody: (x: number, top: number, width: number) => number,
    height: number,
  ): void {
    const labelWidth = label.width ?? LIST_INDENT;
    this.keepSpace(height);
    const item = this.element('LI', {}, list);
    const top = this.y;
    const labelElement = this.element('Lbl', {}, item);
    let labelHeight = 0;
    labelElement.add(() => {
      labelHeight = this.draw(label.text, label.style, MARGIN, top, labelWidth - 4);
    });
    labelElement.end();
    const body = this.element('LBody', {}, item);
    let bodyHeight = 0;
    body.add(() => {
      bodyHeight = drawBody(MARGIN + labelWidth, top, CONTENT_WIDTH - labelWidth);
    });
    body.end();
    item.end();
    this.y = top + Math.max(bodyHeight, labelHeight);
  }

  /**
   * A table with header cells: a row of column headers, then one row per entry. It is kept on one
   * page when it fits on one (most of the report's tables have at most six rows). One longer than a
   * page (the action plan's ten rows with long owners) breaks between rows, and each later page
   * repeats the header row for the eye, as an artifact: the structure has it once.
   */
  table(columns: readonly TableColumn[], rows: readonly (readonly string[])[], options: TableOptions): void {
    const { widths, styleOf, headerHeight, rowHeights, whole } = this.tableLayout(columns, rows, options);
    const headers = columns.map((c) => c.header);
    const fitsOnAPage = whole <= CONTENT_BOTTOM - CONTENT_TOP;
    this.keepSpace(fitsOnAPage ? whole : headerHeight + rowHeights[0]);

    const table = this.element('Table', {}, options.parent);
    const top = this.y;
    this.artifact(() => this.doc.rect(MARGIN, top, CONTENT_WIDTH, headerHeight).fill(COLOURS.brand100));
    this.row(table, columns, widths, headers, headerHeight, () => ({
      type: 'TH',
      scope: 'Column',
      style: TYPE.tableHead,
    }));
    rows.forEach((cells, rowIndex) => {
      const height = rowHeights[rowIndex];
      if (!fitsOnAPage && this.y + height > CONTENT_BOTTOM) {
        this.newPage();
        const repeatTop = this.y;
        this.artifact(() => {
          this.doc.rect(MARGIN, repeatTop, CONTENT_WIDTH, headerHeight).fill(COLOURS.brand100);
          let x = MARGIN;
          headers.forEach((header, column) => {
            const width = widths[column] - 2 * CELL_PADDING_X;
            const align = columns[column].align ?? 'left';
            this.draw(header, TYPE.tableHead, x + CELL_PADDING_X, repeatTop + CELL_PADDING_Y, width, align);
            x += widths[column];
          });
        }, 'Pagination');
        this.y = repeatTop + headerHeight;
      }
      const rowTop = this.y;
      this.artifact(() => {
        if (rowIndex % 2 === 1) this.doc.rect(MARGIN, rowTop, CONTENT_WIDTH, height).fill(COLOURS.panel);
        this.doc
          .moveTo(MARGIN, rowTop + height)
          .lineTo(MARGIN + CONTENT_WIDTH, rowTop + height)
          .lineWidth(0.5)
          .stroke(COLOURS.border);
      });
      this.row(table, columns, widths, cells, height, (column) =>
        column === 0 && options.rowHeaders
          ? { type: 'TH', scope: 'Row', style: styleOf(column) }
          : { type: 'TD', style: styleOf(column) },
      );
    });
    table.end();
  }

  /**
   * The height a table takes whole, header row included: for a caller that keeps what comes before
   * it (a heading, a sentence) on the same page as the table.
   */
  tableHeight(
    columns: readonly TableColumn[],
    rows: readonly (readonly string[])[],
    options: TableOptions,
  ): number {
    return this.tableLayout(columns, rows, options).whole;
  }

  private tableLayout(
    columns: readonly TableColumn[],
    rows: readonly (readonly string[])[],
    options: TableOptions,
  ) {
    const widths = columns.map((column) => column.share * CONTENT_WIDTH);
    // A row's first cell is in bold when it names the row.
    const styleOf = (column: number) =>
      column === 0 && options.rowHeaders ? TYPE.tableRowHead : TYPE.tableCell;
    const heightOf = (cells: readonly string[], style: (column: number) => TypeStyle) =>
      Math.max(...cells.map((cell, i) => this.measure(cell, style(i), widths[i] - 2 * CELL_PADDING_X))) +
      2 * CELL_PADDING_Y;
    const headerHeight = heightOf(
      columns.map((c) => c.header),
      () => TYPE.tableHead,
    );
    const rowHeights = rows.map((row) => heightOf(row, styleOf));
    const whole = headerHeight + rowHeights.reduce((sum, h) => sum + h, 0);
    return { widths, styleOf, headerHeight, rowHeights, whole };
  }

  private row(
    table: Struct,
    columns: readonly TableColumn[],
    widths: readonly number[],
    cells: readonly string[],
    height: number,
    cellKind: (column: number) => { type: 'TH' | 'TD'; scope?: 'Column' | 'Row'; style: TypeStyle },
  ): void {
    const row = this.element('TR', {}, table);
    const top = this.y;
    let x = MARGIN;
    cells.forEach((cell, column) => {
      const { type, scope, style } = cellKind(column);
      const element = this.element(type, scope ? { scope } : {}, row);
      const cellX = x;
      element.add(() =>
        this.draw(
          cell,
          style,
          cellX + CELL_PADDING_X,
          top + CELL_PADDING_Y,
          widths[column] - 2 * CELL_PADDING_X,
          columns[column].align ?? 'left',
        ),
      );
      element.end();
      x += widths[column];
    });
    row.end();
    this.y = top + height;
  }

  /** A chart: drawn by `draw(top)` inside a Figure whose alternative text states what it shows. */
  figure(alt: string, height: number, draw: (top: number) => void, options: { parent?: Struct } = {}): void {
    this.keepSpace(height);
    const top = this.y;
    const figure = this.element(
      'Figure',
      { alt, bbox: [MARGIN, top, MARGIN + CONTENT_WIDTH, top + height] },
      options.parent,
    );
    figure.add(() => draw(top));
    figure.end();
    this.y = top + height;
  }

  /** Decoration and page furniture: drawn, but outside the structure tree. */
  artifact(draw: () => void, type: 'Layout' | 'Pagination' = 'Layout'): void {
    this.doc.markContent('Artifact', { type });
    this.doc.save();
    draw();
    this.doc.restore();
    this.doc.endMarkedContent();
  }

  /** A horizontal rule at `y`, as decoration: the content's width unless told otherwise. */
  rule(y: number, style: { width?: number; colour?: string; lineWidth?: number } = {}): void {
    const { width = CONTENT_WIDTH, colour = COLOURS.border, lineWidth = 0.5 } = style;
    this.artifact(() =>
      this.doc
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + width, y)
        .lineWidth(lineWidth)
        .stroke(colour),
    );
  }

  /** Starts a new page unless `height` more points fit above the footer on this one. */
  keepSpace(height: number): void {
    if (this.y + height > CONTENT_BOTTOM) this.newPage();
  }

  /** The page the pen is on, counted from 1 (pages are only ever added at the end). */
  get pageNumber(): number {
    const { start, count } = this.doc.bufferedPageRange();
    return start + count;
  }

  newPage(): void {
    this.doc.addPage();
    // A thin band in the brand colour ties each page to the cover.
    this.artifact(() => this.doc.rect(0, 0, PAGE.width, 8).fill(COLOURS.brand800));
    this.y = CONTENT_TOP;
  }

  /** The height `text` takes in `style` wrapped to `width`. */
  measure(text: string, style: TypeStyle, width: number): number {
    this.useStyle(style);
    return this.doc.heightOfString(text, { width, lineGap: style.lineGap });
  }

  /**
   * Draws `text` with its top at `top` and returns its height; for use inside an element's or an
   * artifact's drawing. PDFKit moves its pen down line by line exactly as `measure` counts, so the
   * pen's move is the height, without laying the text out a second time.
   */
  draw(
    text: string,
    style: TypeStyle,
    x: number,
    top: number,
    width: number,
    align: 'left' | 'center' | 'right' = 'left',
  ): number {
    this.useStyle(style);
    this.doc.text(text, x, top, { width, lineGap: style.lineGap, align });
    return this.doc.y - top;
  }

  useStyle(style: TypeStyle): void {
    this.doc.font(style.font).fontSize(style.size).fillColor(style.colour);
  }
}
