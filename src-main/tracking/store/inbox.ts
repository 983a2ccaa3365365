import type Database from 'better-sqlite3';
import { plainText } from '../../../src-shared/text/bound';
import { TEXT_LIMITS } from '../../../src-shared/text/limits';
import type { InboxKey } from '../changes';
import type { InboxItem, ReleaseType } from '../types';
import { FILM_FOLLOWED_SQL, FOLLOWED_SQL } from './followed';

export interface NewInboxItem {
  dedupeKey: string;
  kind: InboxItem['kind'];
  mediaId: number;
  season: number | null;
  episode: number | null;
  releaseType: ReleaseType | null;
  title: string;
  body: string;
  occurredAt: string;
}

export interface AiredEpisodeRow {
  seriesId: number;
  seriesName: string | null;
  season: number;
  episode: number;
  name: string;
  airDate: string;
}

export interface ReleasedFilmRow {
  movieId: number;
  title: string | null;
  region: string;
  type: ReleaseType;
  date: string;
}

/** An inbox item as a backup keeps it (its key makes a merge idempotent). */
export interface RestoredInboxItem {
  key: string;
  kind: InboxItem['kind'];
  mediaId: number;
  season: number | null;
  episode: number | null;
  releaseType: number | null;
  title: string;
  body: string;
  occurredAt: string;
  createdAt: number;
  readAt: number | null;
}

export interface InboxStore {
  /**
   * Starts notifications for series and films that just became followed, from `start` on (so the
   * backlog is never announced), and stops them for those no longer followed.
   */
  syncFollows(start: string): void;
  /** Episodes of followed series that aired in [notify_since, today] and have no inbox item yet. */
  airedEpisodes(today: string): AiredEpisodeRow[];
  /** Releases of watchlist films in the region in [notify_since, today] without an inbox item. */
  releasedFilms(region: string, today: string): ReleasedFilmRow[];
  /** Moves every start up to `floor`, so later checks look at a short window only. */
  advance(floor: string): void;
  /** Inserts the items whose key is new; returns them with their ids. */
  add(items: readonly NewInboxItem[], now: number): InboxItem[];
  list(options: { limit: number; unreadOnly: boolean }): InboxItem[];
  unread(): number;
  /** Reads the unread items among these (or all); returns them by their natural key. */
  markRead(ids: readonly number[] | 'all', now: number): InboxKey[];
  markOsNotified(ids: readonly number[], now: number): void;
  /**
   * Adds the items whose key is new and reads those the backup read; returns how many were added
   * and the items this made read, by natural key with the time they were read.
   */
  restore(rows: readonly RestoredInboxItem[]): {
    added: number;
    read: Array<{ readAt: number; item: InboxKey }>;
  };
}

/** A row as the queries below read it: the columns are named after the item's fields. */
type RawItem = Omit<InboxItem, 'mediaType' | 'providerId'> & { dedupeKey: string };

/**
 * Items stored before their text was bounded are read as the inbox keeps text now. An arrival
 * says whether it is a film or a series, and the service it arrived on (its key does); the other
 * kinds say it by their kind.
 */
const bounded = ({ dedupeKey, ...row }: RawItem): InboxItem => ({
  ...row,
  title: plainText(row.title, TEXT_LIMITS.inboxTitle),
  body: plainText(row.body, TEXT_LIMITS.inboxBody),
  ...(row.kind === 'arrival' ? arrivalOf(dedupeKey) : {}),
});

/** An arrival's film or series and, when its key says, the service it arrived on. */
function arrivalOf(key: string): { mediaType: 'movie' | 'tv'; providerId?: number } {
  const arrival = parseArrivalKey(key);
  return arrival && arrival.providerId > 0
    ? { mediaType: arrival.mediaType, providerId: arrival.providerId }
    : { mediaType: arrival?.mediaType ?? 'movie' };
}

const ITEM_COLUMNS = `id, dedupe_key AS dedupeKey, kind, media_id AS mediaId,
  season_number AS season, episode_number AS episode, release_type AS releaseType, title, body,
  occurred_at AS occurredAt, created_at AS createdAt, read_at AS readAt`;

type KeyRow = Omit<InboxKey, 'region'> & { id: number; key: string };
const KEY_COLUMNS = `id, dedupe_key AS key, kind, media_id AS mediaId, season_number AS season,
  episode_number AS episode, release_type AS releaseType`;
/**
 * A release's region is part of its key (see `releaseKey`), as are an arrival's film or series,
 * region and provider (see `arrivalKey`); an episode has none.
 */
const toKey = ({ id: _id, key, ...row }: KeyRow): InboxKey => {
  if (row.kind === 'arrival') {
    const arrival = parseArrivalKey(key);
    return {
      ...row,
      region: arrival?.region ?? null,
      mediaType: arrival?.mediaType ?? 'movie',
      providerId: arrival?.providerId ?? 0,
    };
  }
  return { ...row, region: row.kind === 'release' ? (key.split(':')[2] ?? null) : null };
};

export const episodeKey = (seriesId: number, season: number, episode: number): string =>
  `episode:${seriesId}:${season}:${episode}`;
export const releaseKey = (movieId: number, region: string, type: number): string =>
  `release:${movieId}:${region}:${type}`;

/** A title's arrival on a provider in a region: announced once, whenever it happens. */
export const arrivalKey = (
  mediaType: 'movie' | 'tv',
  mediaId: number,
  region: string,
  providerId: number,
): string => `arrival:${mediaType}:${mediaId}:${region}:${providerId}`;

export function parseArrivalKey(
  key: string,
): { mediaType: 'movie' | 'tv'; mediaId: number; region: string; providerId: number } | null {
  const match = /^arrival:(movie|tv):(\d+):([A-Z]{2}):(\d+)$/.exec(key);
  if (!match) return null;
  return {
    mediaType: match[1] === 'tv' ? 'tv' : 'movie',
    mediaId: Number(match[2]),
    region: match[3] ?? '',
    providerId: Number(match[4]),
  };
}

export function createInboxStore(db: Database.Database): InboxStore {
  const startSeries = db.prepare(
    `UPDATE tracked_series AS t SET notify_since = ? WHERE notify_since IS NULL AND ${FOLLOWED_SQL}`,
  );
  const stopSeries = db.prepare(
    `UPDATE tracked_series AS t SET notify_since = NULL
     WHERE notify_since IS NOT NULL AND NOT ${FOLLOWED_SQL}`,
  );
  const startFilms = db.prepare(
    `UPDATE tracked_films AS f SET notify_since = ? WHERE notify_since IS NULL AND ${FILM_FOLLOWED_SQL}`,
  );
  const stopFilms = db.prepare(
    `UPDATE tracked_films AS f SET notify_since = NULL
     WHERE notify_since IS NOT NULL AND NOT ${FILM_FOLLOWED_SQL}`,
  );
  const earliest = db
    .prepare<[], string | null>(
      'SELECT min(notify_since) FROM tracked_series WHERE notify_since IS NOT NULL AND gone = 0',
    )
    .pluck();
  const aired = db.prepare<{ from: string; today: string }, AiredEpisodeRow>(
    `SELECT e.series_id AS seriesId, coalesce(t.name, s.title) AS seriesName,
       e.season_number AS season, e.episode_number AS episode, e.name, e.air_date AS airDate
     FROM series_episodes e INDEXED BY episodes_by_air_date
     JOIN tracked_series t ON t.series_id = e.series_id
     LEFT JOIN item_summaries s ON s.media_type = 'tv' AND s.media_id = e.series_id
     WHERE e.air_date BETWEEN @from AND @today AND e.air_date >= t.notify_since AND t.gone = 0
       AND (e.season_number > 0 OR t.include_specials = 1) AND ${FOLLOWED_SQL}
       AND NOT EXISTS (SELECT 1 FROM inbox i WHERE i.dedupe_key =
         'episode:' || e.series_id || ':' || e.season_number || ':' || e.episode_number)
       AND NOT EXISTS (SELECT 1 FROM watch_plays p WHERE p.media_type = 'episode'
         AND p.media_id = e.series_id AND p.season_number = e.season_number
         AND p.episode_number = e.episode_number)
     ORDER BY e.air_date, e.series_id, e.season_number, e.episode_number`,
  );
  const released = db.prepare<{ region: string; today: string }, ReleasedFilmRow>(
    `SELECT r.movie_id AS movieId, coalesce(f.title, s.title) AS title, r.region, r.type,
       min(r.date) AS date
     FROM tracked_films f
     JOIN film_releases r ON r.movie_id = f.movie_id
     LEFT JOIN item_summaries s ON s.media_type = 'movie' AND s.media_id = f.movie_id
     WHERE f.notify_since IS NOT NULL AND f.gone = 0 AND r.region = @region
       AND r.date >= f.notify_since AND r.date <= @today AND ${FILM_FOLLOWED_SQL}
       AND NOT EXISTS (SELECT 1 FROM inbox i WHERE i.dedupe_key =
         'release:' || r.movie_id || ':' || r.region || ':' || r.type)
     GROUP BY r.movie_id, r.type
     ORDER BY date, r.movie_id, r.type`,
  );
  const advanceSeries = db.prepare(
    'UPDATE tracked_series SET notify_since = max(notify_since, ?) WHERE notify_since IS NOT NULL',
  );
  const advanceFilms = db.prepare(
    'UPDATE tracked_films SET notify_since = max(notify_since, ?) WHERE notify_since IS NOT NULL',
  );
  // An item another computer read already (see `sync_inbox_reads`) is made read.
  const insert = db.prepare(
    `INSERT OR IGNORE INTO inbox (dedupe_key, kind, media_id, season_number, episode_number,
       release_type, title, body, occurred_at, created_at, read_at)
     VALUES (@dedupeKey, @kind, @mediaId, @season, @episode, @releaseType, @title, @body,
       @occurredAt, @now,
       (SELECT read_at FROM sync_inbox_reads WHERE dedupe_key = @dedupeKey))`,
  );
  const byId = db.prepare<[number | bigint], RawItem>(
    `SELECT ${ITEM_COLUMNS} FROM inbox WHERE id = ?`,
  );
  const unread = db.prepare<[], number>('SELECT count(*) FROM inbox WHERE read_at IS NULL').pluck();
  const unreadKeys = db.prepare<[], KeyRow>(
    `SELECT ${KEY_COLUMNS} FROM inbox WHERE read_at IS NULL ORDER BY id`,
  );
  const unreadKey = db.prepare<[number], KeyRow>(
    `SELECT ${KEY_COLUMNS} FROM inbox WHERE id = ? AND read_at IS NULL`,
  );
  const readAll = db.prepare('UPDATE inbox SET read_at = ? WHERE read_at IS NULL');
  const readOne = db.prepare('UPDATE inbox SET read_at = ? WHERE id = ? AND read_at IS NULL');
  const restoreItem = db.prepare(
    `INSERT OR IGNORE INTO inbox (dedupe_key, kind, media_id, season_number, episode_number,
       release_type, title, body, occurred_at, created_at, read_at, os_notified_at)
     VALUES (@key, @kind, @mediaId, @season, @episode, @releaseType, @title, @body, @occurredAt,
       @createdAt, @readAt, @createdAt)`,
  );
  const restoreRead = db.prepare(
    'UPDATE inbox SET read_at = ? WHERE dedupe_key = ? AND read_at IS NULL',
  );
  const osNotified = db.prepare('UPDATE inbox SET os_notified_at = ? WHERE id = ?');

  const add = db.transaction((items: readonly NewInboxItem[], now: number): InboxItem[] => {
    const added: InboxItem[] = [];
    for (const item of items) {
      const result = insert.run({ ...item, now });
      if (result.changes === 0) continue;
      const row = byId.get(result.lastInsertRowid);
      if (row) added.push(bounded(row));
    }
    return added;
  });

  return {
    syncFollows: db.transaction((start: string) => {
      startSeries.run(start);
      stopSeries.run();
      startFilms.run(start);
      stopFilms.run();
    }),
    airedEpisodes(today) {
      const from = earliest.get();
      return from === null || from === undefined || from > today ? [] : aired.all({ from, today });
    },
    releasedFilms: (region, today) => released.all({ region, today }),
    advance: db.transaction((floor: string) => {
      advanceSeries.run(floor);
      advanceFilms.run(floor);
    }),
    add: (items, now) => add(items, now),
    list: ({ limit, unreadOnly }) =>
      db
        .prepare<[number], RawItem>(
          `SELECT ${ITEM_COLUMNS} FROM inbox ${unreadOnly ? 'WHERE read_at IS NULL' : ''}
           ORDER BY id DESC LIMIT ?`,
        )
        .all(limit)
        .map(bounded),
    unread: () => unread.get() ?? 0,
    markRead: db.transaction((ids: readonly number[] | 'all', now: number): InboxKey[] => {
      if (ids === 'all') {
        const rows = unreadKeys.all();
        readAll.run(now);
        return rows.map(toKey);
      }
      const rows: KeyRow[] = [];
      for (const id of new Set(ids)) {
        const row = unreadKey.get(id);
        if (!row) continue;
        readOne.run(now, id);
        rows.push(row);
      }
      return rows.map(toKey);
    }),
    markOsNotified: db.transaction((ids: readonly number[], now: number) => {
      for (const id of ids) osNotified.run(now, id);
    }),
    restore: db.transaction((rows: readonly RestoredInboxItem[]) => {
      let added = 0;
      const read: Array<{ readAt: number; item: InboxKey }> = [];
      for (const r of rows) {
        const inserted = restoreItem.run(r).changes;
        added += inserted;
        const nowRead =
          r.readAt !== null && (inserted > 0 || restoreRead.run(r.readAt, r.key).changes > 0);
        if (nowRead && r.readAt !== null)
          read.push({
            readAt: r.readAt,
            item: toKey({
              id: 0,
              key: r.key,
              kind: r.kind,
              mediaId: r.mediaId,
              season: r.season,
              episode: r.episode,
              releaseType: r.releaseType as ReleaseType | null,
            }),
          });
      }
      return { added, read };
    }),
  };
}
