/** The UTF-8 byte order mark the lead export starts with, so Excel reads the file as UTF-8. */
export const BOM = '\uFEFF';

/**
 * A strict RFC 4180 reader for tests: CRLF record ends only, quoted fields with doubled quotes,
 * and it throws on anything the RFC does not allow (a bare LF, a quote inside an unquoted field),
 * so a test that reads the export back also checks that it was written correctly. A byte order
 * mark is read past at the very start (as Excel does), and refused anywhere else, where it would
 * end up in a field.
 */
export function parseCsv(withBom: string): string[][] {
  const text = withBom.startsWith(BOM) ? withBom.slice(BOM.length) : withBom;
  if (text.includes(BOM)) throw new Error('a byte order mark after the start of the file');
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(
      `not RFC 4180 at offset ${i}: ${why} in ${JSON.stringify(text.slice(Math.max(0, i - 20), i + 20))}`,
    );
  };
  if (text === '') return records;
  if (!text.endsWith('\r\n')) fail('the last record does not end with CRLF');
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) fail('a quoted field is not closed');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i];
        i++;
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') fail('a quote in an unquoted field');
        field += text[i];
        i++;
      }
    }
    record.push(field);
    if (text[i] === ',') {
      i++;
    } else if (text.startsWith('\r\n', i)) {
      i += 2;
      records.push(record);
      record = [];
    } else {
      fail('a field is followed by neither a comma nor CRLF');
    }
  }
  return records;
}

/** The records as objects keyed by the header row. */
export function parseCsvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  return rows.map((row) => {
    if (row.length !== header.length)
      throw new Error(`a record has ${row.length} fields, the header ${header.length}`);
    return Object.fromEntries(header.map((name, n) => [name, row[n] ?? '']));
  });
}
