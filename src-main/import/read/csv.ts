import Papa from 'papaparse';
import { ImportFileError, type RowProblem } from '../rows';
import { formatCount } from './limits';

/** One CSV record and the 1-based line of the file it starts on. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export interface CsvTable {
  records: CsvRecord[];
  problems: RowProblem[];
}

const NEWLINES = /\r\n|\r|\n/g;

function newlinesIn(cells: readonly string[]): number {
  let n = 0;
  for (const cell of cells) {
    if (cell.includes('\n') || cell.includes('\r')) n += cell.match(NEWLINES)?.length ?? 0;
  }
  return n;
}

/**
 * The separator of the first line: a comma as exports write it, or the semicolon or tab a
 * spreadsheet program uses when it saves the file again in some locales.
 */
function delimiterOf(text: string): string {
  const end = text.search(/[\r\n]/);
  const first = end < 0 ? text : text.slice(0, end);
  const count = (c: string): number => first.split(c).length - 1;
  const [comma, semicolon, tab] = [count(','), count(';'), count('\t')];
  if (comma >= semicolon && comma >= tab) return ',';
  return semicolon >= tab ? ';' : '\t';
}

/**
 * Parses CSV text (RFC 4180: quoted commas, quotes and newlines; CRLF or LF) into records, each
 * with the line it starts on. Blank lines are kept as empty records so line numbers stay right;
 * readers skip them. More than `maxRows` records is a whole-file fault, found without parsing
 * the rest of the file.
 */
export function parseCsv(text: string, file: string, maxRows: number): CsvTable {
  const result = Papa.parse<string[]>(text, {
    header: false,
    delimiter: delimiterOf(text),
    skipEmptyLines: false,
    // The header (or a list's header block) and one row past the cap: enough to tell it is over.
    preview: maxRows + 8,
  });
  const data = result.data;
  let nonBlank = 0;
  for (const cells of data) if (cells.length > 1 || (cells[0] ?? '') !== '') nonBlank += 1;
  if (nonBlank > maxRows + 1)
    throw new ImportFileError(
      `${file} has more than ${formatCount(maxRows)} rows, more than Marquee imports from one file. Split it into smaller files and import them one by one.`,
    );
  const problems: RowProblem[] = [];
  const records: CsvRecord[] = [];
  const broken = new Map<number, string>();
  for (const error of result.errors) {
    if (error.code === 'UndetectableDelimiter') continue;
    const row = error.row ?? data.length - 1;
    const message =
      error.code === 'MissingQuotes'
        ? 'a quoted field is never closed, so this row and everything after it could not be read'
        : error.code === 'InvalidQuotes'
          ? 'a quote in this row is misplaced, so its fields could not be read'
          : `this row could not be read (${error.message})`;
    if (!broken.has(row)) broken.set(row, message);
  }
  let line = 1;
  data.forEach((cells, index) => {
    const message = broken.get(index);
    if (message === undefined) records.push({ line, cells });
    else problems.push({ file, line, message });
    line += 1 + newlinesIn(cells);
  });
  return { records, problems };
}

export const isBlank = (record: CsvRecord): boolean =>
  record.cells.length <= 1 && (record.cells[0] ?? '').trim() === '';

const norm = (name: string): string => name.trim().toLowerCase().replace(/\s+/g, ' ');

/** Looks columns up by name (trimmed, any case), so reordered and extra columns do not matter. */
export class Columns {
  private readonly index = new Map<string, number>();

  constructor(readonly header: readonly string[]) {
    header.forEach((name, i) => {
      const key = norm(name);
      if (!this.index.has(key)) this.index.set(key, i);
    });
  }

  has(name: string): boolean {
    return this.index.has(norm(name));
  }

  /** The position of the first column with one of these names, or -1. */
  position(...names: string[]): number {
    for (const name of names) {
      const found = this.index.get(norm(name));
      if (found !== undefined) return found;
    }
    return -1;
  }

  /** The trimmed cell of the first column with one of these names, or '' when there is none. */
  get(record: CsvRecord, ...names: string[]): string {
    return cell(record, this.position(...names));
  }

  /** The names of these columns the header lacks. */
  missing(...names: string[]): string[] {
    return names.filter((name) => !this.has(name));
  }
}

/** A `'` put before text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR). */
const ESCAPED_FORMULA = /^'[=+\-@\t\r]/;

/**
 * The trimmed cell at a column position (from `Columns.position`), '' when absent. The `'` that
 * Marquee's exports (and OWASP-minded tools) put before a formula-like cell is dropped, so
 * `'=HYPERLINK(…)` reads back as the title `=HYPERLINK(…)`; a `'` before anything else is text.
 */
export function cell(record: CsvRecord, position: number): string {
  if (position < 0) return '';
  const value = record.cells[position];
  if (value === undefined) return '';
  const trimmed = value.trim();
  return ESCAPED_FORMULA.test(trimmed) ? trimmed.slice(1) : trimmed;
}
