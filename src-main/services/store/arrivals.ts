import type Database from 'better-sqlite3';
import { FOLLOWED_SQL } from '../../tracking/store/followed';

export type MediaType = 'movie' | 'tv';
/** How a provider offers a title that counts as "on my services": by subscription, or free/ads. */
export type OfferClass = 'flatrate' | 'free';

/** A title on the watchlist or a followed series, with when its providers were looked up. */
export interface WatchedTitle {
  mediaType: MediaType;
  mediaId: number;
  title: string | null;
  /** The film's release or the series' latest air date, when known. */
  releaseDate: string | null;
  /** The region its offers were recorded in; null when never looked up. */
  region: string | null;
  checkedAt: number | null;
  attemptedAt: number | null;
  error: string | null;
}

export interface OfferRow {
  providerId: number;
  offer: OfferClass;
  present: boolean;
  since: number;
  leftAt: number | null;
}

export interface ArrivalStore {
  /** Watchlist films and series and followed series, once each. */
  watched(): WatchedTitle[];
  watchedOne(mediaType: MediaType, mediaId: number): WatchedTitle | undefined;
  offers(mediaType: MediaType, mediaId: number, region: string): OfferRow[];
  putOffer(mediaType: MediaType, mediaId: number, region: string, row: OfferRow): void;
  /** Records a lookup: the title's offers are now those of `region` (other regions' go). */
  checked(mediaType: MediaType, mediaId: number, region: string, now: number): void;
  failed(mediaType: MediaType, mediaId: number, error: string, now: number): void;
  /** Watched titles with an offer counted as mine in `region`. */
  countOn(region: string, providerIds: readonly number[], includeFree: boolean): number;
  state(key: string): string | null;
  setState(key: string, value: string | null): void;
  transaction<T>(fn: () => T): T;
}

const WATCHED_SQL = `
  WITH w AS (
    SELECT media_type, media_id FROM collection_entries
    WHERE collection = 'watchlist' AND media_type IN ('movie', 'tv')
      AND season_number = -1 AND episode_number = -1
    UNION
    SELECT 'tv', t.series_id FROM tracked_series AS t WHERE t.gone = 0 AND ${FOLLOWED_SQL}
  )
  SELECT w.media_type AS mediaType, w.media_id AS mediaId,
    coalesce(f.title, t.name, s.title) AS title,
    coalesce(f.release_date, t.last_air_date, t.first_air_date, s.release_date) AS releaseDate,
    st.region, st.checked_at AS checkedAt, st.attempted_at AS attemptedAt, st.error
  FROM w
  LEFT JOIN tracked_films f ON w.media_type = 'movie' AND f.movie_id = w.media_id
  LEFT JOIN tracked_series t ON w.media_type = 'tv' AND t.series_id = w.media_id
  LEFT JOIN item_summaries s ON s.media_type = w.media_type AND s.media_id = w.media_id
  LEFT JOIN service_titles st ON st.media_type = w.media_type AND st.media_id = w.media_id`;

export function createArrivalStore(db: Database.Database): ArrivalStore {
  const watched = db.prepare<[], WatchedTitle>(`${WATCHED_SQL} ORDER BY w.media_type, w.media_id`);
  const watchedOne = db.prepare<[string, number], WatchedTitle>(
    `${WATCHED_SQL} WHERE w.media_type = ? AND w.media_id = ?`,
  );
  const offers = db.prepare<
    [string, number, string],
    Omit<OfferRow, 'present'> & { present: number }
  >(
    `SELECT provider_id AS providerId, offer, present, since, left_at AS leftAt FROM service_offers
     WHERE media_type = ? AND media_id = ? AND region = ? ORDER BY provider_id, offer`,
  );
  const putOffer = db.prepare(
    `INSERT INTO service_offers (media_type, media_id, region, provider_id, offer, present, since,
       left_at)
     VALUES (@mediaType, @mediaId, @region, @providerId, @offer, @present, @since, @leftAt)
     ON CONFLICT DO UPDATE SET present = excluded.present, since = excluded.since,
       left_at = excluded.left_at`,
  );
  const otherRegions = db.prepare(
    'DELETE FROM service_offers WHERE media_type = ? AND media_id = ? AND region <> ?',
  );
  const checked = db.prepare(
    `INSERT INTO service_titles (media_type, media_id, region, checked_at, attempted_at, error)
     VALUES (?, ?, ?, ?, ?, NULL)
     ON CONFLICT DO UPDATE SET region = excluded.region, checked_at = excluded.checked_at,
       attempted_at = excluded.attempted_at, error = NULL`,
  );
  const failed = db.prepare(
    `UPDATE service_titles SET attempted_at = ?, error = ? WHERE media_type = ? AND media_id = ?`,
  );
  const failedNew = db.prepare(
    `INSERT OR IGNORE INTO service_titles (media_type, media_id, region, checked_at, attempted_at,
       error) VALUES (?, ?, '', 0, ?, ?)`,
  );
  const getState = db
    .prepare<[string], string>('SELECT value FROM service_state WHERE key = ?')
    .pluck();
  const putState = db.prepare(
    `INSERT INTO service_state (key, value) VALUES (?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  );
  const dropState = db.prepare('DELETE FROM service_state WHERE key = ?');
  return {
    watched: () => watched.all(),
    watchedOne: (mediaType, mediaId) => watchedOne.get(mediaType, mediaId),
    offers: (mediaType, mediaId, region) =>
      offers.all(mediaType, mediaId, region).map((r) => ({ ...r, present: r.present === 1 })),
    putOffer: (mediaType, mediaId, region, row) =>
      void putOffer.run({ mediaType, mediaId, region, ...row, present: row.present ? 1 : 0 }),
    checked: (mediaType, mediaId, region, now) => {
      otherRegions.run(mediaType, mediaId, region);
      checked.run(mediaType, mediaId, region, now, now);
    },
    failed: (mediaType, mediaId, error, now) => {
      if (failed.run(now, error, mediaType, mediaId).changes === 0)
        failedNew.run(mediaType, mediaId, now, error);
    },
    countOn(region, providerIds, includeFree) {
      if (providerIds.length === 0) return 0;
      const ids = providerIds.map(() => '?').join(', ');
      const sql = `WITH titles AS (${WATCHED_SQL})
        SELECT count(*) FROM titles t WHERE EXISTS (SELECT 1 FROM service_offers o
          WHERE o.media_type = t.mediaType AND o.media_id = t.mediaId AND o.region = ?
            AND o.present = 1 AND o.provider_id IN (${ids})
            ${includeFree ? '' : "AND o.offer = 'flatrate'"})`;
      return (
        db
          .prepare<unknown[], number>(sql)
          .pluck()
          .get(region, ...providerIds) ?? 0
      );
    },
    state: (key) => getState.get(key) ?? null,
    setState: (key, value) => {
      if (value === null) dropState.run(key);
      else putState.run(key, value);
    },
    transaction: (fn) => db.transaction(fn)(),
  };
}
