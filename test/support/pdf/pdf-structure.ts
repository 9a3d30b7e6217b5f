import type { TextContent, TextItem } from 'pdfjs-dist/types/src/display/api';
import { PdfDict, PdfFile, PdfName, PdfRef, PdfString, type PdfValue } from './pdf-objects';
import { openPdf } from './pdf-text';

/**
 * Reads a tagged PDF's structure back as one tree for the whole document (Node-only test utility),
 * so tests check what a screen reader is given: the roles, their order, the alternative texts, the
 * table header scopes, the links and the text of each element.
 *
 * pdf.js gives the structure page by page: each page's tree holds only the elements with content on
 * that page, lists only that page's content, and carries no identity for an element. A paragraph
 * split over a page break and two paragraphs either side of the break therefore look the same. So
 * the tree is walked from the file's own structure objects (test/support/pdf/pdf-objects.ts), where an
 * element is one object however many pages it spans; pdf.js supplies the text of each marked
 * content, the annotations, the language, title and viewer preferences — and every page's
 * getStructTree() is compared with the tree, so a page that pdf.js (and so Firefox's reader) sees
 * differently is reported in `problems`.
 */

export interface StructNode {
  kind: 'element';
  /** The structure type, mapped through the document's RoleMap as pdf.js does. */
  role: string;
  alt?: string;
  actualText?: string;
  lang?: string;
  /** A table header cell's Scope attribute: "Row", "Column" or "Both". */
  scope?: string;
  children: StructChild[];
}

/** One marked content sequence of a page: the text drawn in it (empty for a drawing). */
export interface ContentLeaf {
  kind: 'content';
  page: number;
  text: string;
  /** Where its first line of text sits: points from the top of the page to the baseline. */
  top?: number;
}

/** An annotation the structure refers to (an OBJR), such as a link. */
export interface AnnotationLeaf {
  kind: 'annotation';
  page: number;
  subtype: string;
  url?: string;
  /** The annotation's Contents: its description, which PDF/UA asks of a link. */
  contents?: string;
}

export type StructChild = StructNode | ContentLeaf | AnnotationLeaf;

export interface PageText {
  page: number;
  text: string;
}

export interface PdfStructure {
  /** The structure tree root (role "Root"); its children are the top-level elements. */
  tree: StructNode;
  pages: number;
  /** The catalog's Lang. */
  lang?: string;
  /** The Info dictionary's Title. */
  title?: string;
  /** The XMP metadata's dc:title. */
  xmpTitle?: string;
  /** MarkInfo's Marked: the file says it is tagged. */
  marked: boolean;
  /** ViewerPreferences' DisplayDocTitle: a viewer shows the title, not the file name. */
  displayDocTitle: boolean;
  /** Text marked as an artifact (page numbers, running footers), page by page. */
  artifacts: PageText[];
  /** Text in neither a tagged element nor an artifact: a screen reader meets it untagged. */
  untagged: PageText[];
  /** Whatever would mislead a reader of the structure; empty for a sound file. */
  problems: string[];
}

interface PageContent {
  page: number;
  /** Text by marked content id, as pdf.js names them ("p12R_mc3"). */
  marked: Map<string, string>;
  /** The first text's distance from the top of the page, by marked content id. */
  tops: Map<string, number>;
  artifacts: string[];
  untagged: string[];
}

interface ViewerPreferences {
  DisplayDocTitle?: boolean;
}

interface Annotation {
  page: number;
  subtype: string;
  url?: string;
  contents?: string;
}

export async function readPdfStructure(bytes: Uint8Array): Promise<PdfStructure> {
  const file = new PdfFile(bytes);
  const pdf = await openPdf(bytes);
  try {
    const pageNumbers = new Map<string, number>();
    const contents = new Map<string, { page: number; text: string; top?: number }>();
    const annotations = new Map<string, Annotation>();
    const artifacts: PageText[] = [];
    const untagged: PageText[] = [];
    const pdfjsTrees: unknown[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      pageNumbers.set(new PdfRef(page.ref?.num ?? -1, page.ref?.gen ?? 0).key, n);
      const content = pageContent(n, page.view[3], await page.getTextContent({ includeMarkedContent: true }));
      for (const [id, text] of content.marked) {
        const top = content.tops.get(id);
        contents.set(id, { page: n, text, ...(top !== undefined ? { top } : {}) });
      }
      artifacts.push(...content.artifacts.map((text) => ({ page: n, text })));
      untagged.push(...content.untagged.map((text) => ({ page: n, text })));
      for (const a of await page.getAnnotations())
        annotations.set(String(a.id), {
          page: n,
          subtype: String(a.subtype),
          ...(a.url ? { url: a.url } : {}),
          ...(typeof a.contentsObj?.str === 'string' ? { contents: a.contentsObj.str } : {}),
        });
      pdfjsTrees.push(await page.getStructTree());
    }

    const problems: string[] = [];
    const walker = new TreeWalker(file, pageNumbers, contents, annotations, problems);
    const tree = walker.tree();
    for (const [i, pdfjsTree] of pdfjsTrees.entries()) {
      const fromFile = walker.pageLeaves.get(i + 1) ?? [];
      const fromPdfjs = pdfjsLeaves(pdfjsTree);
      const at = fromFile.findIndex((leaf, k) => leaf !== fromPdfjs[k]);
      if (at >= 0 || fromFile.length !== fromPdfjs.length) {
        const k = at >= 0 ? at : Math.min(fromFile.length, fromPdfjs.length);
        problems.push(
          `Page ${i + 1}: pdf.js reads its structure differently from the file's tree, first at item ${k}: ` +
            `file ${fromFile[k] ?? '(nothing)'}, pdf.js ${fromPdfjs[k] ?? '(nothing)'}.`,
        );
      }
    }
    for (const { page, text } of untagged) problems.push(`Page ${page}: untagged text "${text}".`);
    for (const [key, a] of annotations)
      if (!walker.annotationsReached.has(key))
        problems.push(
          `Page ${a.page}: the ${a.subtype} annotation ${key}${a.url ? ` (${a.url})` : ''} is not in the structure tree.`,
        );

    const { info, metadata } = await pdf.getMetadata();
    const fields = info as Record<string, unknown>;
    const xmpTitle: unknown = metadata?.get('dc:title');
    return {
      tree,
      pages: pdf.numPages,
      ...(typeof fields.Language === 'string' ? { lang: fields.Language } : {}),
      ...(typeof fields.Title === 'string' ? { title: fields.Title } : {}),
      ...(typeof xmpTitle === 'string' ? { xmpTitle } : {}),
      marked: (await pdf.getMarkInfo())?.Marked === true,
      displayDocTitle:
        ((await pdf.getViewerPreferences()) as ViewerPreferences | null)?.DisplayDocTitle === true,
      artifacts,
      untagged,
      problems,
    };
  } finally {
    await pdf.destroy();
  }
}

/** `node` and everything below it (elements, marked contents, annotations), in reading order. */
function* walk(node: StructChild): Generator<StructChild> {
  yield node;
  if (node.kind === 'element') for (const child of node.children) yield* walk(child);
}

/** The elements below `node` (itself included), in reading order. */
function elementsOf(node: StructNode): StructNode[] {
  return [...walk(node)].filter((n): n is StructNode => n.kind === 'element');
}

/** Every element below `node` (itself included), in reading order, with all the text it holds. */
export function flatten(node: StructNode): { role: string; text: string }[] {
  return elementsOf(node)
    .filter((n) => n.role !== 'Root')
    .map((n) => ({ role: n.role, text: textOf(n) }));
}

/** Every element of a role below `node` (itself included), in reading order. */
export function findAll(node: StructNode, role: string): StructNode[] {
  return elementsOf(node).filter((n) => n.role === role);
}

/** The text an element holds, its descendants' included, whitespace folded to single spaces. */
export function textOf(node: StructNode): string {
  return normalise(
    contentsOf(node)
      .map((content) => content.text)
      .join(' '),
  );
}

/** The annotations an element refers to, its descendants' included. */
export function annotationsOf(node: StructNode): AnnotationLeaf[] {
  return [...walk(node)].filter((n): n is AnnotationLeaf => n.kind === 'annotation');
}

/** Every marked content below `node`, in reading order. */
export function contentsOf(node: StructNode): ContentLeaf[] {
  return [...walk(node)].filter((n): n is ContentLeaf => n.kind === 'content');
}

/** The pages an element's content lies on, in order, each once. */
export function pagesOf(node: StructNode): number[] {
  const pages = new Set<number>();
  for (const n of walk(node)) if (n.kind !== 'element') pages.add(n.page);
  return [...pages].sort((a, b) => a - b);
}

/**
 * A page's text sorted by the marked content that holds it: the innermost sequence with an id
 * (an MCID) owns its text; text inside an Artifact sequence is an artifact; the rest is untagged.
 */
function pageContent(page: number, pageHeight: number, content: TextContent): PageContent {
  const marked = new Map<string, string>();
  const tops = new Map<string, number>();
  const artifacts: string[] = [];
  const untagged: string[] = [];
  const stack: { tag?: string; id?: string | null }[] = [];
  let current = '';
  let currentTop: number | undefined;
  const flush = () => {
    const text = normalise(current);
    current = '';
    const owner = [...stack].reverse().find((m) => m.tag === 'Artifact' || m.id);
    if (owner?.tag === 'Artifact') {
      if (text) artifacts.push(text);
    } else if (owner?.id) {
      marked.set(owner.id, normalise(`${marked.get(owner.id) ?? ''} ${text}`));
      if (currentTop !== undefined && !tops.has(owner.id)) tops.set(owner.id, currentTop);
    } else if (text) untagged.push(text);
    currentTop = undefined;
  };
  for (const item of content.items) {
    if ('str' in item) {
      const text = item as TextItem;
      current += text.str + (text.hasEOL ? ' ' : '');
      if (currentTop === undefined && text.str.trim() !== '') currentTop = pageHeight - text.transform[5];
      continue;
    }
    const mark = item as { type: string; id?: string | null; tag?: string };
    flush();
    if (mark.type === 'endMarkedContent') stack.pop();
    else {
      stack.push({ tag: mark.tag, id: mark.id });
      // A sequence with an id owns its place even when nothing is drawn in it (a chart's shapes).
      if (mark.id && !marked.has(mark.id)) marked.set(mark.id, '');
    }
  }
  flush();
  return { page, marked, tops, artifacts, untagged };
}

/** Walks the file's structure tree from the catalog's StructTreeRoot. */
class TreeWalker {
  /** Each page's leaves in tree order, spelt as pdfjsLeaves spells pdf.js's. */
  readonly pageLeaves = new Map<number, string[]>();
  /** The annotations an OBJR refers to, by reference. */
  readonly annotationsReached = new Set<string>();
  private readonly seen = new Set<string>();
  private roleMap = new Map<string, string>();

  constructor(
    private readonly file: PdfFile,
    private readonly pageNumbers: Map<string, number>,
    private readonly contents: Map<string, { page: number; text: string; top?: number }>,
    private readonly annotations: Map<string, Annotation>,
    private readonly problems: string[],
  ) {}

  tree(): StructNode {
    const root: StructNode = { kind: 'element', role: 'Root', children: [] };
    const catalog = this.file.dict(this.file.trailer.get('Root'));
    const treeRoot = this.file.dict(catalog?.get('StructTreeRoot'));
    if (!treeRoot) {
      this.problems.push('The file has no structure tree.');
      return root;
    }
    const roleMap = this.file.dict(treeRoot.get('RoleMap'));
    for (const [from, to] of roleMap?.entries ?? [])
      if (to instanceof PdfName) this.roleMap.set(from, to.name);
    for (const kid of this.kids(treeRoot)) {
      const element = this.file.dict(kid);
      if (element) root.children.push(this.element(kid, element, []));
    }
    return root;
  }

  private kids(dict: PdfDict): PdfValue[] {
    const k = this.file.resolve(dict.get('K'));
    if (k === undefined || k === null) return [];
    return Array.isArray(k) ? k : [dict.get('K') as PdfValue];
  }

  private element(ref: PdfValue, dict: PdfDict, path: string[]): StructNode {
    if (ref instanceof PdfRef) {
      if (this.seen.has(ref.key)) throw new Error(`Structure element ${ref.key} is reached twice.`);
      this.seen.add(ref.key);
    }
    const s = dict.get('S');
    const type = s instanceof PdfName ? s.name : '';
    const role = this.roleMap.get(type) ?? type;
    const node: StructNode = { kind: 'element', role, children: [] };
    const alt = this.text(dict.get('Alt'));
    const actualText = this.text(dict.get('ActualText'));
    const lang = this.text(dict.get('Lang'));
    const scope = this.scope(dict.get('A'));
    if (alt !== undefined) node.alt = alt;
    if (actualText !== undefined) node.actualText = actualText;
    if (lang !== undefined) node.lang = lang;
    if (scope !== undefined) node.scope = scope;
    const here = [...path, role];
    const elementPage = dict.get('Pg');
    for (const kid of this.kids(dict)) {
      if (typeof kid === 'number') {
        node.children.push(this.content(elementPage, kid, here));
        continue;
      }
      const kidDict = this.file.dict(kid);
      if (!kidDict) continue;
      const kidType = kidDict.get('Type');
      const typeName = kidType instanceof PdfName ? kidType.name : undefined;
      const mcid = kidDict.get('MCID');
      if (typeName === 'MCR' && typeof mcid === 'number') {
        if (kidDict.get('Stm') !== undefined)
          throw new Error('Marked content in a form XObject is not read.');
        node.children.push(this.content(kidDict.get('Pg') ?? elementPage, mcid, here));
      } else if (typeName === 'OBJR') {
        const leaf = this.annotation(kidDict, here);
        if (leaf) node.children.push(leaf);
      } else node.children.push(this.element(kid, kidDict, here));
    }
    return node;
  }

  private content(pageRef: PdfValue | undefined, mcid: number, path: string[]): ContentLeaf {
    const page = pageRef instanceof PdfRef ? this.pageNumbers.get(pageRef.key) : undefined;
    const id = pageRef instanceof PdfRef ? `p${pageRef.key}_mc${mcid}` : `(no page)_mc${mcid}`;
    const found = this.contents.get(id);
    if (page === undefined || !found) {
      this.problems.push(`${path.join('/')} refers to marked content ${id}, which no page draws.`);
      return { kind: 'content', page: page ?? 0, text: '' };
    }
    this.leaf(page, `${path.join('/')} ${id}`);
    return {
      kind: 'content',
      page,
      text: found.text,
      ...(found.top !== undefined ? { top: found.top } : {}),
    };
  }

  private annotation(objr: PdfDict, path: string[]): AnnotationLeaf | undefined {
    const ref = objr.get('Obj');
    const found = ref instanceof PdfRef ? this.annotations.get(ref.key) : undefined;
    if (!(ref instanceof PdfRef) || !found) {
      this.problems.push(`${path.join('/')} refers to an object that is no page's annotation.`);
      return undefined;
    }
    this.annotationsReached.add(ref.key);
    const pg = objr.get('Pg');
    const statedPage = pg instanceof PdfRef ? this.pageNumbers.get(pg.key) : undefined;
    if (statedPage !== found.page)
      this.problems.push(
        `${path.join('/')}: annotation ${ref.key} is on page ${found.page} but its reference names page ${statedPage ?? 'none'}.`,
      );
    // pdf.js lists an OBJR on the page its Pg names, so the comparison follows Pg.
    if (statedPage !== undefined) this.leaf(statedPage, `${path.join('/')} annot:${ref.key}`);
    return {
      kind: 'annotation',
      page: found.page,
      subtype: found.subtype,
      ...(found.url ? { url: found.url } : {}),
      ...(found.contents !== undefined ? { contents: found.contents } : {}),
    };
  }

  private leaf(page: number, spelt: string) {
    const list = this.pageLeaves.get(page) ?? [];
    list.push(spelt);
    this.pageLeaves.set(page, list);
  }

  private text(value: PdfValue | undefined): string | undefined {
    const resolved = this.file.resolve(value);
    return resolved instanceof PdfString ? resolved.text : undefined;
  }

  /** The Scope of a Table attribute object; A may be one object, a reference or an array of them. */
  private scope(value: PdfValue | undefined): string | undefined {
    const resolved = this.file.resolve(value);
    const owners = Array.isArray(resolved) ? resolved : [resolved];
    for (const owner of owners) {
      const attributes = this.file.dict(owner ?? null);
      const scope = attributes?.get('Scope');
      if (scope instanceof PdfName) return scope.name;
    }
    return undefined;
  }
}

/** A pdf.js page tree's leaves in order, spelt "Document/P/Link p12R_mc3" or "… annot:40R". */
function pdfjsLeaves(tree: unknown): string[] {
  const out: string[] = [];
  const visit = (
    node: { role?: string; type?: string; id?: string; children?: unknown[] },
    path: string[],
  ) => {
    if (node.type === 'content') out.push(`${path.join('/')} ${node.id}`);
    else if (node.type === 'object' || node.type === 'annotation')
      out.push(`${path.join('/')} annot:${String(node.id).replace(/^pdfjs_internal_id_/, '')}`);
    const here = node.role && node.role !== 'Root' ? [...path, node.role] : path;
    for (const child of node.children ?? []) visit(child as typeof node, here);
  };
  if (tree) visit(tree as Parameters<typeof visit>[0], []);
  return out;
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
