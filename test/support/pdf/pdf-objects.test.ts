import { describe, expect, it } from 'vitest';
import { PdfDict, PdfFile, PdfName, PdfRef, PdfString, decodeTextString } from './pdf-objects';

/** A file of the given objects (numbered from 1) with a correct cross-reference table. */
function pdfOf(objects: string[], trailer = '<< /Size SIZE /Root 1 0 R >>'): Uint8Array {
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n${trailer.replace('SIZE', String(objects.length + 1))}\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}

describe('PdfFile', () => {
  it('reads dictionaries, arrays, names, numbers, booleans, null and references', () => {
    const file = new PdfFile(
      pdfOf([
        '<< /Type /Catalog /Kids [2 0 R 3 0 R] /N -1.5 /Z .25 /T true /F false /Nil null /Odd#20Name /A#2FB >>',
        '<</Inner<</Deep[1 2[3]]>>>>',
        '42',
      ]),
    );
    const root = file.dict(file.trailer.get('Root'));
    expect(root).toBeInstanceOf(PdfDict);
    expect((root?.get('Type') as PdfName).name).toBe('Catalog');
    expect(root?.get('Kids')).toEqual([new PdfRef(2, 0), new PdfRef(3, 0)]);
    expect([root?.get('N'), root?.get('Z'), root?.get('T'), root?.get('F'), root?.get('Nil')]).toEqual([
      -1.5,
      0.25,
      true,
      false,
      null,
    ]);
    expect((root?.get('Odd Name') as PdfName).name).toBe('A/B');
    const second = file.dict(new PdfRef(2, 0));
    expect(second?.get('Inner')).toEqual(new PdfDict(new Map([['Deep', [1, 2, [3]]]])));
    expect(file.resolve(new PdfRef(3, 0))).toBe(42);
    expect(file.resolve(new PdfRef(9, 0))).toBeNull();
  });

  it('reads literal strings with every escape, nested brackets and octal codes, and hex strings', () => {
    const file = new PdfFile(
      pdfOf(['<< /S (a\\(b\\) (nested) \\n\\t\\\\ \\101\\60x \\\nend) /H <48 65 6c6C 6F7> /E () >>']),
    );
    const root = file.dict(file.trailer.get('Root'));
    expect((root?.get('S') as PdfString).bytes).toBe('a(b) (nested) \n\t\\ A0x end');
    expect((root?.get('H') as PdfString).bytes).toBe('Hellop');
    expect((root?.get('E') as PdfString).bytes).toBe('');
  });

  it('says when an object is not where the table says', () => {
    const bytes = pdfOf(['<< /A 1 >>']);
    const text = Buffer.from(bytes).toString('latin1').replace('1 0 obj', '7 0 obj');
    const file = new PdfFile(new Uint8Array(Buffer.from(text, 'latin1')));
    expect(() => file.resolve(new PdfRef(1, 0))).toThrow(/not where the cross-reference table says/);
  });

  it('refuses a file without a classic cross-reference table', () => {
    expect(() => new PdfFile(new TextEncoder().encode('%PDF-1.7\nnothing'))).toThrow(/no startxref/);
    const streamXref =
      '%PDF-1.7\n1 0 obj\n<< /Type /XRef >>\nstream\nendstream\nendobj\nstartxref\n9\n%%EOF\n';
    expect(() => new PdfFile(new TextEncoder().encode(streamXref))).toThrow(/cross-reference streams/);
  });
});

describe('decodeTextString', () => {
  it.each([
    ['\xfe\xff\x00A\x20\x19\x00s', 'A’s'],
    ['\xef\xbb\xbfcaf\xc3\xa9', 'café'],
    ['caf\xe9', 'café'],
    ['', ''],
  ])('%j → %s', (bytes, text) => {
    expect(decodeTextString(bytes)).toBe(text);
  });
});
