import type Database from 'better-sqlite3';
import type { LibraryItem, RatingTarget, UserList } from '../../src-shared/ipc/contract';
import { CodedError } from '../../src-shared/ipc/errors';
import type { EventBus } from '../core/events';
import type { Handlers } from '../ipc/guard';
import { itemKey, type ItemSummary, type OutboxOp, type UserChangeInput } from '../library/changes';
import { createCollectionReader, type CollectionItem } from '../library/collection';
import type { Library } from '../library/library';
import { LibraryInputError } from '../library/mirror';
import type { AuthService } from './auth';
import type { LocalTitles } from './local-titles';

export type LibraryChannels =
  | 'library.state'
  | 'library.collection'
  | 'library.setWatchlist'
  | 'library.setFavorite'
  | 'library.rate'
  | 'lists.all'
  | 'lists.get'
  | 'lists.create'
  | 'lists.addItem'
  | 'lists.removeItem'
  | 'lists.clear'
  | 'lists.delete';

export interface LibraryDeps {
  /** null when the library database could not be opened at start-up. */
  store: { db: Database.Database; library: Library } | null;
  /** Why the library is unavailable, for the error text. */
  problem: string | null;
  titles: LocalTitles;
  events: EventBus;
  authState: () => ReturnType<AuthService['state']>;
  /** A change was queued: the sync service sends it when it can. */
  onQueued: () => void;
}

/** A collection read returns every item (a large watchlist holds thousands); the UI virtualizes. */
const MAX_ITEMS = 20_000;
const OPEN_KEYS_SQL = "SELECT item_key FROM outbox WHERE status IN ('pending', 'in_flight')";

/**
 * The library and list channels. A change goes through `applyUserChange` (mirror and outbox in
 * one durable transaction), so the UI sees it at once (`library.changed`) and the sync service
 * sends it later. Reads come from the mirror, with titles from the cache's normalized tables so
 * they show offline.
 */
export function libraryHandlers(deps: LibraryDeps): Pick<Handlers, LibraryChannels> {
  const need = (): { db: Database.Database; library: Library } => {
    if (deps.store) return deps.store;
    throw new CodedError(
      'internal',
      `Your library could not be opened, so it is read-only for now. The file was left as it is, with a backup beside it. (${deps.problem ?? 'unknown problem'})`,
    );
  };
  const reader = deps.store ? createCollectionReader(deps.store.db) : null;
  const openKeys = (db: Database.Database): Set<string> =>
    new Set(db.prepare(OPEN_KEYS_SQL).pluck().all() as string[]);

  const summaryOf = (mediaType: 'movie' | 'tv', mediaId: number): ItemSummary | undefined => {
    const t = deps.titles.title(mediaType, mediaId);
    return t
      ? {
          title: t.title,
          originalTitle: t.original_title,
          posterPath: t.poster_path,
          releaseDate: t.date,
          popularity: t.popularity,
          voteAverage: t.vote_average,
        }
      : undefined;
  };

  const change = (
    input: UserChangeInput,
    collections: string[],
  ): { seq: number; listId?: string } => {
    const { library } = need();
    if (deps.authState() === 'guest' && input.type !== 'rating') {
      throw new CodedError(
        'unauthorized',
        'A guest session can only rate. Sign in to TMDB to keep a watchlist, favourites and lists.',
      );
    }
    let result: { seq: number; listId?: string };
    try {
      result = library.applyUserChange(input);
    } catch (error) {
      if (error instanceof LibraryInputError) {
        throw /no list with id/.test(error.message)
          ? new CodedError('not_found', 'There is no such list in your library.')
          : new CodedError('invalid_input', error.message);
      }
      throw error;
    }
    deps.events.emit('library.changed', { collections });
    deps.onQueued();
    return result;
  };

  const toItem = (item: CollectionItem, pending: Set<string>): LibraryItem => {
    const titleKind = item.mediaType === 'episode' ? 'tv' : item.mediaType;
    const cached =
      item.title === null || item.posterPath === null
        ? deps.titles.title(titleKind, item.mediaId)
        : undefined;
    const target: RatingTarget =
      item.mediaType === 'episode'
        ? {
            mediaType: 'episode',
            mediaId: item.mediaId,
            season: item.seasonNumber ?? 0,
            episode: item.episodeNumber ?? 1,
          }
        : { mediaType: item.mediaType, mediaId: item.mediaId };
    const keys = itemKeysOf(target);
    return {
      mediaType: item.mediaType,
      mediaId: item.mediaId,
      ...(item.seasonNumber === null ? {} : { season: item.seasonNumber }),
      ...(item.episodeNumber === null ? {} : { episode: item.episodeNumber }),
      title: item.title ?? cached?.title ?? null,
      posterPath: item.posterPath ?? cached?.poster_path ?? null,
      releaseDate: item.releaseDate ?? cached?.date ?? null,
      voteAverage:
        cached?.vote_average ?? deps.titles.title(titleKind, item.mediaId)?.vote_average ?? null,
      popularity: item.popularity ?? cached?.popularity ?? null,
      addedAt: item.addedAt,
      rating: item.rating,
      pending: keys.some((k) => pending.has(k)),
    };
  };

  const listView = (row: ListRow, pending: Set<string>): UserList => ({
    id: row.id,
    name: row.name,
    description: row.description,
    itemCount: row.itemCount,
    pending: row.serverId === null || [...pending].some((k) => k.startsWith(`list:${row.id}:`)),
  });

  return {
    'library.state': ({ target }) => {
      const { db } = need();
      const [season, episode] =
        target.mediaType === 'episode' ? [target.season, target.episode] : [-1, -1];
      const rows = db
        .prepare<[string, number, number, number], { collection: string; rating: number | null }>(
          'SELECT collection, rating FROM collection_entries WHERE media_type = ? AND media_id = ? AND season_number = ? AND episode_number = ?',
        )
        .all(target.mediaType, target.mediaId, season, episode);
      const lists =
        target.mediaType === 'movie'
          ? (db
              .prepare(
                "SELECT list_id FROM list_items WHERE media_type = 'movie' AND media_id = ? ORDER BY list_id",
              )
              .pluck()
              .all(target.mediaId) as string[])
          : [];
      const pending = openKeys(db);
      const keys = itemKeysOf(target);
      return {
        watchlist: rows.some((r) => r.collection === 'watchlist'),
        favorite: rows.some((r) => r.collection === 'favorite'),
        rating: rows.find((r) => r.collection === 'rated')?.rating ?? null,
        lists,
        pending:
          keys.some((k) => pending.has(k)) ||
          (target.mediaType === 'movie' &&
            [...pending].some(
              (k) => k.endsWith(`:movie:${target.mediaId}`) && k.startsWith('list:'),
            )),
      };
    },
    'library.collection': ({ collection, mediaType }) => {
      const { db } = need();
      const kind = collection === 'favorites' ? 'favorite' : collection;
      const pending = openKeys(db);
      const { items } = (reader ?? createCollectionReader(db))({
        kind,
        mediaType,
        limit: MAX_ITEMS,
      });
      const counts = Object.fromEntries(
        (
          db
            .prepare(
              'SELECT media_type AS t, count(*) AS n FROM collection_entries WHERE collection = ? GROUP BY media_type',
            )
            .all(kind) as Array<{ t: string; n: number }>
        ).map((r) => [r.t, r.n]),
      );
      return { items: items.map((i) => toItem(i, pending)), counts };
    },
    'library.setWatchlist': ({ mediaType, mediaId, on }) => ({
      queued: change(
        { type: 'watchlist', mediaType, mediaId, on, summary: summaryOf(mediaType, mediaId) },
        ['watchlist'],
      ).seq,
    }),
    'library.setFavorite': ({ mediaType, mediaId, on }) => ({
      queued: change(
        { type: 'favorite', mediaType, mediaId, on, summary: summaryOf(mediaType, mediaId) },
        ['favorites'],
      ).seq,
    }),
    'library.rate': ({ target, value }) => {
      const summary =
        target.mediaType === 'episode' ? undefined : summaryOf(target.mediaType, target.mediaId);
      return { queued: change({ type: 'rating', target, value, summary }, ['rated']).seq };
    },
    'lists.all': () => {
      const { db } = need();
      const pending = openKeys(db);
      return { lists: listRows(db).map((r) => listView(r, pending)) };
    },
    'lists.get': ({ listId }) => {
      const { db } = need();
      const row = listRows(db, listId)[0];
      if (!row) throw new CodedError('not_found', 'There is no such list in your library.');
      const pending = openKeys(db);
      const { items } = (reader ?? createCollectionReader(db))({
        kind: 'list',
        listId,
        limit: MAX_ITEMS,
      });
      return { list: listView(row, pending), items: items.map((i) => toItem(i, pending)) };
    },
    'lists.create': ({ name, description }) => {
      const { db } = need();
      const { listId } = change({ type: 'list_create', name, description }, ['lists']);
      const row = listRows(db, listId ?? '')[0];
      if (!row) throw new CodedError('internal', 'The new list was not saved.');
      return { list: listView(row, openKeys(db)) };
    },
    'lists.addItem': ({ listId, movieId }) => ({
      queued: change(
        {
          type: 'list_item',
          listId,
          mediaType: 'movie',
          mediaId: movieId,
          present: true,
          summary: summaryOf('movie', movieId),
        },
        ['lists'],
      ).seq,
    }),
    'lists.removeItem': ({ listId, movieId }) => ({
      queued: change(
        { type: 'list_item', listId, mediaType: 'movie', mediaId: movieId, present: false },
        ['lists'],
      ).seq,
    }),
    'lists.clear': ({ listId }) => ({
      queued: change({ type: 'list_clear', listId }, ['lists']).seq,
    }),
    'lists.delete': ({ listId }) => ({
      queued: change({ type: 'list_delete', listId }, ['lists']).seq,
    }),
  };
}

interface ListRow {
  id: string;
  name: string;
  description: string;
  serverId: number | null;
  itemCount: number;
}

function listRows(db: Database.Database, id?: string): ListRow[] {
  const sql = `SELECT l.id, l.name, l.description, l.server_id AS serverId,
      (SELECT count(*) FROM list_items i WHERE i.list_id = l.id) AS itemCount
    FROM lists l ${id === undefined ? '' : 'WHERE l.id = ?'} ORDER BY l.created_at, l.id`;
  const statement = db.prepare(sql);
  return (id === undefined ? statement.all() : statement.all(id)) as ListRow[];
}

/** The outbox keys of the ops that set this item's watchlist, favourite and rating state. */
function itemKeysOf(target: RatingTarget): string[] {
  const rating: OutboxOp = { type: 'rating', target, value: null };
  if (target.mediaType === 'episode') return [itemKey(rating)];
  const media = { mediaType: target.mediaType, mediaId: target.mediaId, on: true };
  return [
    itemKey({ type: 'watchlist', ...media }),
    itemKey({ type: 'favorite', ...media }),
    itemKey(rating),
  ];
}
