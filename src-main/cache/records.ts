/** The normalized rows the cache keeps, one shape per table. Values TMDB did not send are null. */
export type DetailLevel = 0 | 1 | 2;

/** 0: a credit or a nested mention; 1: a list/search summary; 2: a details response. */
export const LEVEL = { mention: 0, summary: 1, details: 2 } as const satisfies Record<
  string,
  DetailLevel
>;

export interface TitleRecord {
  kind: 'movie' | 'tv';
  id: number;
  title: string;
  original_title: string | null;
  overview: string | null;
  poster_path: string | null;
  backdrop_path: string | null;
  date: string | null;
  original_language: string | null;
  genre_ids: string | null;
  popularity: number | null;
  vote_average: number | null;
  vote_count: number | null;
  adult: number | null;
  detail_level: DetailLevel;
}

export interface PersonRecord {
  id: number;
  name: string;
  original_name: string | null;
  also_known_as: string | null;
  known_for_department: string | null;
  profile_path: string | null;
  popularity: number | null;
  gender: number | null;
  adult: number | null;
  detail_level: DetailLevel;
}

export interface SeasonRecord {
  series_id: number;
  season_number: number;
  id: number | null;
  name: string | null;
  overview: string | null;
  poster_path: string | null;
  air_date: string | null;
  episode_count: number | null;
  vote_average: number | null;
  detail_level: DetailLevel;
}

export interface EpisodeRecord {
  series_id: number;
  season_number: number;
  episode_number: number;
  id: number | null;
  name: string | null;
  overview: string | null;
  still_path: string | null;
  air_date: string | null;
  runtime: number | null;
  vote_average: number | null;
  vote_count: number | null;
  detail_level: DetailLevel;
}

export interface Extracted {
  titles: TitleRecord[];
  people: PersonRecord[];
  seasons: SeasonRecord[];
  episodes: EpisodeRecord[];
}
