import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ImportFileError } from '../rows';
import { Columns, parseCsv } from './csv';
import { csv, matching } from './testing/builders';

describe('parseCsv', () => {
  it('reads quoted commas, quotes and newlines, and numbers each record by the line it starts on', () => {
    const text = 'Name,Review\r\n"Heat, 1995","He said ""go""\r\nand left"\r\nAlien,ok\r\n';
    const { records, problems } = parseCsv(text, 'reviews.csv', 100);
    expect(problems).toEqual([]);
    expect(records.map((r) => [r.line, r.cells])).toEqual([
      [1, ['Name', 'Review']],
      [2, ['Heat, 1995', 'He said "go"\r\nand left']],
      [4, ['Alien', 'ok']],
      [5, ['']],
    ]);
  });

  it('round-trips any field through quoting', () => {
    const field = fc.string({
      unit: fc.constantFrom('a', 'é', ',', '"', '\n', '\r\n', ' ', ';', '7'),
    });
    fc.assert(
      fc.property(fc.array(fc.tuple(field, field), { minLength: 1, maxLength: 8 }), (rows) => {
        const { records, problems } = parseCsv(csv(['A', 'B'], rows), 'x.csv', 1000);
        expect(problems).toEqual([]);
        expect(records.slice(1, rows.length + 1).map((r) => r.cells)).toEqual(rows);
      }),
    );
  });

  it('reads a file a spreadsheet saved with semicolons', () => {
    const { records } = parseCsv('Const;Your Rating\ntt0000001;7\n', 'r.csv', 10);
    expect(records[1]?.cells).toEqual(['tt0000001', '7']);
  });

  it('reports a quote that is never closed on its row and keeps the rows before it', () => {
    const { records, problems } = parseCsv(
      'Name,Year\nHeat,1995\n"Alien,1979\nBrazil,1985\n',
      'w.csv',
      10,
    );
    expect(records.map((r) => r.cells[0])).toEqual(['Name', 'Heat']);
    expect(problems).toEqual([{ file: 'w.csv', line: 3, message: matching(/never closed/) }]);
  });

  it('refuses a file over the row cap without reading the rest', () => {
    const text = `Name\n${'x\n'.repeat(50)}`;
    expect(() => parseCsv(text, 'big.csv', 20)).toThrow(ImportFileError);
    expect(() => parseCsv(text, 'big.csv', 20)).toThrow(/big\.csv has more than 20 rows/);
    expect(parseCsv(text, 'ok.csv', 50).records).toHaveLength(52);
  });
});

describe('Columns', () => {
  it('finds columns by name whatever their order, case or padding', () => {
    const cols = new Columns([' year', 'NAME ', 'Extra']);
    const record = { line: 2, cells: ['1999', ' The Matrix ', 'x'] };
    expect(cols.get(record, 'Name')).toBe('The Matrix');
    expect(cols.get(record, 'Year')).toBe('1999');
    expect(cols.get(record, 'Rating')).toBe('');
    expect(cols.missing('Name', 'Rating')).toEqual(['Rating']);
  });
});
