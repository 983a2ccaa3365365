import type { ImportRow } from '../rows';
import { baseName, cleanTitle, type Collector, type TextFile } from './collect';
import { cell } from './csv';
import { date, film, filmColumns, filmKey, letterboxdRating, table } from './letterboxd-files';

/**
 * Letterboxd's import format, what other services (and Marquee) export for Letterboxd:
 * `tmdbID`/`imdbID`, `Title`, `Year`, `Rating10` or `Rating`, `WatchedDate`, `Rewatch`; with a
 * `Position` column it is a list, named after its file.
 */

/** Letterboxd's import format: viewings, ratings (`Rating10` 1–10 or `Rating` stars) or a list. */
export function readImportFormat(
  file: TextFile,
  list: boolean,
  maxRows: number,
  out: Collector,
): void {
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
