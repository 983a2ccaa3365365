import type Database from 'better-sqlite3';
import { createPreferenceStore } from '../../../changes/store/preferences';
import type { Play, PlaySource } from '../../../tracking/types';

/** Which change last wrote something: the order in which the last writer wins. */
export interface Version {
  hlc: string;
  device: string;
  /** The change's id. */
  id: string;
}

export interface PlayVersion extends Version {
  removed: boolean;
}

export interface InboxReadVersion extends Version {
  readAt: number;
}

/** A change of the log as the merge folds it: its order here, identity and what it did. */
export interface FoldRow extends Version {
  seq: number;
  kind: string;
  data: unknown;
}

/** Every SQL statement of the merge lives behind this object. */
export interface MergeStore {
  /**
   * The newest change of one register (`entity`, `kind`), or undefined when none is known. Plays'
   * adds and removals are no register: none is found of them.
   */
  registerHead(entity: string, kind: string): Version | undefined;
  /** Whether the log holds a change of any device but `device` (none before a first sync). */
  othersKnown(device: string): boolean;
  /** Stores a preference's value (JSON text), as its newest change set it. */
  setPreference(key: string, value: string, at: number): void;
  playVersion(uid: string): PlayVersion | undefined;
  /** The stored versions of these plays, by uid: one query for a chunk's thousands. */
  playVersions(uids: readonly string[]): Map<string, PlayVersion>;
  /** Stores these versions in one statement, in the order given. */
  setPlayVersions(versions: ReadonlyArray<readonly [string, PlayVersion]>): void;
  inboxRead(key: string): InboxReadVersion | undefined;
  setInboxRead(key: string, version: InboxReadVersion): void;
  /** The plays this library holds of these uids, by uid. */
  storedPlays(uids: readonly string[]): Map<string, Play>;
  /** Reads the inbox item with this key, when this computer has it, at `readAt`. */
  readInboxItem(key: string, readAt: number): void;
  /** Changes past `seq` that the version tables follow (plays and inbox reads), oldest first. */
  unfolded(seq: number, limit: number): FoldRow[];
  /** The last sequence number of the change log (0 when it is empty). */
  lastSeq(): number;
  /** Up to which sequence number the version tables follow the log. */
  folded(): number;
  setFolded(seq: number): void;
  transaction<T>(fn: () => T): T;
  /**
   * Runs `fn` (a write) with commits that skip the disk sync: still atomic, and the write-ahead log
   * never corrupts, but a power cut may undo them, so the caller ends with a synced commit, which
   * makes every earlier one durable with it. Only for changes that can be read again. The log is
   * also copied into the database less often (each copy syncs the disk too, and a page written by
   * several chunks is copied once).
   */
  unsynced<T>(fn: () => T): T;
}

const FOLDED_KEY = 'merge-folded';
/** `PRAGMA synchronous` levels: in WAL mode, NORMAL syncs at checkpoints only, FULL at each commit. */
const NORMAL = 1;
/** Pages of write-ahead log between two copies into the database while a merge runs (16 MB). */
const CHECKPOINT_PAGES = 4_000;

export function createMergeStore(db: Database.Database): MergeStore {
  const head = db.prepare<[string, string], Version>(
    // With the registers' index condition (library migration 018), so that the index serves it.
    `SELECT hlc, device, id FROM changes
     WHERE entity = ? AND kind = ? AND kind NOT IN ('plays.add', 'plays.remove')
     ORDER BY hlc DESC, device DESC, id DESC LIMIT 1`,
  );
  const playVersion = db.prepare<[string], Omit<PlayVersion, 'removed'> & { removed: number }>(
    'SELECT hlc, device, change_id AS id, removed FROM sync_play_versions WHERE uid = ?',
  );
  const playVersionsOf = db.prepare<
    [string],
    Omit<PlayVersion, 'removed'> & { uid: string; removed: number }
  >(
    `SELECT uid, hlc, device, change_id AS id, removed FROM sync_play_versions
     WHERE uid IN (SELECT value FROM json_each(?))`,
  );
  // One row per array of the JSON: [uid, hlc, device, change id, removed].
  const setPlayVersions = db.prepare(
    `INSERT INTO sync_play_versions (uid, hlc, device, change_id, removed)
     SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4 FROM json_each(?)
     WHERE true
     ON CONFLICT (uid) DO UPDATE SET hlc = excluded.hlc, device = excluded.device,
       change_id = excluded.change_id, removed = excluded.removed`,
  );
  const inboxRead = db.prepare<[string], InboxReadVersion>(
    `SELECT hlc, device, change_id AS id, read_at AS readAt FROM sync_inbox_reads
     WHERE dedupe_key = ?`,
  );
  const setInboxRead = db.prepare(
    `INSERT INTO sync_inbox_reads (dedupe_key, read_at, hlc, device, change_id)
     VALUES (@key, @readAt, @hlc, @device, @id)
     ON CONFLICT (dedupe_key) DO UPDATE SET read_at = excluded.read_at, hlc = excluded.hlc,
       device = excluded.device, change_id = excluded.change_id`,
  );
  const plays = db.prepare<
    [string],
    {
      uid: string;
      media_type: 'movie' | 'episode';
      media_id: number;
      season_number: number;
      episode_number: number;
      watched_at: number | null;
      source: PlaySource;
      created_at: number;
    }
  >('SELECT * FROM watch_plays WHERE uid IN (SELECT value FROM json_each(?))');
  const readItem = db.prepare('UPDATE inbox SET read_at = ? WHERE dedupe_key = ?');
  const unfolded = db.prepare<[number, number], Omit<FoldRow, 'data'> & { data: string }>(
    `SELECT seq, id, hlc, device, kind, data FROM changes
     WHERE seq > ? AND kind IN ('plays.add', 'plays.remove', 'inbox.read') ORDER BY seq LIMIT ?`,
  );
  const other = db
    .prepare<[string, string], number>(
      'SELECT 1 FROM changes WHERE device < ? OR device > ? LIMIT 1',
    )
    .pluck();
  const lastSeq = db.prepare<[], number | null>('SELECT max(seq) FROM changes').pluck();
  const getMeta = db
    .prepare<[string], string>('SELECT value FROM change_meta WHERE key = ?')
    .pluck();
  const setMeta = db.prepare(
    `INSERT INTO change_meta (key, value) VALUES (?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  );

  const preferences = createPreferenceStore(db);

  return {
    registerHead: (entity, kind) => head.get(entity, kind),
    othersKnown: (device) => other.get(device, device) !== undefined,
    setPreference: (key, value, at) => {
      preferences.put(key, value, at);
    },
    playVersion: (uid) => {
      const row = playVersion.get(uid);
      return row && { ...row, removed: row.removed === 1 };
    },
    playVersions: (uids) => {
      const found = new Map<string, PlayVersion>();
      if (uids.length === 0) return found;
      for (const { uid, removed, ...row } of playVersionsOf.all(JSON.stringify(uids)))
        found.set(uid, { ...row, removed: removed === 1 });
      return found;
    },
    setPlayVersions: (versions) => {
      if (versions.length === 0) return;
      setPlayVersions.run(
        JSON.stringify(versions.map(([uid, v]) => [uid, v.hlc, v.device, v.id, v.removed ? 1 : 0])),
      );
    },
    storedPlays: (uids) => {
      const found = new Map<string, Play>();
      if (uids.length === 0) return found;
      for (const r of plays.all(JSON.stringify(uids))) {
        const movie = r.media_type === 'movie';
        found.set(r.uid, {
          uid: r.uid,
          mediaType: r.media_type,
          mediaId: r.media_id,
          season: movie ? null : r.season_number,
          episode: movie ? null : r.episode_number,
          watchedAt: r.watched_at,
          source: r.source,
          createdAt: r.created_at,
        });
      }
      return found;
    },
    inboxRead: (key) => inboxRead.get(key),
    setInboxRead: (key, v) => {
      setInboxRead.run({ key, readAt: v.readAt, hlc: v.hlc, device: v.device, id: v.id });
    },
    readInboxItem: (key, readAt) => {
      readItem.run(readAt, key);
    },
    unfolded: (seq, limit) =>
      unfolded.all(seq, limit).map((row) => ({ ...row, data: JSON.parse(row.data) as unknown })),
    lastSeq: () => lastSeq.get() ?? 0,
    folded: () => Number(getMeta.get(FOLDED_KEY) ?? 0),
    setFolded: (seq) => {
      setMeta.run(FOLDED_KEY, String(seq));
    },
    transaction: (fn) => db.transaction(fn)(),
    unsynced: (fn) => {
      // Settings of the connection, changed only between transactions and put back before the
      // event loop runs again (the write is synchronous). Only with a write-ahead log: with a
      // rollback journal, a commit without a sync is not safe.
      if (db.inTransaction || db.memory || db.pragma('journal_mode', { simple: true }) !== 'wal')
        return fn();
      const level = db.pragma('synchronous', { simple: true }) as number;
      const checkpoint = db.pragma('wal_autocheckpoint', { simple: true }) as number;
      db.pragma(`synchronous = ${String(Math.min(level, NORMAL))}`);
      if (checkpoint > 0 && checkpoint < CHECKPOINT_PAGES)
        db.pragma(`wal_autocheckpoint = ${String(CHECKPOINT_PAGES)}`);
      try {
        return fn();
      } finally {
        db.pragma(`synchronous = ${String(level)}`);
        db.pragma(`wal_autocheckpoint = ${String(checkpoint)}`);
      }
    },
  };
}
