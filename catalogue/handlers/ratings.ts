import { Reply, statusBody, type Handler, type HandlerContext } from '../handler';
import type { GuestSession, RatingBook } from '../state';
import { episodeId, findEpisode, findSeason } from '../data/tv-details';
import { CatalogueError, authFailed, notFound } from '../errors';
import { bodyObject, intArg } from './helpers';
import { movieOf, seriesOf } from './titles';
import { accountStates, episodeStates } from './account-states';
import { ratedEpisodesPage } from './account';
import { languageOf, pageOf, paginate } from './helpers';
import { movieSummary, tvSummary } from '../data/summaries';

/** The ratings of whoever is asking: the signed-in account, else the guest session. */
function bookOf(ctx: HandlerContext): RatingBook {
  const book = ctx.account?.ratings ?? ctx.guest?.ratings;
  if (!book) throw authFailed();
  return book;
}

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

function episodeKey(ctx: HandlerContext): { key: string; id: number } {
  const core = seriesOf(ctx);
  const season = intArg(ctx.params, 'season_number');
  const episode = intArg(ctx.params, 'episode_number');
  const shape = findSeason(ctx.data, core, season);
  if (!shape || !findEpisode(shape, episode)) throw notFound();
  return { key: `${core.id}:${season}:${episode}`, id: episodeId(core.index, season, episode) };
}

/** The guest session named in the path; it is a secret, so an unknown one is simply "not found". */
function guestOf(ctx: HandlerContext): GuestSession {
  const id = ctx.params.guest_session_id;
  const guest = typeof id === 'string' ? ctx.state.liveGuest(id) : undefined;
  if (!guest) throw notFound();
  return guest;
}

export const ratingHandlers: Record<string, Handler> = {
  'POST /3/movie/{movie_id}/rating': (ctx) => rate(ctx, bookOf(ctx).movie, movieOf(ctx).id),
  'DELETE /3/movie/{movie_id}/rating': (ctx) => unrate(bookOf(ctx).movie, movieOf(ctx).id),
  'POST /3/tv/{series_id}/rating': (ctx) => rate(ctx, bookOf(ctx).tv, seriesOf(ctx).id),
  'DELETE /3/tv/{series_id}/rating': (ctx) => unrate(bookOf(ctx).tv, seriesOf(ctx).id),
  'POST /3/tv/{series_id}/season/{season_number}/episode/{episode_number}/rating': (ctx) =>
    rate(ctx, bookOf(ctx).episode, episodeKey(ctx).key),
  'DELETE /3/tv/{series_id}/season/{season_number}/episode/{episode_number}/rating': (ctx) =>
    unrate(bookOf(ctx).episode, episodeKey(ctx).key),
  'GET /3/movie/{movie_id}/account_states': (ctx) => {
    bookOf(ctx);
    return accountStates(ctx, 'movie', movieOf(ctx).id);
  },
  'GET /3/tv/{series_id}/account_states': (ctx) => {
    bookOf(ctx);
    return accountStates(ctx, 'tv', seriesOf(ctx).id);
  },
  'GET /3/tv/{series_id}/season/{season_number}/episode/{episode_number}/account_states': (ctx) => {
    bookOf(ctx);
    const { key, id } = episodeKey(ctx);
    return episodeStates(ctx, key, id);
  },
  'GET /3/guest_session/{guest_session_id}/rated/movies': (ctx) => {
    const book = guestOf(ctx).ratings.movie;
    const language = languageOf(ctx);
    const cores = [...book.keys()].flatMap((id) => ctx.data.movieById(id) ?? []);
    return paginate(cores, pageOf(ctx), (c) => ({
      ...movieSummary(ctx.data, c, language, false),
      rating: book.get(c.id)?.value ?? 0,
    }));
  },
  'GET /3/guest_session/{guest_session_id}/rated/tv': (ctx) => {
    const book = guestOf(ctx).ratings.tv;
    const language = languageOf(ctx);
    const cores = [...book.keys()].flatMap((id) => ctx.data.tvById(id) ?? []);
    return paginate(cores, pageOf(ctx), (c) => ({
      ...tvSummary(ctx.data, c, language, false),
      rating: book.get(c.id)?.value ?? 0,
    }));
  },
  'GET /3/guest_session/{guest_session_id}/rated/tv/episodes': (ctx) =>
    ratedEpisodesPage(ctx, guestOf(ctx).ratings.episode),
};
