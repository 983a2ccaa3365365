import { Collector, baseName, cleanTitle, type TextFile } from './collect';
import { Columns, cell, isBlank, parseCsv } from './csv';
import { readImportFormat } from './letterboxd-import';
import {
  date,
  film,
  filmColumns,
  filmKey,
  letterboxdRating,
  table,
  type FilmRef,
  type LetterboxdRole,
} from './letterboxd-files';

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
 * Files in Letterboxd's import format are read by letterboxd-import.ts.
 */

/** A list of the export (lists/*.csv): a block naming the list, then its films in order. */
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
