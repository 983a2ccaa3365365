import type { HandlerContext } from '../handler';
import type { RatingBook } from '../state';
import { episodeId, findEpisode, findSeason } from '../data/tv-details';
import { authFailed, notFound } from '../errors';
import { intArg, seriesOf } from './helpers';

export type StateKind = 'movie' | 'tv';

function ratingsOf(ctx: HandlerContext): RatingBook | undefined {
  return ctx.account?.ratings ?? ctx.guest?.ratings;
}

/** `{ id, favorite, rated, watchlist }`: `rated` is false or `{ value }`, as TMDB sends it. */
export function accountStates(
  ctx: HandlerContext,
  kind: StateKind,
  id: number,
): Record<string, unknown> {
  const rating = ratingsOf(ctx)?.[kind].get(id);
  return {
    id,
    favorite: ctx.account?.favorite[kind].has(id) ?? false,
    rated: rating ? { value: rating.value } : false,
    watchlist: ctx.account?.watchlist[kind].has(id) ?? false,
  };
}

export function episodeStates(
  ctx: HandlerContext,
  key: string,
  id: number,
): Record<string, unknown> {
  const rating = ratingsOf(ctx)?.episode.get(key);
  return { id, rated: rating ? { value: rating.value } : false };
}

/** The ratings of whoever is asking: the signed-in account, else the guest session. */
export function bookOf(ctx: HandlerContext): RatingBook {
  const book = ctx.account?.ratings ?? ctx.guest?.ratings;
  if (!book) throw authFailed();
  return book;
}

/** The rating key and id of the episode a path names; 404 when the series has no such episode. */
export function episodeKey(ctx: HandlerContext): { key: string; id: number } {
  const core = seriesOf(ctx);
  const season = intArg(ctx.params, 'season_number');
  const episode = intArg(ctx.params, 'episode_number');
  const shape = findSeason(ctx.data, core, season);
  if (!shape || !findEpisode(shape, episode)) throw notFound();
  return { key: `${core.id}:${season}:${episode}`, id: episodeId(core.index, season, episode) };
}
