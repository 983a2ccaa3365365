import type { SourceMediaType, SourceRef } from '../rows';
import { Collector, baseName, cleanTitle, parseYear, type TextFile } from './collect';
import { Columns, isBlank, parseCsv } from './csv';
import { parseDate } from './dates';

/**
 * IMDb's CSV exports (Your ratings, a list, the watchlist), read by column name because the order
 * has changed over the years. `Const` is the title's tt id; `Your Rating` is already 1–10.
 * A list export does not say whether it is the watchlist: its file name (`WATCHLIST.csv`) does.
 */

/** True when a CSV header is an IMDb export's. */
export function isImdbHeader(firstLine: string): boolean {
  const cols = new Columns(firstLine.split(/[,;\t]/).map((c) => c.trim().replace(/^"|"$/g, '')));
  return (
    cols.has('Const') && (cols.has('Your Rating') || cols.has('Title Type') || cols.has('Position'))
  );
}

const MOVIE_TYPES = new Set([
  'movie',
  'feature',
  'tvmovie',
  'short',
  'tvshort',
  'video',
  'tvspecial',
  'documentary',
]);
const TV_TYPES = new Set(['tvseries', 'tvminiseries', 'series', 'miniseries']);

/** IMDb's title type as a media type; null for what is neither a film nor a series. */
export function imdbMediaType(raw: string): SourceMediaType | null {
  const key = raw.toLowerCase().replace(/[\s_-]/g, '');
  if (key === '') return 'unknown';
  if (MOVIE_TYPES.has(key)) return 'movie';
  if (TV_TYPES.has(key)) return 'tv';
  if (key === 'tvepisode' || key === 'episode') return 'episode';
  return null;
}

export function readImdb(files: readonly TextFile[], maxRows: number, out: Collector): void {
  for (const file of files) {
    const parsed = parseCsv(file.text, file.name, maxRows);
    out.problems.push(...parsed.problems);
    const records = parsed.records.filter((r) => !isBlank(r));
    const head = records[0];
    if (!head) continue;
    const cols = new Columns(head.cells);
    if (!cols.has('Const')) {
      out.problem(
        file.name,
        head.line,
        'the file has no "Const" column (the tt id), so none of its rows could be read',
      );
      continue;
    }
    out.use(file.name);
    const isList = cols.has('Position');
    const watchlist = isList && baseName(file.name).includes('watchlist');
    const list = { name: cleanTitle(baseName(file.name).replace(/\.csv$/i, '')), description: '' };
    for (const record of records.slice(1)) {
      const line = record.line;
      const imdbId = cols.get(record, 'Const');
      // Marquee's own IMDb-style export carries TMDB ids where the tt id is not known.
      const tmdbText = cols.get(record, 'TMDb ID', 'tmdbID');
      const tmdbId =
        /^\d{1,9}$/.test(tmdbText) && Number(tmdbText) > 0 ? Number(tmdbText) : undefined;
      if (!/^tt\d{5,10}$/.test(imdbId) && !(imdbId === '' && tmdbId !== undefined)) {
        out.problem(
          file.name,
          line,
          imdbId === ''
            ? 'the row has no IMDb id (Const)'
            : `"${imdbId.slice(0, 20)}" is not an IMDb title id`,
        );
        continue;
      }
      const typeText = cols.get(record, 'Title Type');
      const mediaType = imdbMediaType(typeText);
      if (mediaType === null) {
        out.problem(
          file.name,
          line,
          `a ${typeText.slice(0, 30)} is not a film or a series, so it is not imported`,
        );
        continue;
      }
      const year = parseYear(cols.get(record, 'Year'));
      const title = cols.get(record, 'Title');
      const original = cols.get(record, 'Original Title');
      // An episode named by its TMDB address (…/tv/ID/season/S/episode/E) is rated as such.
      const episodeAt = /themoviedb\.org\/tv\/\d+\/season\/(\d+)\/episode\/(\d+)/.exec(
        cols.get(record, 'URL'),
      );
      const ref: SourceRef = {
        mediaType: episodeAt && tmdbId !== undefined ? 'tv' : mediaType,
        ...(imdbId === '' ? {} : { imdbId }),
        ...(tmdbId === undefined ? {} : { tmdbId }),
        ...(title === '' ? {} : { title: cleanTitle(title) }),
        ...(original === '' || original === title ? {} : { originalTitle: cleanTitle(original) }),
        ...(typeof year === 'number' ? { year } : {}),
      };
      const episode =
        episodeAt && tmdbId !== undefined
          ? { season: Number(episodeAt[1]), episode: Number(episodeAt[2]) }
          : {};
      const rawRating = cols.get(record, 'Your Rating');
      if (rawRating !== '') {
        const rating = Number(rawRating);
        if (!/^\d{1,2}$/.test(rawRating) || rating < 1 || rating > 10) {
          out.problem(file.name, line, `"${rawRating.slice(0, 20)}" is not a rating from 1 to 10`);
        } else {
          const rated = parseDate(cols.get(record, 'Date Rated'));
          if (!rated.ok) out.problem(file.name, line, `Date Rated: ${rated.message}`);
          else
            out.rows.push({
              kind: 'ratings',
              line,
              file: file.name,
              ref,
              rating,
              sourceRating: `${rating}/10`,
              ...episode,
              ratedAt: rated.at,
            });
        }
      } else if (!isList) {
        out.problem(file.name, line, 'the row has no rating');
      }
      if (!isList) continue;
      const added = parseDate(cols.get(record, 'Created'));
      if (!added.ok) {
        out.problem(file.name, line, `Created: ${added.message}`);
        continue;
      }
      if (watchlist) {
        out.rows.push({ kind: 'watchlist', line, file: file.name, ref, addedAt: added.at });
      } else {
        const raw = cols.get(record, 'Position');
        const position = /^\d+$/.test(raw) ? Number(raw) : null;
        out.rows.push({ kind: 'lists', line, file: file.name, ref, list, position });
      }
    }
  }
}
