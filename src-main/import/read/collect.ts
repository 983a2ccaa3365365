import type { ImportRow, RowProblem } from '../rows';

/** A text file of the export, decoded. */
export interface TextFile {
  /** Its path inside the export, or the picked file's name. */
  name: string;
  text: string;
}

/** What one reader gathers: rows, per-row problems and the files it used. */
export class Collector {
  readonly rows: ImportRow[] = [];
  readonly problems: RowProblem[] = [];
  readonly files: string[] = [];

  use(file: string): void {
    if (!this.files.includes(file)) this.files.push(file);
  }

  problem(file: string, line: number, message: string): void {
    this.problems.push({ file, line, message });
  }
}

/** The last path segment, lower-cased: `Letterboxd/likes/films.csv` → `films.csv`. */
export const baseName = (name: string): string => (name.split('/').pop() ?? name).toLowerCase();

/** The folder a file sits in, lower-cased ('' at the top). */
export const parentName = (name: string): string => {
  const parts = name.split('/');
  return parts.length > 1 ? (parts[parts.length - 2] ?? '').toLowerCase() : '';
};

/** Reads a year such as "1999"; '' is undefined, anything else false. */
export function parseYear(text: string): number | undefined | false {
  if (text === '') return undefined;
  if (!/^\d{4}$/.test(text)) return false;
  const year = Number(text);
  return year >= 1870 && year <= 2200 ? year : false;
}

/** Keeps a title as it is but caps its length, so a 10,000-character name cannot flood the UI. */
export const cleanTitle = (text: string): string =>
  text.length > 500 ? `${text.slice(0, 500)}…` : text;
