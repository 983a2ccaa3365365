import { Reply, statusBody, type Handler, type HandlerContext } from '../handler';
import type { UserList } from '../state';
import { movieSummary } from '../data/summaries';
import {
  confirmRequired,
  duplicateEntry,
  internalError,
  invalidParameters,
  noPermission,
  notFound,
} from '../errors';
import { bodyObject, boolArg, intArg, languageOf, optionalNumber, requireAccount } from './helpers';

function listOf(ctx: HandlerContext): UserList {
  const list = ctx.state.lists.get(intArg(ctx.params, 'list_id'));
  if (!list) throw notFound();
  return list;
}

/** A list the session's account owns; others may read it but not change it. */
function ownList(ctx: HandlerContext): UserList {
  const account = requireAccount(ctx);
  const list = listOf(ctx);
  if (list.accountId !== account.id) throw noPermission();
  return list;
}

function mediaIdOf(ctx: HandlerContext): number {
  const id = bodyObject(ctx).media_id;
  if (typeof id !== 'number' || !Number.isInteger(id))
    throw invalidParameters('media_id is required');
  return id;
}

/** v3 lists: movies only, TMDB's status codes, and its quirk of answering a delete with a 500. */
export const listsHandlers: Record<string, Handler> = {
  'POST /3/list': (ctx) => {
    const account = requireAccount(ctx);
    const body = bodyObject(ctx);
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (name === '') throw invalidParameters('name is required');
    const description = typeof body.description === 'string' ? body.description : '';
    const language = typeof body.language === 'string' ? body.language : 'en';
    const list = ctx.state.createList(account.id, name, description, language);
    return new Reply(201, {
      ...statusBody(1, 'The item/record was created successfully.'),
      list_id: list.id,
    });
  },
  'GET /3/list/{list_id}': (ctx) => {
    const list = listOf(ctx);
    const language = languageOf(ctx);
    const owner = ctx.state.accounts.get(list.accountId);
    const cores = list.items.flatMap((id) => {
      const core = ctx.data.movieById(id);
      return core ? [core] : [];
    });
    return {
      created_by: owner?.username ?? '',
      description: list.description,
      favorite_count: 0,
      id: list.id,
      iso_639_1: list.iso_639_1,
      item_count: cores.length,
      items: cores.map((c) => movieSummary(ctx.data, c, language, true)),
      name: list.name,
      poster_path: cores[0]?.posterPath ?? null,
    };
  },
  'GET /3/list/{list_id}/item_status': (ctx) => {
    const list = listOf(ctx);
    const movieId = optionalNumber(ctx, 'movie_id');
    if (movieId === undefined) throw invalidParameters('movie_id is required');
    return { id: list.id, item_present: list.items.includes(movieId) };
  },
  'POST /3/list/{list_id}/add_item': (ctx) => {
    const list = ownList(ctx);
    const id = mediaIdOf(ctx);
    if (!ctx.data.movieById(id)) throw notFound();
    if (list.items.includes(id)) throw duplicateEntry();
    list.items.push(id);
    return new Reply(201, statusBody(12, 'The item/record was updated successfully.'));
  },
  'POST /3/list/{list_id}/remove_item': (ctx) => {
    const list = ownList(ctx);
    const id = mediaIdOf(ctx);
    const at = list.items.indexOf(id);
    if (at >= 0) list.items.splice(at, 1);
    return new Reply(200, statusBody(13, 'The item/record was deleted successfully.'));
  },
  'POST /3/list/{list_id}/clear': (ctx) => {
    const list = ownList(ctx);
    if (!boolArg(ctx, 'confirm')) throw confirmRequired();
    list.items.length = 0;
    return new Reply(201, statusBody(12, 'The item/record was updated successfully.'));
  },
  'DELETE /3/list/{list_id}': (ctx) => {
    const list = ownList(ctx);
    ctx.state.lists.delete(list.id);
    // TMDB deletes the list and still answers 500 / status 11; clients confirm with a GET (404).
    throw internalError();
  },
};
