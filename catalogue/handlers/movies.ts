import type { Handler } from '../handler';
import { movieDetails } from '../data/movie-details';
import { releaseDatesOf } from '../data/release-dates';
import { titleWatchProviders } from '../data/extras';
import { movieSummary } from '../data/summaries';
import { notFound } from '../errors';
import { appended, recommendationsFor, similarTo } from './appended';
import { languageOf, movieOf, pageOf, paginate } from './helpers';

/** Film pages and what hangs off them: the `movies` group of the endpoint table. */
export const moviesHandlers: Record<string, Handler> = {
  'GET /3/movie/{movie_id}': (ctx) => {
    const core = movieOf(ctx);
    const language = languageOf(ctx);
    return { ...movieDetails(ctx.data, core, language), ...appended(ctx, core, language) };
  },
  'GET /3/movie/{movie_id}/release_dates': (ctx) => {
    const core = movieOf(ctx);
    return { id: core.id, results: releaseDatesOf(ctx.data, core) };
  },
  'GET /3/movie/{movie_id}/recommendations': (ctx) => {
    const core = movieOf(ctx);
    const language = languageOf(ctx);
    return paginate(recommendationsFor(ctx.data, core), pageOf(ctx), (c) =>
      movieSummary(ctx.data, c, language, true),
    );
  },
  'GET /3/movie/{movie_id}/similar': (ctx) => {
    const core = movieOf(ctx);
    const language = languageOf(ctx);
    return paginate(similarTo(ctx.data, core), pageOf(ctx), (c) =>
      movieSummary(ctx.data, c, language, false),
    );
  },
  'GET /3/movie/{movie_id}/watch/providers': (ctx) => {
    const core = movieOf(ctx);
    return { id: core.id, results: titleWatchProviders(ctx.data, core) };
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
};
