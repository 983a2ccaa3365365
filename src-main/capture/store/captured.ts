import type Database from 'better-sqlite3';
import type { Seen } from '../count';
import type { ServerKind } from '../types';

/** Where a captured play came from. */
export interface CaptureLink {
  playUid: string;
  serverId: string;
  serverKind: ServerKind;
  serverName: string;
  account: string;
  itemKey: string;
  title: string | null;
  capturedAt: number;
}

/** A captured play as the captured list shows it: only while its play is in the history. */
export interface CapturedRow extends CaptureLink {
  mediaType: 'movie' | 'episode';
  mediaId: number;
  season: number | null;
  episode: number | null;
  watchedAt: number | null;
  /** An episode's series as TMDB names it, once Marquee keeps the series (null for a film). */
  seriesName: string | null;
  /** An episode's title as TMDB gives it, once its season is kept (null for a film). */
  episodeName: string | null;
}

export interface LinkStore {
  add(link: CaptureLink): void;
  /** Newest first, joined to the plays, so an undone play is not listed. */
  list(limit: number, offset: number): { rows: CapturedRow[]; total: number };
  /** The play uids of one server's captured plays still in the history. */
  playsOf(serverId: string): string[];
  /** Whether an item of an account already has a captured play in the history. */
  has(serverId: string, account: string, itemKey: string): boolean;
}

export interface SeenStore {
  get(serverId: string, account: string, itemKey: string): Seen | null;
  put(serverId: string, account: string, itemKey: string, seen: Seen): void;
  /** Forgets viewings counted before `before` (ms): they can no longer be repeated. */
  prune(before: number): void;
}

interface RawCaptured {
  play_uid: string;
  server_id: string;
  server_kind: ServerKind;
  server_name: string;
  account: string;
  item_key: string;
  title: string | null;
  captured_at: number;
  media_type: 'movie' | 'episode';
  media_id: number;
  season_number: number;
  episode_number: number;
  watched_at: number | null;
  series_name: string | null;
  episode_name: string | null;
}

const fromRaw = (r: RawCaptured): CapturedRow => ({
  playUid: r.play_uid,
  serverId: r.server_id,
  serverKind: r.server_kind,
  serverName: r.server_name,
  account: r.account,
  itemKey: r.item_key,
  title: r.title,
  capturedAt: r.captured_at,
  mediaType: r.media_type,
  mediaId: r.media_id,
  season: r.media_type === 'episode' ? r.season_number : null,
  episode: r.media_type === 'episode' ? r.episode_number : null,
  watchedAt: r.watched_at,
  seriesName: r.media_type === 'episode' ? r.series_name : null,
  episodeName: r.media_type === 'episode' ? r.episode_name : null,
});

// An episode's names as the tracking domain keeps them after a refresh (the library's title of
// the series until then); the subqueries run for episodes only.
const EPISODE_NAMES = `
  CASE WHEN p.media_type = 'episode' THEN coalesce(
    (SELECT t.name FROM tracked_series t WHERE t.series_id = p.media_id),
    (SELECT s.title FROM item_summaries s WHERE s.media_type = 'tv' AND s.media_id = p.media_id)
  ) END AS series_name,
  CASE WHEN p.media_type = 'episode' THEN (SELECT nullif(e.name, '') FROM series_episodes e
    WHERE e.series_id = p.media_id AND e.season_number = p.season_number
      AND e.episode_number = p.episode_number) END AS episode_name`;

export function createLinkStore(db: Database.Database): LinkStore {
  const add = db.prepare(
    `INSERT OR REPLACE INTO capture_links
       (play_uid, server_id, server_kind, server_name, account, item_key, title, captured_at)
     VALUES (@playUid, @serverId, @serverKind, @serverName, @account, @itemKey, @title, @capturedAt)`,
  );
  const list = db.prepare(
    `SELECT l.*, p.media_type, p.media_id, p.season_number, p.episode_number, p.watched_at,
       ${EPISODE_NAMES}
     FROM capture_links l JOIN watch_plays p ON p.uid = l.play_uid
     ORDER BY l.captured_at DESC, p.watched_at DESC, l.play_uid LIMIT ? OFFSET ?`,
  );
  const total = db
    .prepare('SELECT count(*) FROM capture_links l JOIN watch_plays p ON p.uid = l.play_uid')
    .pluck();
  const playsOf = db
    .prepare(
      `SELECT l.play_uid FROM capture_links l JOIN watch_plays p ON p.uid = l.play_uid
       WHERE l.server_id = ?`,
    )
    .pluck();
  const has = db
    .prepare(
      `SELECT 1 FROM capture_links l JOIN watch_plays p ON p.uid = l.play_uid
       WHERE l.server_id = ? AND l.account = ? AND l.item_key = ? LIMIT 1`,
    )
    .pluck();
  return {
    has: (serverId, account, itemKey) => has.get(serverId, account, itemKey) !== undefined,
    add: (link) => {
      add.run(link);
    },
    list: (limit, offset) => ({
      rows: (list.all(limit, offset) as RawCaptured[]).map(fromRaw),
      total: total.get() as number,
    }),
    playsOf: (serverId) => playsOf.all(serverId) as string[],
  };
}

export function createSeenStore(db: Database.Database): SeenStore {
  const get = db.prepare(
    `SELECT counted_at AS countedAt, play_uid AS playUid FROM capture_seen
     WHERE server_id = ? AND account = ? AND item_key = ?`,
  );
  const put = db.prepare(
    `INSERT INTO capture_seen (server_id, account, item_key, counted_at, play_uid)
     VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (server_id, account, item_key)
     DO UPDATE SET counted_at = excluded.counted_at, play_uid = excluded.play_uid`,
  );
  const prune = db.prepare('DELETE FROM capture_seen WHERE counted_at < ?');
  return {
    get: (serverId, account, itemKey) =>
      (get.get(serverId, account, itemKey) as Seen | undefined) ?? null,
    put: (serverId, account, itemKey, seen) => {
      put.run(serverId, account, itemKey, seen.countedAt, seen.playUid);
    },
    prune: (before) => {
      prune.run(before);
    },
  };
}
