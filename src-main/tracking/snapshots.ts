/**
 * What a refresh brings back from TMDB, already checked and normalized by the source: dates are
 * valid `YYYY-MM-DD` or null, numbers are integers. The store writes these as they are.
 */

export interface EpisodeSnapshot {
  season: number;
  episode: number;
  id: number | null;
  name: string;
  overview: string;
  stillPath: string | null;
  airDate: string | null;
  runtime: number | null;
}

export interface SeasonSnapshot {
  season: number;
  name: string | null;
  episodeCount: number;
  airDate: string | null;
  posterPath: string | null;
}

export interface SeriesSnapshot {
  id: number;
  name: string;
  posterPath: string | null;
  /** TMDB's words: "Returning Series", "Ended", "Canceled", "In Production", ... */
  status: string;
  firstAirDate: string | null;
  lastAirDate: string | null;
  nextAirDate: string | null;
  /** Every season TMDB lists for the series. */
  seasons: SeasonSnapshot[];
  /** Episodes of the seasons fetched with this answer; other seasons keep what is stored. */
  episodes: Map<number, EpisodeSnapshot[]>;
}

export interface ReleaseSnapshot {
  region: string;
  type: 1 | 2 | 3 | 4 | 5 | 6;
  date: string;
  note: string;
}

export interface FilmSnapshot {
  id: number;
  title: string;
  posterPath: string | null;
  releaseDate: string | null;
  status: string;
  releases: ReleaseSnapshot[];
}
