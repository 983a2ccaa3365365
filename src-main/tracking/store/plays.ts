import type Database from 'better-sqlite3';
import type { Play, PlaySource } from '../types';
import { createHistoryPages, type HistoryCursor } from './history-pages';
import { createPlayInserter } from './plays-insert';

interface PlayRow {
  uid: string;
  media_type: 'movie' | 'episode';
  media_id: number;
  season_number: number;
  episode_number: number;
  watched_at: number | null;
  source: PlaySource;
  created_at: number;
}

const toPlay = (r: PlayRow): Play => ({
  uid: r.uid,
  mediaType: r.media_type,
  mediaId: r.media_id,
  season: r.media_type === 'movie' ? null : r.season_number,
  episode: r.media_type === 'movie' ? null : r.episode_number,
  watchedAt: r.watched_at,
  source: r.source,
  createdAt: r.created_at,
});

/** Which plays an unmark or a read takes. */
export type PlayFilter =
  | { kind: 'uid'; uid: string }
  | { kind: 'movie'; movieId: number }
  | { kind: 'episode'; seriesId: number; season: number; episode: number }
  | { kind: 'season'; seriesId: number; season: number }
  /** These episodes of one series. */
  | { kind: 'keys'; seriesId: number; keys: ReadonlyArray<readonly [number, number]> }
  | { kind: 'series'; seriesId: number; specials: boolean };

function where(filter: PlayFilter): { sql: string; args: unknown[] } {
  switch (filter.kind) {
    case 'uid':
      return { sql: 'uid = ?', args: [filter.uid] };
    case 'movie':
      return { sql: "media_type = 'movie' AND media_id = ?", args: [filter.movieId] };
    case 'episode':
      return {
        sql: "media_type = 'episode' AND media_id = ? AND season_number = ? AND episode_number = ?",
        args: [filter.seriesId, filter.season, filter.episode],
      };
    case 'season':
      return {
        sql: "media_type = 'episode' AND media_id = ? AND season_number = ?",
        args: [filter.seriesId, filter.season],
      };
    case 'keys':
      return {
        sql: `media_type = 'episode' AND media_id = ? AND (season_number, episode_number) IN
          (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?))`,
        args: [filter.seriesId, JSON.stringify(filter.keys)],
      };
    case 'series':
      return {
        sql: `media_type = 'episode' AND media_id = ?${filter.specials ? '' : ' AND season_number > 0'}`,
        args: [filter.seriesId],
      };
  }
}

export interface EpisodePlayCount {
  seriesId: number;
  season: number;
  episode: number;
  plays: number;
  lastWatchedAt: number | null;
}

export interface PlayStore {
  /** Inserts plays whose uid is new; returns those inserted. Keeps the series counters in step. */
  insert(plays: readonly Play[], now: number): Play[];
  /**
   * Inserts plays whose uid is new, as `insert` does, but moves each series' counters by the plays
   * added instead of recounting them: the same result while the counters mirror the plays (every
   * write here keeps them so), and a cost that does not grow with each series' history. For merges
   * of many small batches.
   */
  insertCounting(plays: readonly Play[], now: number): Play[];
  /** Deletes the plays the filter takes and returns them (for undo). */
  remove(filter: PlayFilter, now: number): Play[];
  /** Deletes these plays by uid, the series counters recounted once; returns those deleted. */
  removeUids(uids: readonly string[], now: number): Play[];
  find(filter: PlayFilter): Play[];
  /** Plays per episode of one series. */
  episodeCounts(seriesId: number): EpisodePlayCount[];
  /** Plays per episode of many series, ordered by series. */
  episodeCountsOf(seriesIds: readonly number[]): EpisodePlayCount[];
  /** Up to `limit` plays after the uid `after` (from the first when null), by uid. */
  page(after: string | null, limit: number): Play[];
  /**
   * Newest first; unknown dates last. Without `after` the page is the first; with it, the page
   * starts right after that play's place (a cursor, never an offset: a page far down the history
   * seeks to its place instead of stepping over every play before it). `next` is the place after
   * the page's last play, null once none follow.
   */
  history(options: { limit: number; after?: HistoryCursor; mediaType?: 'movie' | 'episode' }): {
    plays: Play[];
    total: number;
    next: HistoryCursor | null;
  };
}

export function createPlayStore(db: Database.Database): PlayStore {
  const insertRows = createPlayInserter(db);
  const ensureSeries = db.prepare(
    'INSERT OR IGNORE INTO tracked_series (series_id, created_at, updated_at) VALUES (?, ?, ?)',
  );
  // The counters mirror the series' episode plays; recounting from the index is exact and cheap.
  const recount = db.prepare(
    `UPDATE tracked_series SET
       play_count = (SELECT count(*) FROM watch_plays WHERE media_type = 'episode' AND media_id = @id),
       last_watched_at = (SELECT max(watched_at) FROM watch_plays WHERE media_type = 'episode' AND media_id = @id),
       updated_at = @now
     WHERE series_id = @id`,
  );
  const bump = db.prepare(
    `UPDATE tracked_series SET
       play_count = play_count + @added,
       last_watched_at = CASE WHEN @last IS NULL OR last_watched_at >= @last THEN last_watched_at
         ELSE @last END,
       updated_at = @now
     WHERE series_id = @id`,
  );
  const counts = db.prepare<
    [number],
    { season: number; episode: number; plays: number; last: number | null }
  >(
    `SELECT season_number AS season, episode_number AS episode, count(*) AS plays, max(watched_at) AS last
     FROM watch_plays WHERE media_type = 'episode' AND media_id = ?
     GROUP BY season_number, episode_number`,
  );
  const countsOf = db.prepare<
    [string],
    { seriesId: number; season: number; episode: number; plays: number; last: number | null }
  >(
    `SELECT media_id AS seriesId, season_number AS season, episode_number AS episode,
       count(*) AS plays, max(watched_at) AS last
     FROM watch_plays WHERE media_type = 'episode' AND media_id IN (SELECT value FROM json_each(?))
     GROUP BY media_id, season_number, episode_number`,
  );

  const touched = (plays: readonly Play[], now: number): void => {
    const series = new Set(plays.filter((p) => p.mediaType === 'episode').map((p) => p.mediaId));
    for (const id of series) {
      ensureSeries.run(id, now, now);
      recount.run({ id, now });
    }
  };

  const insert = db.transaction((plays: readonly Play[], now: number): Play[] => {
    const added = insertRows(plays);
    touched(added, now);
    return added;
  });

  const insertCounting = db.transaction((plays: readonly Play[], now: number): Play[] => {
    const added = insertRows(plays);
    const bySeries = new Map<number, { added: number; last: number | null }>();
    for (const play of added) {
      if (play.mediaType !== 'episode') continue;
      const entry = bySeries.get(play.mediaId) ?? { added: 0, last: null };
      entry.added += 1;
      if (play.watchedAt !== null && (entry.last === null || play.watchedAt > entry.last))
        entry.last = play.watchedAt;
      bySeries.set(play.mediaId, entry);
    }
    for (const [id, entry] of bySeries) {
      ensureSeries.run(id, now, now);
      bump.run({ id, now, added: entry.added, last: entry.last });
    }
    return added;
  });

  // A filter has a handful of shapes: each is prepared once (an import asks once per play).
  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string): Database.Statement => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };

  const find = (filter: PlayFilter): Play[] => {
    const w = where(filter);
    return (
      prepared(`SELECT * FROM watch_plays WHERE ${w.sql} ORDER BY watched_at, created_at, uid`).all(
        ...w.args,
      ) as PlayRow[]
    ).map(toPlay);
  };

  const remove = db.transaction((filter: PlayFilter, now: number): Play[] => {
    const removed = find(filter);
    const w = where(filter);
    prepared(`DELETE FROM watch_plays WHERE ${w.sql}`).run(...w.args);
    touched(removed, now);
    return removed;
  });

  const firstPage = db.prepare<{ limit: number }, PlayRow>(
    `SELECT * FROM watch_plays ORDER BY watched_at DESC NULLS LAST, created_at DESC, uid
     LIMIT @limit`,
  );
  const firstPageOf = db.prepare<{ limit: number; mediaType: string }, PlayRow>(
    `SELECT * FROM watch_plays WHERE media_type = @mediaType
     ORDER BY watched_at DESC NULLS LAST, created_at DESC, uid LIMIT @limit`,
  );
  const historyAfter = createHistoryPages<PlayRow>(db);
  const playsInAll = db.prepare('SELECT coalesce(sum(plays), 0) FROM play_totals').pluck();
  const playsOf = db
    .prepare('SELECT coalesce(sum(plays), 0) FROM play_totals WHERE media_type = ?')
    .pluck();
  const byUid = db.prepare<[string], PlayRow>('SELECT * FROM watch_plays WHERE uid = ?');
  const deleteUid = db.prepare('DELETE FROM watch_plays WHERE uid = ?');
  const pageAfter = db.prepare<[string, number], PlayRow>(
    'SELECT * FROM watch_plays WHERE uid > ? ORDER BY uid LIMIT ?',
  );
  const removeUids = db.transaction((uids: readonly string[], now: number): Play[] => {
    const removed: Play[] = [];
    for (const uid of uids) {
      const row = byUid.get(uid);
      if (!row) continue;
      deleteUid.run(uid);
      removed.push(toPlay(row));
    }
    touched(removed, now);
    return removed;
  });

  return {
    insert: (plays, now) => insert(plays, now),
    insertCounting: (plays, now) => insertCounting(plays, now),
    remove: (filter, now) => remove(filter, now),
    removeUids: (uids, now) => removeUids(uids, now),
    find,
    page: (after, limit) => pageAfter.all(after ?? '', limit).map(toPlay),
    episodeCounts: (seriesId) =>
      counts.all(seriesId).map((r) => ({
        seriesId,
        season: r.season,
        episode: r.episode,
        plays: r.plays,
        lastWatchedAt: r.last,
      })),
    episodeCountsOf: (ids) =>
      countsOf.all(JSON.stringify(ids)).map((r) => ({
        seriesId: r.seriesId,
        season: r.season,
        episode: r.episode,
        plays: r.plays,
        lastWatchedAt: r.last,
      })),
    history({ limit, after, mediaType }) {
      // The page walks the history's own index (migration 017); the total is the triggers' sum
      // of plays per title (migration 006), not a count of every play on each page.
      const rows =
        after !== undefined
          ? historyAfter(after, limit + 1, mediaType)
          : mediaType === undefined
            ? firstPage.all({ limit: limit + 1 })
            : firstPageOf.all({ limit: limit + 1, mediaType });
      const total = (
        mediaType === undefined
          ? playsInAll.get()
          : playsOf.get(mediaType === 'movie' ? 'movie' : 'tv')
      ) as number;
      // One row more than the page says whether another page follows.
      const more = rows.length > limit;
      const plays = (more ? rows.slice(0, limit) : rows).map(toPlay);
      const last = plays.at(-1);
      const next =
        more && last
          ? { watchedAt: last.watchedAt, createdAt: last.createdAt, uid: last.uid }
          : null;
      return { plays, total, next };
    },
  };
}
