import type { Handler, HandlerContext } from '../handler';
import type { TitleCore, PersonCore, CollectionCore } from '../data/catalogue';
import { fold, matchesQuery } from '../data/fold';
import { collectionSummary, movieSummary, personSummary, tvSummary } from '../data/summaries';
import { episodeOf, findEpisode, findSeason, fromTvdbEpisodeId } from '../data/tv-details';
import { notFound, queryRequired } from '../errors';
import { boolArg, languageOf, optionalNumber, pageOf, paginate, stringArg } from './helpers';

/** The folded query; a search without one is TMDB's 422 `query must be provided`. */
function queryOf(ctx: HandlerContext): string {
  const query = fold(stringArg(ctx, 'query') ?? '');
  if (query === '') throw queryRequired();
  return query;
}

function findTitles(
  ctx: HandlerContext,
  source: readonly TitleCore[],
  query: string,
  year: number | undefined,
): TitleCore[] {
  const adult = boolArg(ctx, 'include_adult');
  return source
    .filter(
      (c) =>
        (adult || !c.adult) &&
        (year === undefined || c.date.startsWith(String(year))) &&
        matchesQuery(c.folded, query),
    )
    .sort((a, b) => b.popularity - a.popularity || a.id - b.id);
}

function findPeople(ctx: HandlerContext, query: string): PersonCore[] {
  return ctx.data.people
    .filter((p) => matchesQuery(p.folded, query))
    .sort((a, b) => b.popularity - a.popularity || a.id - b.id);
}

function findCollections(ctx: HandlerContext, query: string): CollectionCore[] {
  return ctx.data.collections.filter((c) => matchesQuery(c.folded, query));
}

type Hit =
  | { kind: 'movie' | 'tv'; core: TitleCore; popularity: number }
  | { kind: 'person'; core: PersonCore; popularity: number };

export const searchHandlers: Record<string, Handler> = {
  'GET /3/search/movie': (ctx) => {
    const query = queryOf(ctx);
    const language = languageOf(ctx);
    const year = optionalNumber(ctx, 'primary_release_year') ?? optionalNumber(ctx, 'year');
    return paginate(findTitles(ctx, ctx.data.movies, query, year), pageOf(ctx), (c) =>
      movieSummary(ctx.data, c, language, false),
    );
  },
  'GET /3/search/tv': (ctx) => {
    const query = queryOf(ctx);
    const language = languageOf(ctx);
    const year = optionalNumber(ctx, 'first_air_date_year') ?? optionalNumber(ctx, 'year');
    return paginate(findTitles(ctx, ctx.data.tv, query, year), pageOf(ctx), (c) =>
      tvSummary(ctx.data, c, language, false),
    );
  },
  'GET /3/search/person': (ctx) => {
    const query = queryOf(ctx);
    const language = languageOf(ctx);
    return paginate(findPeople(ctx, query), pageOf(ctx), (p) =>
      personSummary(ctx.data, p, language, false),
    );
  },
  'GET /3/search/collection': (ctx) => {
    const query = queryOf(ctx);
    const language = languageOf(ctx);
    return paginate(findCollections(ctx, query), pageOf(ctx), (c) =>
      collectionSummary(ctx.data, c, language),
    );
  },
  'GET /3/search/multi': (ctx) => {
    const query = queryOf(ctx);
    const language = languageOf(ctx);
    const hits: Hit[] = [
      ...findTitles(ctx, ctx.data.movies, query, undefined).map((core): Hit => ({
        kind: 'movie',
        core,
        popularity: core.popularity,
      })),
      ...findTitles(ctx, ctx.data.tv, query, undefined).map((core): Hit => ({
        kind: 'tv',
        core,
        popularity: core.popularity,
      })),
      ...findPeople(ctx, query).map((core): Hit => ({
        kind: 'person',
        core,
        popularity: core.popularity,
      })),
    ].sort((a, b) => b.popularity - a.popularity || a.core.id - b.core.id);
    return paginate(hits, pageOf(ctx), (hit) =>
      hit.kind === 'person'
        ? personSummary(ctx.data, hit.core, language, true)
        : hit.kind === 'movie'
          ? movieSummary(ctx.data, hit.core, language, true)
          : tvSummary(ctx.data, hit.core, language, true),
    );
  },
  'GET /3/find/{external_id}': (ctx) => {
    const source = stringArg(ctx, 'external_source');
    const raw = ctx.params.external_id;
    const id = typeof raw === 'string' ? raw : '';
    const language = languageOf(ctx);
    const empty = {
      movie_results: [] as unknown[],
      person_results: [] as unknown[],
      tv_results: [] as unknown[],
      tv_episode_results: [] as unknown[],
      tv_season_results: [] as unknown[],
    };
    if (source === 'imdb_id') {
      const m = /^tt(\d{7,8})$/.exec(id);
      const n = m?.[1] ? Number(m[1]) : Number.NaN;
      const movieIndex = (n - 1_000_000) / 37;
      const tvIndex = (n - 5_000_000) / 37;
      const movie = Number.isInteger(movieIndex) ? ctx.data.movieByIndex(movieIndex) : undefined;
      const series = Number.isInteger(tvIndex) ? ctx.data.tv[tvIndex] : undefined;
      if (movie) empty.movie_results.push(movieSummary(ctx.data, movie, language, true));
      else if (series) empty.tv_results.push(tvSummary(ctx.data, series, language, true));
      const p = /^nm(\d{7})$/.exec(id);
      const personIndex = p?.[1] ? (Number(p[1]) - 100_000) / 13 : Number.NaN;
      const person = Number.isInteger(personIndex) ? ctx.data.people[personIndex] : undefined;
      if (person) empty.person_results.push(personSummary(ctx.data, person, language, true));
    } else if (source === 'tvdb_id') {
      const series = /^\d+$/.test(id) ? ctx.data.tv[Number(id) - 70_000] : undefined;
      if (series) empty.tv_results.push(tvSummary(ctx.data, series, language, true));
      // An episode's TheTVDB id: TMDB answers with the episode under its own season and number.
      const named = /^\d+$/.test(id) ? fromTvdbEpisodeId(Number(id)) : null;
      const core = named ? ctx.data.tv[named.seriesIndex] : undefined;
      const shape = core && named ? findSeason(ctx.data, core, named.season) : undefined;
      const slot = shape && named ? findEpisode(shape, named.episode) : undefined;
      if (core && shape && slot)
        empty.tv_episode_results.push(episodeOf(ctx.data, core, shape, slot, language));
    } else {
      throw notFound();
    }
    return empty;
  },
};
