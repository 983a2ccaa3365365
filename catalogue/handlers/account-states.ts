import type { HandlerContext } from '../handler';
import type { RatingBook } from '../state';

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
