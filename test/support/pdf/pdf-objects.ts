/**
 * A small reader of a PDF's objects (Node-only test utility): enough of the PDF syntax to walk a
 * structure tree — dictionaries, arrays, names, strings, numbers and references — located through
 * the classic cross-reference table that PDFKit writes. It reads no stream data and knows no
 * cross-reference streams or object streams (PDFKit writes neither); it says so if it meets one.
 *
 * Why it exists: pdf.js hands the structure tree out page by page, without any identity for an
 * element, so a paragraph split over a page break and two paragraphs either side of it look the
 * same. The file's own objects have that identity (their object numbers).
 */

export class PdfName {
  constructor(readonly name: string) {}
}

/** An indirect reference; `key` is spelt as pdf.js spells it ("12R", or "12R3" for generation 3). */
export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
  get key(): string {
    return this.gen === 0 ? `${this.num}R` : `${this.num}R${this.gen}`;
  }
}

/** A string's raw bytes (one char per byte); `text` decodes it as a PDF text string. */
export class PdfString {
  constructor(readonly bytes: string) {}
  get text(): string {
    return decodeTextString(this.bytes);
  }
}

export class PdfDict {
  constructor(readonly entries: Map<string, PdfValue>) {}
  get(key: string): PdfValue | undefined {
    return this.entries.get(key);
  }
}

export type PdfValue = null | boolean | number | PdfName | PdfString | PdfRef | PdfDict | PdfValue[];

const WHITESPACE = new Set(['\0', '\t', '\n', '\f', '\r', ' ']);
const DELIMITERS = new Set(['(', ')', '<', '>', '[', ']', '{', '}', '/', '%']);

export class PdfFile {
  private readonly src: string;
  private readonly offsets = new Map<number, number>();
  private readonly cache = new Map<string, PdfValue>();
  readonly trailer: PdfDict;

  constructor(bytes: Uint8Array) {
    // latin1 keeps one char per byte, so offsets in the cross-reference table index the string.
    this.src = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(this.src);
    if (!startxref) throw new Error('Not a PDF this reader knows: no startxref at the end of the file.');
    this.trailer = this.readXrefTable(Number(startxref[1]));
  }

  /** The value behind a reference (or the value itself when it is not one). */
  resolve(value: PdfValue | undefined): PdfValue | undefined {
    if (!(value instanceof PdfRef)) return value;
    const cached = this.cache.get(value.key);
    if (cached !== undefined) return cached;
    const offset = this.offsets.get(value.num);
    if (offset === undefined) return null; // A reference to a missing object is the null object.
    const parser = new Parser(this.src, offset);
    const header = parser.objectHeader();
    if (header.num !== value.num || header.gen !== value.gen)
      throw new Error(`Object ${value.key} is not where the cross-reference table says.`);
    const object = parser.value();
    this.cache.set(value.key, object);
    return object;
  }

  /** The resolved value as a dictionary, or undefined when it is something else. */
  dict(value: PdfValue | undefined): PdfDict | undefined {
    const resolved = this.resolve(value);
    return resolved instanceof PdfDict ? resolved : undefined;
  }

  private readXrefTable(at: number): PdfDict {
    const parser = new Parser(this.src, at);
    if (!parser.keyword('xref'))
      throw new Error('This reader knows only classic cross-reference tables, not cross-reference streams.');
    for (;;) {
      const start = parser.integerOrUndefined();
      if (start === undefined) break;
      const count = parser.integer();
      parser.skipWhitespace();
      for (let i = 0; i < count; i++) {
        const entry = this.src.slice(parser.pos, parser.pos + 20);
        const match = /^(\d{10}) (\d{5}) ([nf])/.exec(entry);
        if (!match) throw new Error(`A broken cross-reference entry at byte ${parser.pos}.`);
        // The newest table is read first; an older section must not overwrite what it says.
        if (match[3] === 'n' && !this.offsets.has(start + i)) this.offsets.set(start + i, Number(match[1]));
        parser.pos += match[0].length;
        parser.skipWhitespace();
      }
    }
    if (!parser.keyword('trailer')) throw new Error('No trailer after the cross-reference table.');
    const trailer = parser.value();
    if (!(trailer instanceof PdfDict)) throw new Error('The trailer is not a dictionary.');
    const previous = trailer.get('Prev');
    if (typeof previous === 'number') this.readXrefTable(previous);
    return trailer;
  }
}

class Parser {
  constructor(
    private readonly src: string,
    public pos: number,
  ) {}

  skipWhitespace(): void {
    for (;;) {
      const c = this.src[this.pos];
      if (c === undefined) return;
      if (WHITESPACE.has(c)) this.pos++;
      else if (c === '%')
        while (this.pos < this.src.length && !'\r\n'.includes(this.src[this.pos])) this.pos++;
      else return;
    }
  }

  keyword(word: string): boolean {
    this.skipWhitespace();
    if (this.src.startsWith(word, this.pos) && !this.isRegular(this.src[this.pos + word.length])) {
      this.pos += word.length;
      return true;
    }
    return false;
  }

  integerOrUndefined(): number | undefined {
    this.skipWhitespace();
    const match = /^\d+/.exec(this.src.slice(this.pos, this.pos + 20));
    if (!match) return undefined;
    this.pos += match[0].length;
    return Number(match[0]);
  }

  integer(): number {
    const n = this.integerOrUndefined();
    if (n === undefined) throw new Error(`An integer was expected at byte ${this.pos}.`);
    return n;
  }

  objectHeader(): { num: number; gen: number } {
    const num = this.integer();
    const gen = this.integer();
    if (!this.keyword('obj')) throw new Error(`"obj" was expected at byte ${this.pos}.`);
    return { num, gen };
  }

  value(): PdfValue {
    this.skipWhitespace();
    const c = this.src[this.pos];
    if (c === undefined) throw new Error('The file ends inside an object.');
    if (c === '/') return this.name();
    if (c === '(') return this.literalString();
    if (c === '[') return this.array();
    if (c === '<') return this.src[this.pos + 1] === '<' ? this.dictionary() : this.hexString();
    if (/[0-9+\-.]/.test(c)) return this.numberOrRef();
    const word = this.regularRun();
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    throw new Error(`Unexpected "${word || c}" at byte ${this.pos}.`);
  }

  private isRegular(c: string | undefined): boolean {
    return c !== undefined && !WHITESPACE.has(c) && !DELIMITERS.has(c);
  }

  private regularRun(): string {
    const start = this.pos;
    while (this.isRegular(this.src[this.pos])) this.pos++;
    return this.src.slice(start, this.pos);
  }

  private name(): PdfName {
    this.pos++; // '/'
    const raw = this.regularRun();
    return new PdfName(
      raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
  }

  private numberOrRef(): number | PdfRef {
    const first = this.regularRun();
    const n = Number(first);
    if (Number.isNaN(n)) throw new Error(`"${first}" is not a number (byte ${this.pos}).`);
    // "12 0 R" is a reference: two non-negative integers and R.
    if (/^\d+$/.test(first)) {
      const rest = /^\s+(\d+)\s+R(?![^\s()<>[\]{}/%])/.exec(this.src.slice(this.pos, this.pos + 30));
      if (rest) {
        this.pos += rest[0].length;
        return new PdfRef(n, Number(rest[1]));
      }
    }
    return n;
  }

  private array(): PdfValue[] {
    this.pos++; // '['
    const items: PdfValue[] = [];
    for (;;) {
      this.skipWhitespace();
      if (this.src[this.pos] === ']') {
        this.pos++;
        return items;
      }
      items.push(this.value());
    }
  }

  private dictionary(): PdfDict {
    this.pos += 2; // '<<'
    const entries = new Map<string, PdfValue>();
    for (;;) {
      this.skipWhitespace();
      if (this.src.startsWith('>>', this.pos)) {
        this.pos += 2;
        if (this.keyword('stream')) throw new Error('This reader does not read streams.');
        return new PdfDict(entries);
      }
      const key = this.value();
      if (!(key instanceof PdfName)) throw new Error(`A dictionary key must be a name (byte ${this.pos}).`);
      entries.set(key.name, this.value());
    }
  }

  private hexString(): PdfString {
    const end = this.src.indexOf('>', this.pos);
    if (end < 0) throw new Error('An unterminated hex string.');
    let hex = this.src.slice(this.pos + 1, end).replace(/\s+/g, '');
    this.pos = end + 1;
    if (hex.length % 2 === 1) hex += '0';
    let bytes = '';
    for (let i = 0; i < hex.length; i += 2) bytes += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
    return new PdfString(bytes);
  }

  private literalString(): PdfString {
    this.pos++; // '('
    let depth = 1;
    let bytes = '';
    const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
    for (;;) {
      const c = this.src[this.pos++];
      if (c === undefined) throw new Error('An unterminated string.');
      if (c === '\\') {
        const next = this.src[this.pos++];
        if (next in escapes) bytes += escapes[next];
        else if (/[0-7]/.test(next)) {
          let octal = next;
          while (octal.length < 3 && /[0-7]/.test(this.src[this.pos])) octal += this.src[this.pos++];
          bytes += String.fromCharCode(parseInt(octal, 8) & 0xff);
        } else if (next === '\r') {
          if (this.src[this.pos] === '\n') this.pos++; // A backslash before an end of line joins lines.
        } else if (next !== '\n') bytes += next;
        continue;
      }
      if (c === '(') depth++;
      if (c === ')' && --depth === 0) return new PdfString(bytes);
      bytes += c;
    }
  }
}

/**
 * A PDF text string: UTF-16BE after its byte order mark, UTF-8 after its mark, else
 * PDFDocEncoding — read here as Latin-1, which it equals except for a few rare symbols in
 * 0x80–0x9F that report text does not use.
 */
export function decodeTextString(bytes: string): string {
  const raw = Buffer.from(bytes, 'latin1');
  if (raw[0] === 0xfe && raw[1] === 0xff) return new TextDecoder('utf-16be').decode(raw.subarray(2));
  if (raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf) return raw.subarray(3).toString('utf8');
  return bytes;
}
