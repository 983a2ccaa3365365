/** Where TMDB is and which application credentials to present, read from the environment. */
export interface TmdbConfig {
  apiBase: string;
  imageBase: string;
  accessToken: string | undefined;
  apiKey: string | undefined;
}

export const TMDB_API_BASE = 'https://api.themoviedb.org';
export const TMDB_IMAGE_BASE = 'https://image.tmdb.org/t/p';

export function readTmdbConfig(env: Record<string, string | undefined>): TmdbConfig {
  const clean = (v: string | undefined): string | undefined =>
    v && v.trim() !== '' ? v.trim() : undefined;
  return {
    apiBase: (clean(env.TMDB_API_BASE) ?? TMDB_API_BASE).replace(/\/+$/, '').replace(/\/3$/, ''),
    imageBase: (clean(env.TMDB_IMAGE_BASE) ?? TMDB_IMAGE_BASE).replace(/\/+$/, ''),
    accessToken: clean(env.TMDB_ACCESS_TOKEN),
    apiKey: clean(env.TMDB_API_KEY),
  };
}
