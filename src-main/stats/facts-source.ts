import type { Read } from '../cache/reads';
import type { PersonFact, TitleFacts, TitleRef } from './store/facts';

/** Where a title's facts come from: TMDB through the cache, or a fake in tests. */
export type FactsSource = (ref: TitleRef) => Promise<TitleFacts>;

/** How many top-billed cast members a title keeps. */
export const CAST_KEPT = 10;

interface CreditLike {
  id: number;
  name?: string | null;
  profile_path?: string | null;
  order?: number | null;
  job?: string | null;
}

const people = (list: readonly CreditLike[]): PersonFact[] => {
  const seen = new Set<number>();
  const out: PersonFact[] = [];
  for (const p of list) {
    if (seen.has(p.id)) continue;
    seen.add(p.id);
    out.push({ id: p.id, name: p.name ?? '', profilePath: p.profile_path ?? null });
  }
  return out;
};

const topCast = (cast: readonly CreditLike[] | undefined): PersonFact[] =>
  people(
    [...(cast ?? [])]
      .map((c, i) => ({ c, i }))
      .sort((a, b) => (a.c.order ?? a.i) - (b.c.order ?? b.i) || a.i - b.i)
      .map(({ c }) => c),
  ).slice(0, CAST_KEPT);

const orNull = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value === '' ? null : value;

/** The typical runtime of a series' episodes (the median of what TMDB lists). */
function typicalRuntime(runtimes: readonly number[] | undefined): number | null {
  const valid = (runtimes ?? []).filter((n) => Number.isFinite(n) && n > 0).sort((a, b) => a - b);
  if (valid.length === 0) return null;
  return valid[Math.floor((valid.length - 1) / 2)] ?? null;
}

/**
 * Reads a title's details through the cache with the same appended parts as its page, so a page
 * already opened answers from the cache and a fetch here warms the page.
 */
export function cachedFactsSource(read: Read, append: { movie: string; tv: string }): FactsSource {
  return async (ref) => {
    if (ref.mediaType === 'movie') {
      const { data } = await read(
        'GET /3/movie/{movie_id}',
        { params: { movie_id: ref.id }, query: { append_to_response: append.movie } },
        { mediaType: 'movie' },
      );
      const countries = data.production_countries.map((c) => c.iso_3166_1);
      return {
        mediaType: 'movie',
        id: ref.id,
        title: orNull(data.title) ?? orNull(data.original_title),
        posterPath: orNull(data.poster_path),
        releaseDate: orNull(data.release_date),
        runtime: data.runtime ?? null,
        language: orNull(data.original_language),
        voteAverage: data.vote_average,
        voteCount: data.vote_count,
        genres: data.genres.map((g) => ({ id: g.id, name: g.name })),
        countries: countries.length > 0 ? countries : (data.origin_country ?? []),
        cast: topCast(data.credits?.cast),
        directors: people((data.credits?.crew ?? []).filter((c) => c.job === 'Director')),
      };
    }
    const { data } = await read(
      'GET /3/tv/{series_id}',
      { params: { series_id: ref.id }, query: { append_to_response: append.tv } },
      { mediaType: 'tv' },
    );
    const origin = data.origin_country;
    return {
      mediaType: 'tv',
      id: ref.id,
      title: orNull(data.name) ?? orNull(data.original_name),
      posterPath: orNull(data.poster_path),
      releaseDate: orNull(data.first_air_date),
      runtime: typicalRuntime(data.episode_run_time),
      language: orNull(data.original_language),
      voteAverage: data.vote_average,
      voteCount: data.vote_count,
      genres: data.genres.map((g) => ({ id: g.id, name: g.name })),
      countries:
        origin.length > 0 ? origin : (data.production_countries ?? []).map((c) => c.iso_3166_1),
      cast: topCast(data.credits?.cast),
      directors: people(data.created_by),
    };
  };
}
