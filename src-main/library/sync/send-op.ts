import { errorCode } from '../../base/errors';
import type { TmdbClient } from '../../tmdb/types';
import { markerOf, withMarker } from './list-marker';
import type { SendResult, WireOp } from './replay';

/** TMDB pages an account's lists by 20; an account with more than 100 pages of lists is not expected. */
const MAX_LIST_PAGES = 100;

async function findListByMarker(
  tmdb: TmdbClient,
  accountId: number,
  marker: string,
): Promise<number | null> {
  for (let page = 1; page <= MAX_LIST_PAGES; page++) {
    const body = await tmdb.request('GET /3/account/{account_id}/lists', {
      params: { account_id: accountId },
      query: { page },
    });
    const hit = body.results.find((l) => markerOf(l.description) === marker);
    if (hit) return hit.id;
    if (page >= body.total_pages) break;
  }
  return null;
}

const tmdbStatusOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'tmdbStatus' in error
    ? error.tmdbStatus
    : undefined;

/**
 * Sends one outbox op to TMDB. Every op is a set-state, so a repeat after a lost answer must
 * succeed too: adding a movie a list already holds (TMDB: 403, status 8 "Duplicate entry") and
 * deleting a list that is already gone (404) count as done. The list-delete 500/11 quirk is
 * handled by the client, which confirms with a GET.
 */
export function createSendOp(
  tmdb: TmdbClient,
  accountId: () => number | null,
): (op: WireOp) => Promise<SendResult | undefined> {
  const account = (): number => {
    const id = accountId();
    // A watchlist or favourite change needs the account; the client refuses without a session anyway.
    if (id === null)
      throw Object.assign(new Error('Sign in to TMDB to send this change.'), {
        code: 'unauthorized',
      });
    return id;
  };
  const listId = (op: WireOp): number => {
    if (op.listServerId === undefined || op.listServerId < 0)
      throw Object.assign(new Error('the list is not on TMDB'), { code: 'not_found' });
    return op.listServerId;
  };

  return async (op) => {
    switch (op.type) {
      case 'watchlist':
        await tmdb.request('POST /3/account/{account_id}/watchlist', {
          params: { account_id: account() },
          body: { media_type: op.mediaType, media_id: op.mediaId, watchlist: op.on },
        });
        return undefined;
      case 'favorite':
        await tmdb.request('POST /3/account/{account_id}/favorite', {
          params: { account_id: account() },
          body: { media_type: op.mediaType, media_id: op.mediaId, favorite: op.on },
        });
        return undefined;
      case 'rating':
        await sendRating(tmdb, op);
        return undefined;
      case 'list_create': {
        // A lost answer may hide a list TMDB already made: find it by its marker and adopt it.
        if (op.uncertain && op.marker !== undefined) {
          const found = await findListByMarker(tmdb, account(), op.marker);
          if (found !== null) return { listServerId: found };
        }
        const created = await tmdb.request('POST /3/list', {
          body: { name: op.name, description: withMarker(op.description, op.marker) },
        });
        return { listServerId: created.list_id };
      }
      case 'list_item':
        try {
          await tmdb.request(
            op.present ? 'POST /3/list/{list_id}/add_item' : 'POST /3/list/{list_id}/remove_item',
            {
              params: { list_id: listId(op) },
              body: { media_id: op.mediaId },
            },
          );
        } catch (error) {
          if (!(op.present && tmdbStatusOf(error) === 8)) throw error;
        }
        return undefined;
      case 'list_clear':
        await tmdb.request('POST /3/list/{list_id}/clear', {
          params: { list_id: listId(op) },
          query: { confirm: true },
        });
        return undefined;
      case 'list_delete':
        try {
          await tmdb.request('DELETE /3/list/{list_id}', { params: { list_id: listId(op) } });
        } catch (error) {
          if (errorCode(error) !== 'not_found') throw error;
        }
        return undefined;
    }
  };
}

async function sendRating(
  tmdb: TmdbClient,
  op: Extract<WireOp, { type: 'rating' }>,
): Promise<void> {
  const t = op.target;
  if (t.mediaType === 'episode') {
    const params = { series_id: t.mediaId, season_number: t.season, episode_number: t.episode };
    if (op.value === null)
      await tmdb.request(
        'DELETE /3/tv/{series_id}/season/{season_number}/episode/{episode_number}/rating',
        { params },
      );
    else
      await tmdb.request(
        'POST /3/tv/{series_id}/season/{season_number}/episode/{episode_number}/rating',
        { params, body: { value: op.value } },
      );
  } else if (t.mediaType === 'movie') {
    const params = { movie_id: t.mediaId };
    if (op.value === null) await tmdb.request('DELETE /3/movie/{movie_id}/rating', { params });
    else
      await tmdb.request('POST /3/movie/{movie_id}/rating', { params, body: { value: op.value } });
  } else {
    const params = { series_id: t.mediaId };
    if (op.value === null) await tmdb.request('DELETE /3/tv/{series_id}/rating', { params });
    else await tmdb.request('POST /3/tv/{series_id}/rating', { params, body: { value: op.value } });
  }
}
