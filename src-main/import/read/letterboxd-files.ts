import type { ImportRow } from '../rows';
import { Collector, baseName, cleanTitle, parentName, parseYear, type TextFile } from './collect';
import { Columns, cell, isBlank, parseCsv, type CsvRecord } from './csv';
import { parseDate } from './dates';

/**
 * What a Letterboxd file is and how its columns read, for both Letterboxd readers: the export's
 * (letterboxd.ts) and the import format's (letterboxd-import.ts). A file is told by its header,
 * then by its place in the export; films are read by column name.
 */

export type LetterboxdRole =
  | 'diary'
  | 'watched'
  | 'ratings'
  | 'watchlist'
  | 'likes'
  | 'list'
  | 'import'
  | 'importList'
  | 'skip';

const LIST_MARK = /^letterboxd list export/i;

const headerOf = (firstLine: string): Columns =>
  new Columns(firstLine.split(/[,;\t]/).map((c) => c.trim().replace(/^"|"$/g, '')));

/** Letterboxd's import format: ids or a URI in its own column names, beside a title. */
function isImportFormat(header: Columns): boolean {
  return (
    (header.has('tmdbID') || header.has('imdbID') || header.has('LetterboxdURI')) &&
    (header.has('Title') || header.has('Name') || header.has('tmdbID'))
  );
}

/** True when the text is a file of a Letterboxd export (by its header, not its name). */
export function isLetterboxdCsv(firstLine: string): boolean {
  return (
    LIST_MARK.test(firstLine) ||
    /(^|[,;\t])"?letterboxd uri"?([,;\t]|$)/i.test(firstLine) ||
    isImportFormat(headerOf(firstLine))
  );
}

/**
 * Which part of the export a file is. The header tells diary, ratings and lists apart; watched,
 * watchlist and liked films share one header, so the file's place in the export tells them apart.
 */
export function letterboxdRole(name: string, firstLine: string): LetterboxdRole | 'ambiguous' {
  const lower = name.toLowerCase();
  if (/(^|\/)(deleted|orphaned)\//.test(lower)) return 'skip';
  if (LIST_MARK.test(firstLine)) return 'list';
  const header = headerOf(firstLine);
  if (isImportFormat(header)) return header.has('Position') ? 'importList' : 'import';
  if (header.has('Review')) return 'skip';
  if (header.has('Watched Date') || header.has('Rewatch')) return 'diary';
  if (header.has('Rating')) return 'ratings';
  const base = baseName(name);
  if (base.includes('rating')) return 'ratings';
  if (base.includes('diary')) return 'diary';
  if (base.includes('watchlist')) return 'watchlist';
  // likes/ also holds liked reviews and lists, which are not films the user liked.
  if (parentName(name) === 'likes') return base === 'films.csv' ? 'likes' : 'skip';
  if (base.includes('like')) return 'likes';
  if (base.includes('watched')) return 'watched';
  return 'ambiguous';
}

export type FilmRef = ImportRow['ref'] & { title: string };

export const filmKey = (ref: FilmRef): string =>
  `${ref.title.toLowerCase()}\u0000${ref.year ?? ''}`;

/** Column positions of a file, looked up once per file rather than once per row. */
export interface At {
  name: number;
  year: number;
}

export const filmColumns = (cols: Columns): At => ({
  name: cols.position('Name', 'Title'),
  year: cols.position('Year'),
});

export function film(at: At, record: CsvRecord, file: string, out: Collector): FilmRef | null {
  const title = cell(record, at.name);
  if (title === '') {
    out.problem(file, record.line, 'the row has no film name');
    return null;
  }
  const yearText = cell(record, at.year);
  const year = parseYear(yearText);
  if (year === false) {
    out.problem(file, record.line, `"${yearText.slice(0, 20)}" is not a year`);
    return null;
  }
  const ref: FilmRef = { title: cleanTitle(title), mediaType: 'movie' };
  if (year !== undefined) ref.year = year;
  return ref;
}

/** Letterboxd's half-star ratings as TMDB's 1–10 scale, with the text the user knows. */
export function letterboxdRating(text: string): { rating: number; sourceRating: string } | null {
  if (!/^\d(\.\d+)?$/.test(text)) return null;
  const stars = Number(text);
  if (stars < 0.5 || stars > 5 || !Number.isInteger(stars * 2)) return null;
  return { rating: stars * 2, sourceRating: `${text} ${stars === 1 ? 'star' : 'stars'}` };
}

/** The first non-empty date of these columns (label and position): null when all are empty. */
export function date(
  record: CsvRecord,
  file: string,
  out: Collector,
  columns: readonly (readonly [string, number])[],
): number | null | undefined {
  for (const [label, position] of columns) {
    const raw = cell(record, position);
    if (raw === '') continue;
    const result = parseDate(raw);
    if (!result.ok) {
      out.problem(file, record.line, `${label}: ${result.message}`);
      return undefined;
    }
    return result.at;
  }
  return null;
}

export interface Table {
  file: string;
  cols: Columns;
  rows: CsvRecord[];
}

/** The header and data rows of a plain export file; a file without the needed columns is reported. */
export function table(
  file: TextFile,
  maxRows: number,
  out: Collector,
  needs: string[],
): Table | null {
  const parsed = parseCsv(file.text, file.name, maxRows);
  out.problems.push(...parsed.problems);
  const nonBlank = parsed.records.filter((r) => !isBlank(r));
  const head = nonBlank[0];
  if (!head) return null;
  const cols = new Columns(head.cells);
  const missing = cols.missing(...needs);
  if (missing.length > 0) {
    out.problem(
      file.name,
      head.line,
      `the file has no ${missing.map((m) => `"${m}"`).join(' or ')} column, so none of its rows could be read`,
    );
    return null;
  }
  return { file: file.name, cols, rows: nonBlank.slice(1) };
}
