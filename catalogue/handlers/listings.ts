import type { Handler, HandlerContext } from '../handler';
import { movieSummary, personSummary, tvSummary } from '../data/summaries';
import { episodeOf, findEpisode, findSeason, fromTvdbEpisodeId } from '../data/tv-details';
import { notFound } from '../errors';
import { languageOf, pageOf, paginate, stringArg } from './helpers';

/** TMDB's trending windows; anything else is a 404 as on TMDB. */
function windowOf(ctx: HandlerContext): 'trendDay' | 'trendWeek' {
  const window = ctx.params.time_window;
  if (window === 'day') return 'trendDay';
  if (window === 'week') return 'trendWeek';
  throw notFound();
}

/** Top rated needs enough votes to mean something, as TMDB's list does. */
const MIN_VOTES = 50;

export const listingHandlers: Record<string, Handler> = {
  'GET /3/tv/top_rated': (ctx) => {
    const language = languageOf(ctx);
    const list = ctx.data
      .sortedBy('tv', 'voteAverage')
      .filter((c) => c.voteCount >= MIN_VOTES && !c.adult);
    return paginate(list, pageOf(ctx), (c) => tvSummary(ctx.data, c, language, false));
  },
  'GET /3/trending/tv/{time_window}': (ctx) => {
    const language = languageOf(ctx);
    const list = ctx.data.sortedBy('tv', windowOf(ctx)).filter((c) => !c.adult);
    return paginate(list, pageOf(ctx), (c) => tvSummary(ctx.data, c, language, true));
  },
  'GET /3/trending/movie/{time_window}': (ctx) => {
    const language = languageOf(ctx);
    const list = ctx.data.sortedBy('movie', windowOf(ctx)).filter((c) => !c.adult);
    return paginate(list, pageOf(ctx), (c) => movieSummary(ctx.data, c, language, true));
  },
  'GET /3/trending/person/{time_window}': (ctx) => {
    const language = languageOf(ctx);
    const key = windowOf(ctx);
    // People trend with their popularity; the day window reshuffles it by a daily factor.
    const people = [...ctx.data.popularPeople()].slice(0, 2000);
    const factor = (id: number): number =>
      key === 'trendDay' ? ((id * 2654435761) >>> 0) / 4294967296 + 0.5 : 1;
    people.sort((a, b) => b.popularity * factor(b.id) - a.popularity * factor(a.id) || a.id - b.id);
    return paginate(people, pageOf(ctx), (p) => personSummary(ctx.data, p, language, true));
  },
  'GET /3/collection/{collection_id}': (ctx) => {
    const raw = ctx.params.collection_id;
    const id = typeof raw === 'number' ? raw : Number(raw);
    const collection = ctx.data.collectionById(id);
    if (!collection) throw notFound();
    const language = languageOf(ctx);
    const parts = collection.parts.flatMap((i) => {
      const core = ctx.data.movieByIndex(i);
      return core ? [movieSummary(ctx.data, core, language, true)] : [];
    });
    const first = ctx.data.movieByIndex(collection.parts[0] ?? 0);
    return {
      id: collection.id,
      name: collection.name,
      original_language: 'en',
      original_name: collection.name,
      overview: first
        ? `Every film of the “${collection.name.replace(/ Collection$/, '')}” series, in order.`
        : '',
      poster_path: first?.posterPath ?? null,
      backdrop_path: first?.backdropPath ?? null,
      parts,
    };
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
