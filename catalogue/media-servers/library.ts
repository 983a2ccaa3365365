/**
 * The one small library the media-server stand-ins serve: a few films and series with real TMDB,
 * IMDb and TVDB ids, and generated episodes, each with a fixed played state. Nothing depends on
 * the day or the clock: the same options give the same library.
 */

export interface StandInFilm {
  key: number;
  title: string;
  year: number;
  tmdb: string;
  imdb: string;
  durationMs: number;
  /** Served with Plex's old agent `guid` (`com.plexapp.agents.imdb://…`) and no `Guid[]`. */
  legacyAgent: boolean;
  playCount: number;
  lastPlayedAt: number | null;
}

export interface StandInSeries {
  key: number;
  title: string;
  year: number;
  tmdb: string;
  tvdb: string;
  imdb: string;
}

export interface StandInEpisode {
  key: number;
  seriesKey: number;
  season: number;
  episode: number;
  title: string;
  tmdb: string;
  tvdb: string;
  imdb: string | null;
  durationMs: number;
  playCount: number;
  lastPlayedAt: number | null;
}

export interface StandInLibrary {
  films: StandInFilm[];
  series: StandInSeries[];
  episodes: StandInEpisode[];
}

export interface LibraryOptions {
  /** Generated episodes across the series (12 by default; 20,000 is a large home library). */
  episodes?: number;
}

/** When the library's plays happened: 2026-08-01 20:14:03 UTC, and an hour earlier per item. */
export const LIBRARY_BASE_TIME = Date.UTC(2026, 7, 1, 20, 14, 3);
const HOUR = 3_600_000;

const FILMS: readonly Omit<StandInFilm, 'key' | 'lastPlayedAt'>[] = [
  {
    title: 'Arrival',
    year: 2016,
    tmdb: '329865',
    imdb: 'tt2543164',
    durationMs: 6_960_000,
    legacyAgent: false,
    playCount: 2,
  },
  {
    title: 'Paddington 2',
    year: 2017,
    tmdb: '346648',
    imdb: 'tt4468740',
    durationMs: 6_240_000,
    legacyAgent: false,
    playCount: 1,
  },
  {
    title: 'The Matrix',
    year: 1999,
    tmdb: '603',
    imdb: 'tt0133093',
    durationMs: 8_160_000,
    legacyAgent: false,
    playCount: 0,
  },
  {
    title: 'Spirited Away',
    year: 2001,
    tmdb: '129',
    imdb: 'tt0245429',
    durationMs: 7_500_000,
    legacyAgent: true,
    playCount: 1,
  },
];

const SERIES: readonly Omit<StandInSeries, 'key'>[] = [
  { title: 'Breaking Bad', year: 2008, tmdb: '1396', tvdb: '81189', imdb: 'tt0903747' },
  { title: 'Friends', year: 1994, tmdb: '1668', tvdb: '79168', imdb: 'tt0108778' },
  { title: 'Severance', year: 2022, tmdb: '95396', tvdb: '371980', imdb: 'tt11280740' },
];

/** Episodes per season in the generated seasons. */
const SEASON_LENGTH = 10;

/** A fresh library (each stand-in owns its copy and changes it as items are played). */
export function standInLibrary(options: LibraryOptions = {}): StandInLibrary {
  const films = FILMS.map((f, i) => ({
    ...f,
    key: 100 + i,
    lastPlayedAt: f.playCount > 0 ? LIBRARY_BASE_TIME - i * HOUR : null,
  }));
  const series = SERIES.map((s, i) => ({ ...s, key: 200 + i }));
  const count = options.episodes ?? 12;
  const perSeries = Math.ceil(count / series.length);
  const episodes: StandInEpisode[] = [];
  for (let i = 0; i < count; i++) {
    const s = series[Math.floor(i / perSeries)] ?? series[series.length - 1];
    if (!s) break;
    const n = i % perSeries;
    const played = i % 3 !== 2;
    episodes.push({
      key: 1000 + i,
      seriesKey: s.key,
      season: Math.floor(n / SEASON_LENGTH) + 1,
      episode: (n % SEASON_LENGTH) + 1,
      title: `Episode ${n + 1}`,
      tmdb: String(1_000_000 + i),
      tvdb: String(2_000_000 + i),
      imdb: i % 4 === 3 ? null : `tt9${String(i).padStart(6, '0')}`,
      durationMs: 2_640_000,
      playCount: played ? 1 : 0,
      lastPlayedAt: played ? LIBRARY_BASE_TIME - (films.length + i) * HOUR : null,
    });
  }
  return { films, series, episodes };
}

/** The film or episode with this key, or undefined. */
export function itemOf(
  library: StandInLibrary,
  key: number,
): StandInFilm | StandInEpisode | undefined {
  return library.films.find((f) => f.key === key) ?? library.episodes.find((e) => e.key === key);
}

export function isFilm(item: StandInFilm | StandInEpisode): item is StandInFilm {
  return !('seriesKey' in item);
}
