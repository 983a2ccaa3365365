import { zipSync } from 'fflate';
import type { TitleCore } from '../data/catalogue';
import { viewingDay, yearOf, type SamplePicks } from './picks';

const at = (day: number, minutes = 0): string =>
  new Date(day * 86_400_000 + (21 * 60 + minutes) * 60_000).toISOString().replace('.000Z', 'Z');

/** Simkl writes TMDB and TVDB ids as strings. */
const ids = (core: TitleCore, simkl: number, withTmdb = true): Record<string, unknown> => ({
  simkl,
  ...(withTmdb ? { tmdb: String(core.id) } : {}),
  ...(core.kind === 'tv' ? { tvdb: String(70_000 + core.index) } : {}),
});

/**
 * A Simkl backup zip (`SimklBackup.json`): a show being watched with per-episode dates and a
 * rating, a completed anime known only by its TVDB id, a show planned (→ watchlist), films
 * completed, planned and rated, one with Simkl's 1970 placeholder date. Hard entries: a film
 * named like two catalogue films with no id or year (ambiguous) and an unknown film (unmatched).
 */
export function simklSample(picks: SamplePicks): Uint8Array {
  const [watching, anime, planned] = picks.series;
  const seasons = (
    entry: SamplePicks['series'][number] | undefined,
    count: number,
    offset: number,
  ) => {
    const bySeason = new Map<number, { number: number; watched_at: string }[]>();
    for (const [k, ep] of (entry?.episodes ?? []).slice(0, count).entries()) {
      const list = bySeason.get(ep.season) ?? [];
      list.push({
        number: ep.episode,
        watched_at: at(Math.min(picks.startDay - 1, ep.day + offset), k),
      });
      bySeason.set(ep.season, list);
    }
    return [...bySeason].map(([number, episodes]) => ({ number, episodes }));
  };
  const shows: unknown[] = [];
  if (watching)
    shows.push({
      status: 'watching',
      // The TV Time sample rates this series 4.5 of 5: the same 9, so one import does not undo the other.
      user_rating: 9,
      last_watched_at: at(picks.startDay - 2),
      show: {
        title: watching.core.title,
        year: yearOf(watching.core),
        ids: ids(watching.core, 1001),
      },
      seasons: seasons(watching, 6, 1),
    });
  if (planned)
    shows.push({
      status: 'plantowatch',
      user_rating: null,
      show: {
        title: planned.core.title,
        year: yearOf(planned.core),
        ids: { simkl_id: 1003, tmdb: planned.core.id },
      },
    });
  const animeList = anime
    ? [
        {
          status: 'completed',
          user_rating: 9,
          last_watched_at: at(picks.startDay - 4),
          show: {
            title: anime.core.title,
            year: yearOf(anime.core),
            ids: { ...ids(anime.core, 1002, false), mal: 5114 },
          },
          seasons: seasons(anime, 4, 2),
        },
      ]
    : [];
  const films = picks.films.slice(36, 40).concat(picks.films.slice(0, 12));
  const movies: unknown[] = films.map((core, k) => ({
    status: k % 6 === 5 ? 'plantowatch' : 'completed',
    user_rating: k % 3 === 0 ? 6 + (k % 5) : null,
    // Simkl keeps the first second of 1970 where it lost the date.
    last_watched_at: k === 2 ? '1970-01-01T00:00:01Z' : at(viewingDay(picks, core, k + 3)),
    movie: { title: core.title, year: yearOf(core), ids: ids(core, 2000 + k, k % 4 !== 1) },
  }));
  if (picks.twins)
    movies.push({
      status: 'completed',
      last_watched_at: at(picks.startDay - 40),
      movie: { title: picks.twins[0].title, ids: { simkl: 2900 } },
    });
  movies.push({
    status: 'completed',
    last_watched_at: at(picks.startDay - 41),
    movie: { title: picks.invented[1] ?? '', year: 2011, ids: { simkl: 2901 } },
  });
  const backup = { shows, anime: animeList, movies };
  const bytes = new TextEncoder().encode(JSON.stringify(backup, null, 2));
  return zipSync(
    { 'SimklBackup.json': bytes },
    { level: 6, mtime: new Date(picks.startDay * 86_400_000) },
  );
}
