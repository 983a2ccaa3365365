import { Reply, statusBody, type Handler, type HandlerContext } from '../handler';
import { CatalogueError } from '../errors';
import { bookOf, episodeKey } from './account-states';
import { bodyObject, movieOf, seriesOf } from './helpers';

/** TMDB's rating rule: 0.5 to 10 in steps of 0.5, with its own messages (status 18). */
function ratingValue(ctx: HandlerContext): number {
  const value = bodyObject(ctx).value;
  if (typeof value !== 'number' || Number.isNaN(value))
    throw new CatalogueError(400, 18, 'Value invalid: Values must be a multiple of 0.50.');
  if (value < 0.5)
    throw new CatalogueError(400, 18, 'Value too low: Value must be greater than 0.0.');
  if (value > 10)
    throw new CatalogueError(400, 18, 'Value too high: Value must be less than, or equal to 10.0.');
  if (!Number.isInteger(value * 2))
    throw new CatalogueError(400, 18, 'Value invalid: Values must be a multiple of 0.50.');
  return value;
}

function rate<K>(ctx: HandlerContext, map: Map<K, { value: number; at: number }>, key: K): Reply {
  const value = ratingValue(ctx);
  const existed = map.has(key);
  map.set(key, { value, at: ctx.now() });
  return new Reply(
    201,
    existed
      ? statusBody(12, 'The item/record was updated successfully.')
      : statusBody(1, 'Success.'),
  );
}

function unrate<K>(map: Map<K, unknown>, key: K): Reply {
  map.delete(key);
  return new Reply(200, statusBody(13, 'The item/record was deleted successfully.'));
}

/** Rating and unrating titles and episodes: the `ratings` group of the endpoint table. */
export const ratingsHandlers: Record<string, Handler> = {
  'POST /3/movie/{movie_id}/rating': (ctx) => rate(ctx, bookOf(ctx).movie, movieOf(ctx).id),
  'DELETE /3/movie/{movie_id}/rating': (ctx) => unrate(bookOf(ctx).movie, movieOf(ctx).id),
  'POST /3/tv/{series_id}/rating': (ctx) => rate(ctx, bookOf(ctx).tv, seriesOf(ctx).id),
  'DELETE /3/tv/{series_id}/rating': (ctx) => unrate(bookOf(ctx).tv, seriesOf(ctx).id),
  'POST /3/tv/{series_id}/season/{season_number}/episode/{episode_number}/rating': (ctx) =>
    rate(ctx, bookOf(ctx).episode, episodeKey(ctx).key),
  'DELETE /3/tv/{series_id}/season/{season_number}/episode/{episode_number}/rating': (ctx) =>
    unrate(bookOf(ctx).episode, episodeKey(ctx).key),
};
