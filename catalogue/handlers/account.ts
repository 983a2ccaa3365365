import { Reply, statusBody, type Handler, type HandlerContext } from '../handler';
import type { Account, GuestSession, Rating } from '../state';
import type { TitleCore } from '../data/catalogue';
import { movieSummary, tvSummary } from '../data/summaries';
import { episodeOf, findEpisode, findSeason } from '../data/tv-details';
import { invalidParameters, notFound } from '../errors';
import { accountStates, bookOf, episodeKey, episodeStates } from './account-states';
import {
  bodyObject,
  languageOf,
  movieOf,
  pageOf,
  paginate,
  requireOwnAccount,
  seriesOf,
  stringArg,
} from './helpers';

export function accountJson(account: Account): Record<string, unknown> {
  return {
    avatar: { gravatar: { hash: account.gravatarHash }, tmdb: { avatar_path: account.avatarPath } },
    id: account.id,
    iso_639_1: account.iso_639_1,
    iso_3166_1: account.iso_3166_1,
    name: account.name,
    include_adult: account.include_adult,
    username: account.username,
  };
}

/** Account lists are in the order items were added; `sort_by=created_at.desc` reverses it. */
function ordered<T>(ctx: HandlerContext, entries: readonly T[]): T[] {
  const sort = stringArg(ctx, 'sort_by') ?? 'created_at.asc';
  if (sort !== 'created_at.asc' && sort !== 'created_at.desc')
    throw invalidParameters('sort_by must be created_at.asc or created_at.desc');
  return sort === 'created_at.desc' ? [...entries].reverse() : [...entries];
}

function titlesPage(
  ctx: HandlerContext,
  kind: 'movie' | 'tv',
  ids: Iterable<number>,
  rating?: (id: number) => Rating | undefined,
): Record<string, unknown> {
  const language = languageOf(ctx);
  const cores = [...ids].flatMap((id) => {
    const core = kind === 'movie' ? ctx.data.movieById(id) : ctx.data.tvById(id);
    return core ? [core] : [];
  });
  const render = (core: TitleCore): Record<string, unknown> => {
    const base =
      kind === 'movie'
        ? movieSummary(ctx.data, core, language, false)
        : tvSummary(ctx.data, core, language, false);
    const rated = rating?.(core.id);
    return rated ? { ...base, rating: rated.value } : base;
  };
  return paginate(ordered(ctx, cores), pageOf(ctx), render);
}

export function ratedEpisodesPage(
  ctx: HandlerContext,
  book: Map<string, Rating>,
): Record<string, unknown> {
  const language = languageOf(ctx);
  const rows = [...book.entries()].flatMap(([key, rating]) => {
    const [seriesId, season, episode] = key.split(':').map(Number);
    const core = ctx.data.tvById(seriesId ?? -1);
    const shape = core && season !== undefined ? findSeason(ctx.data, core, season) : undefined;
    const slot = shape && episode !== undefined ? findEpisode(shape, episode) : undefined;
    return core && shape && slot
      ? [{ ...episodeOf(ctx.data, core, shape, slot, language), rating: rating.value }]
      : [];
  });
  return paginate(ordered(ctx, rows), pageOf(ctx), (row) => row);
}

/** Adds or removes an item of the watchlist or favourites, with TMDB's status codes. */
function toggle(ctx: HandlerContext, which: 'watchlist' | 'favorite'): Reply {
  const account = requireOwnAccount(ctx);
  const body = bodyObject(ctx);
  const kind = body.media_type;
  const id = body.media_id;
  const on = body[which];
  if ((kind !== 'movie' && kind !== 'tv') || typeof id !== 'number' || typeof on !== 'boolean') {
    throw invalidParameters(`media_type, media_id and ${which} are required`);
  }
  const exists = kind === 'movie' ? ctx.data.movieById(id) : ctx.data.tvById(id);
  // A vanished title (messy data) cannot be added any more, but it can still be removed.
  if (!exists || (on && ctx.data.messy.is(kind, exists.index, 'vanished'))) throw notFound();
  const set = account[which][kind];
  if (!on) {
    set.delete(id);
    return new Reply(200, statusBody(13, 'The item/record was deleted successfully.'));
  }
  if (set.has(id))
    return new Reply(201, statusBody(12, 'The item/record was updated successfully.'));
  set.set(id, ctx.now());
  return new Reply(201, statusBody(1, 'Success.'));
}

/** The guest session named in the path; it is a secret, so an unknown one is simply "not found". */
function guestOf(ctx: HandlerContext): GuestSession {
  const id = ctx.params.guest_session_id;
  const guest = typeof id === 'string' ? ctx.state.liveGuest(id) : undefined;
  if (!guest) throw notFound();
  return guest;
}

/** The account, its lists and ratings, and guest sessions' ratings: the `account` group of the endpoint table. */
export const accountHandlers: Record<string, Handler> = {
  'GET /3/account': (ctx) => accountJson(requireOwnAccount(ctx)),
  'GET /3/account/{account_id}': (ctx) => accountJson(requireOwnAccount(ctx)),
  'GET /3/account/{account_id}/watchlist/movies': (ctx) =>
    titlesPage(ctx, 'movie', requireOwnAccount(ctx).watchlist.movie.keys()),
  'GET /3/account/{account_id}/watchlist/tv': (ctx) =>
    titlesPage(ctx, 'tv', requireOwnAccount(ctx).watchlist.tv.keys()),
  'GET /3/account/{account_id}/favorite/movies': (ctx) =>
    titlesPage(ctx, 'movie', requireOwnAccount(ctx).favorite.movie.keys()),
  'GET /3/account/{account_id}/favorite/tv': (ctx) =>
    titlesPage(ctx, 'tv', requireOwnAccount(ctx).favorite.tv.keys()),
  'GET /3/account/{account_id}/rated/movies': (ctx) => {
    const book = requireOwnAccount(ctx).ratings.movie;
    return titlesPage(ctx, 'movie', book.keys(), (id) => book.get(id));
  },
  'GET /3/account/{account_id}/rated/tv': (ctx) => {
    const book = requireOwnAccount(ctx).ratings.tv;
    return titlesPage(ctx, 'tv', book.keys(), (id) => book.get(id));
  },
  'GET /3/account/{account_id}/rated/tv/episodes': (ctx) =>
    ratedEpisodesPage(ctx, requireOwnAccount(ctx).ratings.episode),
  'POST /3/account/{account_id}/watchlist': (ctx) => toggle(ctx, 'watchlist'),
  'POST /3/account/{account_id}/favorite': (ctx) => toggle(ctx, 'favorite'),
  'GET /3/account/{account_id}/lists': (ctx) => {
    const account = requireOwnAccount(ctx);
    const lists = [...ctx.state.lists.values()].filter((l) => l.accountId === account.id);
    return paginate(lists, pageOf(ctx), (l) => {
      const first = ctx.data.movieById(l.items[0] ?? -1);
      return {
        description: l.description,
        favorite_count: 0,
        id: l.id,
        item_count: l.items.length,
        iso_639_1: l.iso_639_1,
        list_type: 'movie',
        name: l.name,
        poster_path: first?.posterPath ?? null,
      };
    });
  },
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
