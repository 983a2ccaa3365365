import type { Handler, HandlerContext } from '../handler';
import type { Catalogue, TitleCore } from '../data/catalogue';
import type { Language } from '../data/words';
import { movieDetails } from '../data/movie-details';
import {
  tvDetails,
  seriesCredits,
  findEpisode,
  findSeason,
  seasonDetails,
  seasonTranslations,
  episodeCredits,
  episodeId,
  seasonId,
  type SeasonShape,
} from '../data/tv-details';
import { contentRatingsOf, releaseDatesOf } from '../data/release-dates';
import { titleImages, titleTranslations, titleVideos, titleWatchProviders } from '../data/extras';
import { castJson, castOf, crewJson, crewOf } from '../data/credits';
import { movieSummary, tvSummary } from '../data/summaries';
import { episodeGroupDetails, episodeGroupSummaries, resolveGroup } from '../data/episode-groups';
import { imdbIdOf } from '../data/movie-details';
import { notFound } from '../errors';
import { accountStates } from './account-states';
import { appendList, intArg, languageOf, pageOf, paginate } from './helpers';

/**
 * The film or series a path names. A vanished one (messy data) is still listed elsewhere, but its
 * own endpoints answer 404 / status 34, as a title deleted from TMDB does.
 */
export function movieOf(ctx: HandlerContext): TitleCore {
  const core = ctx.data.movieById(intArg(ctx.params, 'movie_id'));
  if (!core || ctx.data.messy.is('movie', core.index, 'vanished')) throw notFound();
  return core;
}

export function seriesOf(ctx: HandlerContext): TitleCore {
  const core = ctx.data.tvById(intArg(ctx.params, 'series_id'));
  if (!core || ctx.data.messy.is('tv', core.index, 'vanished')) throw notFound();
  return core;
}

/** Films like this one: the same lead genre, most popular first. */
export function recommendationsFor(data: Catalogue, core: TitleCore): TitleCore[] {
  const lead = core.genreIds[0];
  const source = data.sortedBy(core.kind, 'popularity');
  const out: TitleCore[] = [];
  for (const other of source) {
    if (other !== core && !other.adult && lead !== undefined && other.genreIds.includes(lead))
      out.push(other);
    if (out.length >= 40) break;
  }
  return out;
}

/** Series like this one: any shared genre, best rated first. */
export function similarTo(data: Catalogue, core: TitleCore): TitleCore[] {
  const out: TitleCore[] = [];
  for (const other of data.sortedBy(core.kind, 'voteAverage')) {
    if (other !== core && !other.adult && other.genreIds.some((g) => core.genreIds.includes(g)))
      out.push(other);
    if (out.length >= 60) break;
  }
  return out;
}

function appended(
  ctx: HandlerContext,
  core: TitleCore,
  language: Language,
): Record<string, unknown> {
  const names = appendList(ctx);
  const { data } = ctx;
  const out: Record<string, unknown> = {};
  const summary = (c: TitleCore): unknown =>
    c.kind === 'movie' ? movieSummary(data, c, language, true) : tvSummary(data, c, language, true);
  for (const name of names) {
    if (name === 'credits')
      out.credits =
        core.kind === 'movie'
          ? {
              cast: castOf(data, core).map((c) => castJson(c, { cast_id: c.order + 1 })),
              crew: crewOf(data, core).map(crewJson),
            }
          : seriesCredits(data, core);
    else if (name === 'images') out.images = titleImages(data, core);
    else if (name === 'videos') out.videos = { results: titleVideos(data, core) };
    else if (name === 'recommendations')
      out.recommendations = paginate(recommendationsFor(data, core), 1, summary);
    else if (name === 'similar') out.similar = paginate(similarTo(data, core), 1, summary);
    else if (name === 'release_dates' && core.kind === 'movie')
      out.release_dates = { results: releaseDatesOf(data, core) };
    else if (name === 'content_ratings' && core.kind === 'tv')
      out.content_ratings = { results: contentRatingsOf(data, core) };
    else if (name === 'watch/providers')
      out['watch/providers'] = { results: titleWatchProviders(data, core) };
    else if (name === 'translations')
      out.translations = { translations: titleTranslations(data, core) };
    else if (name === 'external_ids')
      out.external_ids = {
        imdb_id: imdbIdOf(core.kind, core.index),
        ...(core.kind === 'tv' ? { tvdb_id: 70_000 + core.index } : {}),
      };
    else if (name === 'account_states' && (ctx.account || ctx.guest))
      out.account_states = accountStates(ctx, core.kind, core.id);
    else if (core.kind === 'tv' && /^season\/\d{1,4}$/.test(name)) {
      // As TMDB: the season without its `id`-less wrapper; a season that does not exist is left out.
      const shape = findSeason(data, core, Number(name.slice('season/'.length)));
      if (shape) out[name] = seasonDetails(data, core, shape, language);
    }
  }
  return out;
}

function seasonShape(ctx: HandlerContext, core: TitleCore): SeasonShape {
  const shape = findSeason(ctx.data, core, intArg(ctx.params, 'season_number'));
  if (!shape) throw notFound();
  return shape;
}

export const titleHandlers: Record<string, Handler> = {
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
  'GET /3/movie/{movie_id}/watch/providers': (ctx) => {
    const core = movieOf(ctx);
    return { id: core.id, results: titleWatchProviders(ctx.data, core) };
  },
  'GET /3/tv/{series_id}': (ctx) => {
    const core = seriesOf(ctx);
    const language = languageOf(ctx);
    return { ...tvDetails(ctx.data, core, language), ...appended(ctx, core, language) };
  },
  'GET /3/tv/{series_id}/similar': (ctx) => {
    const core = seriesOf(ctx);
    const language = languageOf(ctx);
    return paginate(similarTo(ctx.data, core), pageOf(ctx), (c) =>
      tvSummary(ctx.data, c, language, false),
    );
  },
  'GET /3/tv/{series_id}/watch/providers': (ctx) => {
    const core = seriesOf(ctx);
    return { id: core.id, results: titleWatchProviders(ctx.data, core) };
  },
  'GET /3/tv/{series_id}/season/{season_number}': (ctx) => {
    const core = seriesOf(ctx);
    const details = seasonDetails(ctx.data, core, seasonShape(ctx, core), languageOf(ctx));
    const names = appendList(ctx);
    const extra: Record<string, unknown> = {};
    if (names.has('credits')) extra.credits = seriesCredits(ctx.data, core);
    if (names.has('translations'))
      extra.translations = {
        translations: seasonTranslations(ctx.data, core, seasonShape(ctx, core)),
      };
    return { ...details, ...extra };
  },
  'GET /3/tv/{series_id}/season/{season_number}/translations': (ctx) => {
    const core = seriesOf(ctx);
    const shape = seasonShape(ctx, core);
    return {
      id: seasonId(core.index, shape.seasonNumber),
      translations: seasonTranslations(ctx.data, core, shape),
    };
  },
  'GET /3/tv/{series_id}/season/{season_number}/episode/{episode_number}/credits': (ctx) => {
    const core = seriesOf(ctx);
    const shape = seasonShape(ctx, core);
    const episode = intArg(ctx.params, 'episode_number');
    if (!findEpisode(shape, episode)) throw notFound();
    return {
      ...episodeCredits(ctx.data, core, shape.seasonNumber, episode),
      id: episodeId(core.index, shape.seasonNumber, episode),
    };
  },
  'GET /3/tv/{series_id}/episode_groups': (ctx) => {
    const core = seriesOf(ctx);
    const results = episodeGroupSummaries(ctx.data, core);
    return { id: core.id, results };
  },
  'GET /3/tv/episode_group/{group_id}': (ctx) => {
    const raw = ctx.params.group_id;
    const found = typeof raw === 'string' ? resolveGroup(ctx.data, raw) : undefined;
    if (!found || ctx.data.messy.is('tv', found.core.index, 'vanished')) throw notFound();
    return episodeGroupDetails(ctx.data, found.core, found.group, languageOf(ctx));
  },
};
