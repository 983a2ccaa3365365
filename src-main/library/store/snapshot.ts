import type Database from 'better-sqlite3';
import type { ItemSummary, OutboxOp, RatingTarget } from '../changes';
import { LibraryInputError, type createMirrorWriter } from './mirror';

export interface MirrorEntry {
  mediaType: 'movie' | 'tv';
  mediaId: number;
  addedAt?: number;
  summary?: ItemSummary;
}

/** A full pull of the account, page by page, as sync/pull.ts assembles it. */
export interface MirrorSnapshot {
  watchlist: MirrorEntry[];
  favorites: MirrorEntry[];
  rated: Array<{
    target: RatingTarget;
    value: number;
    ratedAt?: number;
    summary?: MirrorEntry['summary'];
  }>;
  /** A list's items are null when they could not be read: that list keeps the items it had. */
  lists: Array<{
    serverId: number;
    name: string;
    description?: string;
    /** The marker of a list Marquee created (list-marker.ts), when its description carries one. */
    marker?: string | undefined;
    items: MirrorEntry[] | null;
  }>;
  /**
   * Parts that could not be read (`watchlist:movie`, `rated:episode`, `lists`, `list:<id>`...):
   * their mirror is kept as it is, never wiped for a failed fetch.
   */
  failures?: ReadonlyArray<{ part: string; message: string }>;
}

/** The mirror's parts as (collection, media type), named as a pull names its failures. */
const COLLECTION_PARTS = [
  ['watchlist', 'movie'],
  ['watchlist', 'tv'],
  ['favorite', 'movie'],
  ['favorite', 'tv'],
  ['rated', 'movie'],
  ['rated', 'tv'],
  ['rated', 'episode'],
] as const;

/**
 * Replaces the mirror with a pull's snapshot, in one transaction: parts the pull could not read
 * keep what they had, lists keep their local ids, and unsent local changes stay on top.
 */
export function createMirrorReplacer(
  db: Database.Database,
  deps: {
    clock: () => number;
    mirror: ReturnType<typeof createMirrorWriter>;
    setServerId: (serverId: number, listId: string) => void;
    /** The open outbox's changes (pending or in flight), in queue order. */
    openOps: () => Array<{ row: { queued_at: number }; op: OutboxOp }>;
  },
): (snapshot: MirrorSnapshot) => void {
  const { clock, mirror, setServerId, openOps } = deps;
  return db.transaction((snapshot: MirrorSnapshot) => {
    const now = clock();
    const localIdOf = new Map(
      (
        db.prepare('SELECT list_id AS id, server_id FROM list_server_ids').all() as Array<{
          id: string;
          server_id: number;
        }>
      ).map((r) => [r.server_id, r.id]),
    );
    const failed = new Set((snapshot.failures ?? []).map((f) => f.part));
    const createdByMarker = new Map<string, string>();
    for (const { op } of openOps())
      if (op.type === 'list_create' && op.marker !== undefined)
        createdByMarker.set(op.marker, op.listId);
    const clearPart = db.prepare(
      'DELETE FROM collection_entries WHERE collection = ? AND media_type = ?',
    );
    for (const [collection, mediaType] of COLLECTION_PARTS) {
      if (!failed.has(`${collection}:${mediaType}`)) clearPart.run(collection, mediaType);
    }
    const listsRead = !failed.has('lists');
    // Items of a list whose page failed are kept and put back after the lists are rebuilt.
    const keptItems = listsRead
      ? snapshot.lists
          .filter((l) => l.items === null)
          .flatMap(
            (l) =>
              db
                .prepare(
                  'SELECT list_id, media_type, media_id, added_at FROM list_items WHERE list_id = ?',
                )
                .all(localIdOf.get(l.serverId) ?? String(l.serverId)) as Array<{
                list_id: string;
                media_type: string;
                media_id: number;
                added_at: number;
              }>,
          )
      : [];
    if (listsRead) db.exec('DELETE FROM lists;');
    const put = (type: 'watchlist' | 'favorite', e: MirrorEntry): void => {
      mirror.apply(
        { type, mediaType: e.mediaType, mediaId: e.mediaId, on: true },
        e.addedAt ?? now,
      );
      if (e.summary) mirror.summary(e.mediaType, e.mediaId, e.summary, now);
    };
    snapshot.watchlist.forEach((e) => {
      put('watchlist', e);
    });
    snapshot.favorites.forEach((e) => {
      put('favorite', e);
    });
    for (const r of snapshot.rated) {
      mirror.apply({ type: 'rating', target: r.target, value: r.value }, r.ratedAt ?? now);
      if (r.summary && r.target.mediaType !== 'episode')
        mirror.summary(r.target.mediaType, r.target.mediaId, r.summary, now);
    }
    for (const list of listsRead ? snapshot.lists : []) {
      // A list whose creation answer was lost is ours: adopt it under its local id, never twice.
      const id =
        localIdOf.get(list.serverId) ??
        (list.marker === undefined ? undefined : createdByMarker.get(list.marker)) ??
        String(list.serverId);
      mirror.apply(
        { type: 'list_create', listId: id, name: list.name, description: list.description ?? '' },
        now,
      );
      setServerId(list.serverId, id);
      for (const item of list.items ?? []) {
        mirror.apply(
          {
            type: 'list_item',
            listId: id,
            mediaType: 'movie',
            mediaId: item.mediaId,
            present: true,
          },
          item.addedAt ?? now,
        );
        if (item.summary) mirror.summary('movie', item.mediaId, item.summary, now);
      }
    }
    const restore = db.prepare(
      'INSERT OR IGNORE INTO list_items (list_id, media_type, media_id, added_at) VALUES (?, ?, ?, ?)',
    );
    for (const k of keptItems) restore.run(k.list_id, k.media_type, k.media_id, k.added_at);
    // Unsent local changes stay on top of the server's picture until they are sent.
    for (const { row, op } of openOps()) {
      try {
        mirror.apply(op, row.queued_at);
      } catch (error) {
        // A queued change to a list the server no longer has: it will fail visibly when sent.
        if (!(error instanceof LibraryInputError)) throw error;
      }
    }
  });
}
