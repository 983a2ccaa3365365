import type { HandlerContext } from '../handler';
import type { Catalogue, TitleCore } from '../data/catalogue';
import type { Language } from '../data/words';
import { seriesCredits, findSeason, seasonDetails } from '../data/tv-details';
import { contentRatingsOf, releaseDatesOf } from '../data/release-dates';
import { titleImages, titleTranslations, titleVideos, titleWatchProviders } from '../data/extras';
import { castJson, castOf, crewJson, crewOf } from '../data/credits';
import { movieSummary, tvSummary } from '../data/summaries';
import { imdbIdOf } from '../data/movie-details';
import { accountStates } from './account-states';
import { appendList, paginate } from './helpers';

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

/** Titles like this one, of its kind: any shared genre, best rated first. */
export function similarTo(data: Catalogue, core: TitleCore): TitleCore[] {
  const out: TitleCore[] = [];
  for (const other of data.sortedBy(core.kind, 'voteAverage')) {
    if (other !== core && !other.adult && other.genreIds.some((g) => core.genreIds.includes(g)))
      out.push(other);
    if (out.length >= 60) break;
  }
  return out;
}

/** What `append_to_response` adds to the details of a film or series. */
export function appended(
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
