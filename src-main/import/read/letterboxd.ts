import type { ImportRow } from '../rows';
import { Collector, baseName, cleanTitle, parentName, parseYear, type TextFile } from './collect';
import { Columns, cell, isBlank, parseCsv, type CsvRecord } from './csv';
import { parseDate } from './dates';

/**
 * Letterboxd's export (Settings → Import & Export): a zip of CSV files, read by column name.
 * - diary.csv: one row per logged viewing (`Watched Date` is the viewing day, `Date` the day it
 *   was logged; `Rewatch` is `Yes` for a rewatch) → watched rows.
 * - watched.csv: every film marked watched; those without a diary entry become watched rows with
 *   no date (the diary already covers the rest).
 * - ratings.csv (0.5–5 stars) → ratings on TMDB's 1–10 scale (×2); without it, the diary's latest
 *   rating of each film is used.
 * - watchlist.csv → watchlist; likes/films.csv → favourites; lists/*.csv → list items.
 * - reviews.csv repeats the diary; deleted/, orphaned/, profile.csv, comments.csv are not film data.
 * Also Letterboxd's import format (what other services, and Marquee, export for Letterboxd):
 * `tmdbID`/`imdbID`, `Title`, `Year`, `Rating10` or `Rating`, `WatchedDate`, `Rewatch`; with a
 * `Position` column it is a list, named after its file.
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

type FilmRef = ImportRow['ref'] & { title: string };

const filmKey = (ref: FilmRef): string => `${ref.title.toLowerCase()}\u0000${ref.year ?? ''}`;

/** Column positions of a file, looked up once per file rather than once per row. */
interface At {
  name: number;
  year: number;
}

const filmColumns = (cols: Columns): At => ({
  name: cols.position('Name', 'Title'),
  year: cols.position('Year'),
});

function film(at: At, record: CsvRecord, file: string, out: Collector): FilmRef | null {
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
function date(
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

interface Table {
  file: string;
  cols: Columns;
  rows: CsvRecord[];
}

/** The header and data rows of a plain export file; a file without the needed columns is reported. */
function table(file: TextFile, maxRows: number, out: Collector, needs: string[]): Table | null {
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

function readList(file: TextFile, maxRows: number, out: Collector): void {
  const parsed = parseCsv(file.text, file.name, maxRows);
  out.problems.push(...parsed.problems);
  const records = parsed.records;
  const headAt = records.findIndex(
    (r) => new Columns(r.cells).has('Name') && new Columns(r.cells).has('Date'),
  );
  const filmsAt = records.findIndex((r) => new Columns(r.cells).has('Position'));
  const head = records[headAt];
  const meta = records[headAt + 1];
  const filmsHead = records[filmsAt];
  if (headAt < 0 || !head || !meta || filmsAt < 0 || !filmsHead) {
    out.problem(
      file.name,
      1,
      'this Letterboxd list file has no list header block (name, then "Position,Name,Year,…"), so it could not be read',
    );
    return;
  }
  out.use(file.name);
  const headCols = new Columns(head.cells);
  const fallbackName = baseName(file.name).replace(/\.csv$/i, '');
  const list = {
    name: cleanTitle(headCols.get(meta, 'Name') || fallbackName),
    description: headCols.get(meta, 'Description').slice(0, 10_000),
  };
  const cols = new Columns(filmsHead.cells);
  const at = filmColumns(cols);
  const films = records.slice(filmsAt + 1).filter((r) => !isBlank(r));
  // Marquee makes lists from the films it imports, so a list with none is said, not lost.
  if (films.length === 0)
    out.problem(
      file.name,
      0,
      `the list “${list.name}” holds no films, so nothing of it is imported (create it in Lists if you want it empty)`,
    );
  for (const record of films) {
    const f = film(at, record, file.name, out);
    if (!f) continue;
    const raw = cols.get(record, 'Position');
    const position = /^\d+$/.test(raw) ? Number(raw) : null;
    out.rows.push({
      kind: 'lists',
      line: record.line,
      file: file.name,
      ref: f,
      list,
      position,
    });
  }
}

/** Letterboxd's import format: viewings, ratings (`Rating10` 1–10 or `Rating` stars) or a list. */
function readImportFormat(file: TextFile, list: boolean, maxRows: number, out: Collector): void {
  const t = table(file, maxRows, out, []);
  if (!t) return;
  out.use(file.name);
  const at = filmColumns(t.cols);
  const ids = {
    tmdb: t.cols.position('tmdbID'),
    imdb: t.cols.position('imdbID'),
    rating10: t.cols.position('Rating10'),
    rating: t.cols.position('Rating'),
    rewatch: t.cols.position('Rewatch'),
    position: t.cols.position('Position'),
  };
  const when = [['WatchedDate', t.cols.position('WatchedDate', 'Watched Date')]] as const;
  const listRef = { name: cleanTitle(baseName(file.name).replace(/\.csv$/i, '')), description: '' };
  const ratings = new Map<string, ImportRow & { kind: 'ratings' }>();

  for (const record of t.rows) {
    const tmdbText = cell(record, ids.tmdb);
    const imdbText = cell(record, ids.imdb);
    const tmdbId =
      /^\d{1,9}$/.test(tmdbText) && Number(tmdbText) > 0 ? Number(tmdbText) : undefined;
    const imdbId = /^tt\d{5,10}$/.test(imdbText) ? imdbText : undefined;
    if ((tmdbText !== '' && tmdbId === undefined) || (imdbText !== '' && imdbId === undefined)) {
      out.problem(
        t.file,
        record.line,
        `"${(tmdbId === undefined ? tmdbText : imdbText).slice(0, 20)}" is not a TMDB or IMDb id`,
      );
      continue;
    }
    let ref: ImportRow['ref'];
    if (cell(record, at.name) === '' && (tmdbId !== undefined || imdbId !== undefined)) {
      ref = { mediaType: 'movie' };
    } else {
      const f = film(at, record, t.file, out);
      if (!f) continue;
      ref = f;
    }
    if (tmdbId !== undefined) ref.tmdbId = tmdbId;
    if (imdbId !== undefined) ref.imdbId = imdbId;
    if (list) {
      const raw = cell(record, ids.position);
      const position = /^\d+$/.test(raw) ? Number(raw) : null;
      out.rows.push({
        kind: 'lists',
        line: record.line,
        file: t.file,
        ref,
        list: listRef,
        position,
      });
      continue;
    }
    const watchedAt = date(record, t.file, out, when);
    if (watchedAt === undefined) continue;
    const rating10 = cell(record, ids.rating10);
    const stars = cell(record, ids.rating);
    let rating: { rating: number; sourceRating: string } | null = null;
    if (rating10 !== '') {
      const value = Number(rating10);
      if (!/^\d{1,2}(\.5|\.0)?$/.test(rating10) || value < 1 || value > 10) {
        out.problem(t.file, record.line, `"${rating10.slice(0, 20)}" is not a rating from 1 to 10`);
        continue;
      }
      rating = { rating: value, sourceRating: `${rating10}/10` };
    } else if (stars !== '') {
      rating = letterboxdRating(stars);
      if (!rating) {
        out.problem(
          t.file,
          record.line,
          `"${stars.slice(0, 20)}" is not a rating of 0.5 to 5 stars`,
        );
        continue;
      }
    }
    // A row with a rating and no viewing date is a rating only, as Letterboxd reads it.
    if (watchedAt !== null || rating === null) {
      const rewatch = /^(yes|true|1)$/i.test(cell(record, ids.rewatch));
      out.rows.push({ kind: 'watched', line: record.line, file: t.file, ref, watchedAt, rewatch });
    }
    if (!rating) continue;
    // One rating per film: a film viewed several times repeats it on every row; the latest wins.
    const key =
      ref.tmdbId !== undefined
        ? `tmdb:${ref.tmdbId}`
        : ref.imdbId !== undefined
          ? `imdb:${ref.imdbId}`
          : filmKey({ ...ref, title: ref.title ?? '' });
    const known = ratings.get(key);
    if (!known || (watchedAt ?? 0) >= (known.ratedAt ?? 0))
      ratings.set(key, {
        kind: 'ratings',
        line: record.line,
        file: t.file,
        ref,
        ...rating,
        ratedAt: watchedAt,
      });
  }
  out.rows.push(...ratings.values());
}

export function readLetterboxd(
  files: readonly { file: TextFile; role: LetterboxdRole }[],
  maxRows: number,
  out: Collector,
): void {
  const of = (role: LetterboxdRole): TextFile[] =>
    files.filter((f) => f.role === role).map((f) => f.file);
  const hasRatingsFile = of('ratings').length > 0;
  const inDiary = new Set<string>();
  /** Film keys are needed to leave out watched.csv's diary films, and to keep one rating per film. */
  const needKeys = of('watched').length > 0 || !hasRatingsFile;
  /** The diary's latest rating of each film, used only when there is no ratings.csv. */
  const diaryRatings = new Map<
    string,
    { at: number | null; line: number; file: string; f: FilmRef; text: string }
  >();

  for (const file of of('diary')) {
    const t = table(file, maxRows, out, ['Name']);
    if (!t) continue;
    out.use(file.name);
    const at = filmColumns(t.cols);
    const when = [
      ['Watched Date', t.cols.position('Watched Date')],
      ['Date', t.cols.position('Date')],
    ] as const;
    const rewatchAt = t.cols.position('Rewatch');
    const ratingAt = t.cols.position('Rating');
    for (const record of t.rows) {
      const f = film(at, record, t.file, out);
      if (!f) continue;
      const watchedAt = date(record, t.file, out, when);
      if (watchedAt === undefined) continue;
      const key = needKeys ? filmKey(f) : '';
      if (needKeys) inDiary.add(key);
      const rewatch = /^(yes|true|1)$/i.test(cell(record, rewatchAt));
      out.rows.push({
        kind: 'watched',
        line: record.line,
        file: t.file,
        ref: f,
        watchedAt,
        rewatch,
      });
      const text = cell(record, ratingAt);
      if (hasRatingsFile || text === '') continue;
      const known = diaryRatings.get(key);
      if (!known || (watchedAt ?? 0) >= (known.at ?? 0))
        diaryRatings.set(key, { at: watchedAt, line: record.line, file: t.file, f, text });
    }
  }
  for (const { at, line, file, f, text } of diaryRatings.values()) {
    const rating = letterboxdRating(text);
    if (rating) out.rows.push({ kind: 'ratings', line, file, ref: f, ...rating, ratedAt: at });
    else out.problem(file, line, `"${text.slice(0, 20)}" is not a rating of 0.5 to 5 stars`);
  }

  for (const file of of('watched')) {
    const t = table(file, maxRows, out, ['Name']);
    if (!t) continue;
    out.use(file.name);
    const at = filmColumns(t.cols);
    for (const record of t.rows) {
      const f = film(at, record, t.file, out);
      if (!f || inDiary.has(filmKey(f))) continue;
      out.rows.push({
        kind: 'watched',
        line: record.line,
        file: t.file,
        ref: f,
        watchedAt: null,
        rewatch: false,
      });
    }
  }

  for (const file of of('ratings')) {
    const t = table(file, maxRows, out, ['Name', 'Rating']);
    if (!t) continue;
    out.use(file.name);
    const at = filmColumns(t.cols);
    const ratingAt = t.cols.position('Rating');
    const when = [['Date', t.cols.position('Date')]] as const;
    for (const record of t.rows) {
      const f = film(at, record, t.file, out);
      if (!f) continue;
      const raw = cell(record, ratingAt);
      const rating = letterboxdRating(raw);
      if (!rating) {
        out.problem(
          t.file,
          record.line,
          raw === ''
            ? 'the row has no rating'
            : `"${raw.slice(0, 20)}" is not a rating of 0.5 to 5 stars`,
        );
        continue;
      }
      const ratedAt = date(record, t.file, out, when);
      if (ratedAt === undefined) continue;
      out.rows.push({
        kind: 'ratings',
        line: record.line,
        file: t.file,
        ref: f,
        ...rating,
        ratedAt,
      });
    }
  }

  for (const [role, kind] of [
    ['watchlist', 'watchlist'],
    ['likes', 'favourites'],
  ] as const) {
    for (const file of of(role)) {
      const t = table(file, maxRows, out, ['Name']);
      if (!t) continue;
      out.use(file.name);
      const at = filmColumns(t.cols);
      const when = [['Date', t.cols.position('Date')]] as const;
      for (const record of t.rows) {
        const f = film(at, record, t.file, out);
        if (!f) continue;
        const addedAt = date(record, t.file, out, when);
        if (addedAt === undefined) continue;
        out.rows.push({ kind, line: record.line, file: t.file, ref: f, addedAt });
      }
    }
  }

  for (const file of of('list')) readList(file, maxRows, out);
  for (const file of of('import')) readImportFormat(file, false, maxRows, out);
  for (const file of of('importList')) readImportFormat(file, true, maxRows, out);
}
