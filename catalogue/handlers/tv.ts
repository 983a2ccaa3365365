import type { Handler, HandlerContext } from '../handler';
import type { TitleCore } from '../data/catalogue';
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
import { titleWatchProviders } from '../data/extras';
import { tvSummary } from '../data/summaries';
import { episodeGroupDetails, episodeGroupSummaries, resolveGroup } from '../data/episode-groups';
import { notFound } from '../errors';
import { appended, similarTo } from './appended';
import { appendList, intArg, languageOf, pageOf, paginate, seriesOf } from './helpers';

/** Top rated needs enough votes to mean something, as TMDB's list does. */
const MIN_VOTES = 50;

function seasonShape(ctx: HandlerContext, core: TitleCore): SeasonShape {
  const shape = findSeason(ctx.data, core, intArg(ctx.params, 'season_number'));
  if (!shape) throw notFound();
  return shape;
}

/** Series, seasons, episodes and episode groups: the `tv` group of the endpoint table. */
export const tvHandlers: Record<string, Handler> = {
  'GET /3/tv/{series_id}': (ctx) => {
    const core = seriesOf(ctx);
    const language = languageOf(ctx);
    return { ...tvDetails(ctx.data, core, language), ...appended(ctx, core, language) };
  },
  'GET /3/tv/top_rated': (ctx) => {
    const language = languageOf(ctx);
    const list = ctx.data
      .sortedBy('tv', 'voteAverage')
      .filter((c) => c.voteCount >= MIN_VOTES && !c.adult);
    return paginate(list, pageOf(ctx), (c) => tvSummary(ctx.data, c, language, false));
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
