import type {
  AuthStatus,
  ChannelOutput,
  LibraryItem,
  RatingTarget,
  UserList,
} from '../../src-shared/ipc/contract';
import { CodedError, type ErrorCode } from '../../src-shared/ipc/errors';
import { toStorageError } from '../db/storage-errors';
import type { EventBus } from '../base/events';
import { itemKey, type ItemSummary, type OutboxOp, type UserChangeInput } from './changes';
import { createCollectionReader, type CollectionItem } from './store/collections';
import type { Library } from './store/library';
import { LibraryInputError } from './store/mirror';
import type { ListRow, ViewStore } from './store/views';
import type { TitleLookup } from './title-lookup';

export interface UserLibraryDeps {
  /** null when the library database could not be opened at start-up. */
  store: {
    library: Library;
    views: ViewStore;
    collection: ReturnType<typeof createCollectionReader>;
  } | null;
  /** Why the library is unavailable, for the error text. */
  problem: string | null;
  /** The error code when the library is unavailable for a storage condition (e.g. `disk_full`). */
  problemCode?: ErrorCode | null;
  titles: TitleLookup;
  events: EventBus;
  authState: () => AuthStatus['state'];
  /** A change was queued: sync sends it when it can. */
  onQueued: () => void;
}

type MediaChange = { mediaType: 'movie' | 'tv'; mediaId: number; on: boolean };
type ListItemChange = { listId: string; movieId: number };
type Queued = { queued: number };

/** The user's library as the UI reads and changes it, each answer in the contract's shape. */
export interface UserLibrary {
  state(target: RatingTarget): ChannelOutput<'library.state'>;
  collection(query: {
    collection: 'watchlist' | 'favorites' | 'rated';
    mediaType: 'movie' | 'tv' | 'episode';
  }): ChannelOutput<'library.collection'>;
  setWatchlist(change: MediaChange): Queued;
  setFavorite(change: MediaChange): Queued;
  rate(change: { target: RatingTarget; value: number | null }): Queued;
  lists(): { lists: UserList[] };
  list(listId: string): ChannelOutput<'lists.get'>;
  createList(list: { name: string; description: string }): { list: UserList };
  addToList(change: ListItemChange): Queued;
  removeFromList(change: ListItemChange): Queued;
  clearList(listId: string): Queued;
  deleteList(listId: string): Queued;
}

/** A collection read returns every item (a large watchlist holds thousands); the UI virtualizes. */
const MAX_ITEMS = 20_000;

/**
 * The library and its lists. A change goes through `applyUserChange` (mirror and outbox in one
 * durable transaction), so the UI sees it at once (`library.changed`) and sync sends it later.
 * Reads come from the mirror, with titles from the cache's normalized tables so they show
 * offline.
 */
export function createUserLibrary(deps: UserLibraryDeps): UserLibrary {
  const need = (): NonNullable<UserLibraryDeps['store']> => {
    if (deps.store) return deps.store;
    throw new CodedError(
      deps.problemCode ?? 'internal',
      // Whether a backup exists is said by `problem` (db/databases.ts): never claimed here blindly.
      `Your library could not be opened, so it is read-only for now. ${deps.problem ?? 'The reason is unknown.'}`,
    );
  };

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
      // A full disk, a lock held elsewhere...: its own code and plain words, nothing was changed.
      throw toStorageError(error);
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
    state(target) {
      const { views } = need();
      const { collections: rows, lists } = views.membership(target);
      return {
        watchlist: rows.some((r) => r.collection === 'watchlist'),
        favorite: rows.some((r) => r.collection === 'favorite'),
        rating: rows.find((r) => r.collection === 'rated')?.rating ?? null,
        lists,
        pending: views.isOpen(
          itemKeysOf(target),
          target.mediaType === 'movie' ? target.mediaId : null,
        ),
      };
    },
    collection({ collection, mediaType }) {
      const { views, collection: read } = need();
      const kind = collection === 'favorites' ? 'favorite' : collection;
      const pending = views.openItemKeys();
      const { items } = read({ kind, mediaType, limit: MAX_ITEMS });
      return {
        items: items.map((i) => toItem(i, pending)),
        counts: views.countsByMediaType(kind),
      };
    },
    setWatchlist: ({ mediaType, mediaId, on }) => ({
      queued: change(
        { type: 'watchlist', mediaType, mediaId, on, summary: summaryOf(mediaType, mediaId) },
        ['watchlist'],
      ).seq,
    }),
    setFavorite: ({ mediaType, mediaId, on }) => ({
      queued: change(
        { type: 'favorite', mediaType, mediaId, on, summary: summaryOf(mediaType, mediaId) },
        ['favorites'],
      ).seq,
    }),
    rate({ target, value }) {
      const summary =
        target.mediaType === 'episode' ? undefined : summaryOf(target.mediaType, target.mediaId);
      return { queued: change({ type: 'rating', target, value, summary }, ['rated']).seq };
    },
    lists() {
      const { views } = need();
      const pending = views.openItemKeys();
      return { lists: views.lists().map((r) => listView(r, pending)) };
    },
    list(listId) {
      const { views, collection: read } = need();
      const row = views.lists(listId)[0];
      if (!row) throw new CodedError('not_found', 'There is no such list in your library.');
      const pending = views.openItemKeys();
      const { items } = read({ kind: 'list', listId, limit: MAX_ITEMS });
      return { list: listView(row, pending), items: items.map((i) => toItem(i, pending)) };
    },
    createList({ name, description }) {
      const { views } = need();
      const { listId } = change({ type: 'list_create', name, description }, ['lists']);
      const row = views.lists(listId ?? '')[0];
      if (!row) throw new CodedError('internal', 'The new list was not saved.');
      return { list: listView(row, views.openItemKeys()) };
    },
    addToList: ({ listId, movieId }) => ({
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
    removeFromList: ({ listId, movieId }) => ({
      queued: change(
        { type: 'list_item', listId, mediaType: 'movie', mediaId: movieId, present: false },
        ['lists'],
      ).seq,
    }),
    clearList: (listId) => ({ queued: change({ type: 'list_clear', listId }, ['lists']).seq }),
    deleteList: (listId) => ({ queued: change({ type: 'list_delete', listId }, ['lists']).seq }),
  };
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
