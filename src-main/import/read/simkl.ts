import type { ImportRow, SourceRef } from '../rows';
import { cleanTitle, type Collector } from './collect';
import { parseTimestamp } from './dates';
import type { JsonFile } from './trakt';

/**
 * Simkl's backup (`SimklBackup.json`, alone or zipped): `{ shows, anime, movies }` as Simkl's
 * `sync/all-items` gives them, with per-episode dates where Simkl kept them.
 */

const SECTIONS = ['shows', 'anime', 'movies'] as const;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** True for a Simkl backup: an object with a `shows`, `anime` or `movies` array of Simkl items. */
export function isSimklJson(data: unknown): boolean {
  if (!isObj(data)) return false;
  const lists = SECTIONS.map((s) => data[s]).filter(Array.isArray);
  if (lists.length === 0 || SECTIONS.some((s) => s in data && !Array.isArray(data[s])))
    return false;
  const items = lists.flat() as unknown[];
  return (
    items.length === 0 ||
    items.some((i) => isObj(i) && (isObj(i.show) || isObj(i.movie) || isObj(i.anime)))
  );
}

/** How Simkl's statuses land in Marquee; the preview shows it. */
export const SIMKL_STATUSES =
  'Simkl statuses: plantowatch → watchlist; completed and watching → watch history; hold and dropped → the episodes watched so far (Marquee has no paused or dropped state)';

/** An id as Simkl writes it: a number, or a number in a string. */
function idOf(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
}

function refOf(item: Obj, mediaType: 'movie' | 'tv'): SourceRef | null {
  const ids = isObj(item.ids) ? item.ids : {};
  const title = typeof item.title === 'string' ? item.title.trim() : '';
  const year = typeof item.year === 'number' && item.year >= 1870 ? item.year : undefined;
  const tmdbId = idOf(ids.tmdb);
  const tvdbId = mediaType === 'tv' ? idOf(ids.tvdb) : undefined;
  const imdbId =
    typeof ids.imdb === 'string' && /^tt\d{5,10}$/.test(ids.imdb) ? ids.imdb : undefined;
  if (title === '' && tmdbId === undefined && tvdbId === undefined && imdbId === undefined)
    return null;
  return {
    mediaType,
    ...(title === '' ? {} : { title: cleanTitle(title) }),
    ...(year === undefined ? {} : { year }),
    ...(tmdbId === undefined ? {} : { tmdbId }),
    ...(tvdbId === undefined ? {} : { tvdbId }),
    ...(imdbId === undefined ? {} : { imdbId }),
  };
}

/** Simkl writes the first second of 1970 where it does not know when. */
const PLACEHOLDER_BEFORE = Date.UTC(1971, 0, 1);

export function readSimkl(files: readonly JsonFile[], maxRows: number, out: Collector): void {
  for (const file of files) {
    if (!isObj(file.data)) continue;
    const data = file.data;
    const count = SECTIONS.reduce(
      (n, s) => n + (Array.isArray(data[s]) ? (data[s] as []).length : 0),
      0,
    );
    if (count > maxRows) {
      out.problem(
        file.name,
        0,
        `the backup lists ${count.toLocaleString('en-US')} titles, more than Marquee imports from one file`,
      );
      continue;
    }
    out.use(file.name);
    out.problem(file.name, 0, SIMKL_STATUSES);
    let index = 0;
    for (const section of SECTIONS) {
      const list = data[section];
      if (!Array.isArray(list)) continue;
      for (const entry of list as unknown[]) {
        index += 1;
        readEntry(file.name, index, section, entry, out);
      }
    }
  }
}

function dateOf(value: unknown, file: string, line: number, out: Collector): number | null {
  const parsed = parseTimestamp(value);
  if (!parsed.ok) {
    out.problem(file, line, `${parsed.message}; the date was left out`);
    return null;
  }
  if (parsed.at !== null && parsed.at < PLACEHOLDER_BEFORE) {
    out.problem(
      file,
      line,
      `${String(value)} is Simkl's placeholder for an unknown date; the viewing was kept without a date`,
    );
    return null;
  }
  return parsed.at;
}

function readEntry(file: string, line: number, section: string, entry: unknown, out: Collector) {
  const isMovie = section === 'movies';
  const inner = isObj(entry) ? (isMovie ? entry.movie : (entry.show ?? entry.anime)) : undefined;
  const ref = isObj(inner) ? refOf(inner, isMovie ? 'movie' : 'tv') : null;
  if (!isObj(entry) || !ref) {
    out.problem(
      file,
      line,
      `this ${isMovie ? 'film' : 'series'} has no title and no id, so it was skipped`,
    );
    return;
  }
  const status = typeof entry.status === 'string' ? entry.status.toLowerCase() : '';
  const base = { file, line, ref };
  const lastWatched = (): number | null => dateOf(entry.last_watched_at, file, line, out);
  const rating = entry.user_rating;
  if (rating !== null && rating !== undefined) {
    if (typeof rating === 'number' && Number.isInteger(rating) && rating >= 1 && rating <= 10)
      out.rows.push({
        ...base,
        kind: 'ratings',
        rating,
        sourceRating: `${rating}/10`,
        ratedAt: null,
      });
    else
      out.problem(
        file,
        line,
        `“${JSON.stringify(rating).slice(0, 20)}” is not a Simkl rating (1–10)`,
      );
  }
  if (status === 'plantowatch') {
    out.rows.push({ ...base, kind: 'watchlist', addedAt: null });
    return;
  }
  if (isMovie) {
    if (status === 'completed')
      out.rows.push({ ...base, kind: 'watched', watchedAt: lastWatched(), rewatch: false });
    return;
  }
  const seasons = Array.isArray(entry.seasons) ? (entry.seasons as unknown[]) : null;
  if (seasons === null) {
    // No per-episode history: a completed series is watched as a whole; anything else is unknown.
    if (status === 'completed')
      out.rows.push({ ...base, kind: 'watched', watchedAt: lastWatched(), rewatch: false });
    else if (status !== '')
      out.problem(
        file,
        line,
        `Simkl kept no episodes for “${ref.title ?? 'this series'}” (${status}), so no watches were imported`,
      );
    return;
  }
  const episodeRef: SourceRef = { ...ref, mediaType: 'episode' };
  for (const season of seasons) {
    const number = isObj(season)
      ? (idOf(season.number) ?? (season.number === 0 ? 0 : undefined))
      : undefined;
    const episodes =
      isObj(season) && Array.isArray(season.episodes) ? (season.episodes as unknown[]) : [];
    if (number === undefined) {
      out.problem(file, line, 'a season has no number, so its episodes were skipped');
      continue;
    }
    for (const ep of episodes) {
      const episode = isObj(ep) ? idOf(ep.number) : undefined;
      if (!isObj(ep) || episode === undefined) {
        out.problem(file, line, `an episode of season ${number} has no number, so it was skipped`);
        continue;
      }
      const row: ImportRow = {
        file,
        line,
        ref: episodeRef,
        kind: 'watched',
        watchedAt: dateOf(ep.watched_at, file, line, out),
        rewatch: false,
        season: number,
        episode,
      };
      out.rows.push(row);
    }
  }
}
