import type Database from 'better-sqlite3';
import type { RatingTarget } from '../changes';

/** A list as the UI shows it, with its item count. */
export interface ListRow {
  id: string;
  name: string;
  description: string;
  serverId: number | null;
  itemCount: number;
}

/** Which of the user's collections and lists hold one title. */
export interface ItemMembership {
  collections: Array<{ collection: string; rating: number | null }>;
  /** Ids of the lists holding it (movies only: TMDB's lists hold movies only). */
  lists: string[];
}

export interface ViewStore {
  /** Outbox keys of the changes not sent yet (pending or in flight). */
  openItemKeys(): Set<string>;
  /**
   * Whether a change to one of these items is not sent yet; with `listFilm`, also a change of
   * that film in any list. Read by index, not by reading every open key: with thousands queued
   * (a restore, a week offline) each title's state took 3 ms that way.
   */
  isOpen(keys: readonly string[], listFilm: number | null): boolean;
  membership(target: RatingTarget): ItemMembership;
  /** How many entries of one collection there are per media type. */
  countsByMediaType(collection: string): Record<string, number>;
  /** Every list, oldest first, or the one list with this id. */
  lists(id?: string): ListRow[];
}

/** The library reads behind the UI's views, besides a collection page (collections.ts). */
export function createViewStore(db: Database.Database): ViewStore {
  const openKeys = db
    .prepare<[], string>("SELECT item_key FROM outbox WHERE status IN ('pending', 'in_flight')")
    .pluck();
  const entries = db.prepare<
    [string, number, number, number],
    { collection: string; rating: number | null }
  >(
    // Every collection named, so each is one seek into the primary key (which leads with it);
    // without it the whole table was scanned: 0.7 ms a title with 3,000 entries.
    `SELECT collection, rating FROM collection_entries
     WHERE collection IN ('watchlist', 'favorite', 'rated') AND media_type = ? AND media_id = ?
       AND season_number = ? AND episode_number = ?`,
  );
  const listsOfMovie = db
    .prepare<[number], string>(
      // One seek per list into the primary key (list, type, id), not a scan of every list item.
      `SELECT list_id FROM list_items
       WHERE list_id IN (SELECT id FROM lists) AND media_type = 'movie' AND media_id = ?
       ORDER BY list_id`,
    )
    .pluck();
  const counts = db.prepare<[string], { t: string; n: number }>(
    'SELECT media_type AS t, count(*) AS n FROM collection_entries WHERE collection = ? GROUP BY media_type',
  );
  const listSql = (
    one: boolean,
  ): string => `SELECT l.id, l.name, l.description, l.server_id AS serverId,
      (SELECT count(*) FROM list_items i WHERE i.list_id = l.id) AS itemCount
    FROM lists l ${one ? 'WHERE l.id = ?' : ''} ORDER BY l.created_at, l.id`;
  const allLists = db.prepare<[], ListRow>(listSql(false));
  const oneList = db.prepare<[string], ListRow>(listSql(true));

  const openOf = db
    .prepare<[string], number>(
      `SELECT EXISTS (SELECT 1 FROM outbox INDEXED BY outbox_by_item
         WHERE item_key IN (SELECT value FROM json_each(?)) AND status IN ('pending', 'in_flight'))`,
    )
    .pluck();
  // By item, never by status (SQLite's own choice, which reads every open change). List keys are
  // `list:<list id>:movie:<film id>`: only the list changes are looked at.
  const openInLists = db
    .prepare<[string], number>(
      `SELECT EXISTS (SELECT 1 FROM outbox INDEXED BY outbox_by_item
         WHERE item_key >= 'list:' AND item_key < 'list;'
         AND item_key LIKE ? AND status IN ('pending', 'in_flight'))`,
    )
    .pluck();
  return {
    openItemKeys: () => new Set(openKeys.all()),
    isOpen: (keys, listFilm) =>
      openOf.get(JSON.stringify(keys)) === 1 ||
      (listFilm !== null && openInLists.get(`%:movie:${String(listFilm)}`) === 1),
    membership(target) {
      const [season, episode] =
        target.mediaType === 'episode' ? [target.season, target.episode] : [-1, -1];
      return {
        collections: entries.all(target.mediaType, target.mediaId, season, episode),
        lists: target.mediaType === 'movie' ? listsOfMovie.all(target.mediaId) : [],
      };
    },
    countsByMediaType: (collection) =>
      Object.fromEntries(counts.all(collection).map((r) => [r.t, r.n])),
    lists: (id) => (id === undefined ? allLists.all() : oneList.all(id)),
  };
}
