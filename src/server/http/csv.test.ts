import { describe, expect, it } from 'vitest';
import { csvField, csvLine, guardFormula } from './csv';
import { parseCsv } from '../../../test/support/parse-csv';

describe('guardFormula', () => {
  it.each([
    '=1+2',
    '+44 20 7946 0000',
    '-1',
    '@SUM(A1:A2)',
    '\t=cmd',
    '\r=cmd',
    '=HYPERLINK("http://x","y")',
  ])('puts a quote before %j', (text) => {
    expect(guardFormula(text)).toBe(`'${text}`);
  });

  it.each(['Please call me', '', ' =not first', "'already quoted", 'a=b', '2026-11-22'])(
    'leaves %j alone',
    (text) => {
      expect(guardFormula(text)).toBe(text);
    },
  );
});

describe('csvField', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    [42, '42'],
    [0, '0'],
    [new Date('2026-11-22T09:30:00.123Z'), '2026-11-22T09:30:00.123Z'],
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line one\nline two', '"line one\nline two"'],
    ['carriage\rreturn', '"carriage\rreturn"'],
    ['=1+2', "'=1+2"],
    ['=A1,"x"', `"'=A1,""x"""`],
  ] as const)('writes %j as %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('csvLine', () => {
  it('ends each record with CRLF and reads back field for field', () => {
    const values = ['id-1', 'He said "call me, please"\r\nThanks', '', 'tab\tinside', 'ünïcødé ✓'];
    const text = csvLine(values) + csvLine(['second', 'row', '', '', '']);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text)).toEqual([values, ['second', 'row', '', '', '']]);
  });
});

describe('the test CSV reader', () => {
  it('refuses what RFC 4180 does not allow, so reading back checks the writer', () => {
    expect(() => parseCsv('a,b\n')).toThrow(/CRLF/);
    expect(() => parseCsv('a\nb,c\r\n')).toThrow(/neither a comma nor CRLF/);
    expect(() => parseCsv('a"b\r\n')).toThrow(/quote in an unquoted field/);
    expect(() => parseCsv('"open\r\n')).toThrow(/not closed/);
  });

  it('reads past a byte order mark at the start only', () => {
    expect(parseCsv('\uFEFFa,b\r\n')).toEqual([['a', 'b']]);
    expect(() => parseCsv('a,b\r\n\uFEFFc,d\r\n')).toThrow(/byte order mark/);
  });
});
