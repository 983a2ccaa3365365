import { LIBRARY_BASE_TIME, type StandInLibrary } from './library';

/**
 * A large home library for the stand-ins, as a heavy watcher's server holds it: thousands of
 * films and hundreds of series, every item played once or more. Ids vary as on real servers:
 * some films carry their TMDB id and others only IMDb's; some series carry TMDB's id and others
 * only TheTVDB's or IMDb's; every episode carries its own TheTVDB id and most their IMDb id.
 * Nothing depends on the day or the clock: the same options give the same library.
 */
export interface LargeLibraryOptions {
  films?: number;
  series?: number;
  episodesPerSeries?: number;
}

/** Episodes per season in the generated seasons. */
export const LARGE_SEASON_LENGTH = 10;
const MINUTE = 60_000;

/** The ids of the `i`-th generated film, series or episode, for a fake TMDB to answer. */
export const largeIds = {
  filmTmdb: (i: number): number => 500_000 + i,
  filmImdb: (i: number): string => `tt${String(5_000_000 + i)}`,
  seriesTmdb: (s: number): number => 600_000 + s,
  seriesTvdb: (s: number): string => String(700_000 + s),
  seriesImdb: (s: number): string => `tt${String(6_000_000 + s)}`,
  episodeTvdb: (i: number): string => String(8_000_000 + i),
  episodeImdb: (i: number): string => `tt${String(7_000_000 + i)}`,
};

/** Which ids a generated film or series carries (the rest are left empty, as servers do). */
export const largeShape = {
  /** Every other film carries its TMDB id; the others only IMDb's. */
  filmHasTmdb: (i: number): boolean => i % 2 === 0,
  /** Series by fives: two carry TMDB's id (and the others), two TheTVDB's only, one IMDb's only. */
  seriesIds: (s: number): 'tmdb' | 'tvdb' | 'imdb' =>
    s % 5 < 2 ? 'tmdb' : s % 5 < 4 ? 'tvdb' : 'imdb',
  /** Every fourth episode has no IMDb id. */
  episodeHasImdb: (i: number): boolean => i % 4 !== 3,
};

/** 2,000 films and 400 series of 50 episodes (20,000), all played, by default. */
export function largeLibrary(options: LargeLibraryOptions = {}): StandInLibrary {
  const filmCount = options.films ?? 2_000;
  const seriesCount = options.series ?? 400;
  const perSeries = options.episodesPerSeries ?? 50;
  const films = Array.from({ length: filmCount }, (_, i) => ({
    key: 10_000 + i,
    title: `Film ${String(i + 1)}`,
    year: 1970 + (i % 55),
    tmdb: largeShape.filmHasTmdb(i) ? String(largeIds.filmTmdb(i)) : '',
    imdb: largeIds.filmImdb(i),
    durationMs: 6_000_000,
    legacyAgent: false,
    playCount: 1 + (i % 7 === 0 ? 1 : 0),
    lastPlayedAt: LIBRARY_BASE_TIME - i * 97 * MINUTE,
  }));
  const series = Array.from({ length: seriesCount }, (_, s) => {
    const kind = largeShape.seriesIds(s);
    return {
      key: 50_000 + s,
      title: `Series ${String(s + 1)}`,
      year: 1990 + (s % 35),
      tmdb: kind === 'tmdb' ? String(largeIds.seriesTmdb(s)) : '',
      tvdb: kind === 'imdb' ? '' : largeIds.seriesTvdb(s),
      imdb: kind === 'tvdb' ? '' : largeIds.seriesImdb(s),
    };
  });
  const episodes = series.flatMap((s, si) =>
    Array.from({ length: perSeries }, (_, n) => {
      const i = si * perSeries + n;
      return {
        key: 100_000 + i,
        seriesKey: s.key,
        season: Math.floor(n / LARGE_SEASON_LENGTH) + 1,
        episode: (n % LARGE_SEASON_LENGTH) + 1,
        title: `Episode ${String(n + 1)}`,
        tmdb: String(9_000_000 + i),
        tvdb: largeIds.episodeTvdb(i),
        imdb: largeShape.episodeHasImdb(i) ? largeIds.episodeImdb(i) : null,
        durationMs: 2_640_000,
        playCount: 1,
        lastPlayedAt: LIBRARY_BASE_TIME - i * 41 * MINUTE,
      };
    }),
  );
  return { films, series, episodes };
}
