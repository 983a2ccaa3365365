import type Database from 'better-sqlite3';
import type { FollowState } from '../types';
import type { EpisodeSnapshot, SeriesSnapshot } from '../snapshots';
import { FOLLOWED_SQL } from './followed';

/** A series' stored state, as progress and Up Next read it. */
export interface SeriesState {
  seriesId: number;
  follow: FollowState;
  includeSpecials: boolean;
  hidden: boolean;
  snoozedUntil: number | null;
  notifySince: string | null;
  playCount: number;
  lastWatchedAt: number | null;
  /** TMDB's name, or the library's title before the first refresh. */
  name: string | null;
  posterPath: string | null;
  status: string | null;
  firstAirDate: string | null;
  lastAirDate: string | null;
  nextAirDate: string | null;
  refreshedAt: number | null;
  fullRefreshedAt: number | null;
  attemptedAt: number | null;
  refreshError: string | null;
  gone: boolean;
}

/** With the follow rule worked out (a few lookups per series: read where it is needed). */
export interface SeriesRow extends SeriesState {
  followed: boolean;
}

export interface EpisodeRow extends EpisodeSnapshot {
  seriesId: number;
}

export interface StoredSeason {
  season: number;
  name: string | null;
  /** What TMDB's series details said the season holds. */
  episodeCount: number;
  /** How many episodes of it are stored. */
  stored: number;
}

type RawState = Omit<SeriesState, 'includeSpecials' | 'hidden' | 'gone'> & {
  includeSpecials: number;
  hidden: number;
  gone: number;
};
type RawSeries = RawState & { followed: number };

// The library's title and poster stand in until the first refresh; the subqueries run only then.
const STATE_COLUMNS = `t.series_id AS seriesId, t.follow,
  t.include_specials AS includeSpecials, t.hidden, t.snoozed_until AS snoozedUntil,
  t.notify_since AS notifySince, t.play_count AS playCount, t.last_watched_at AS lastWatchedAt,
  CASE WHEN t.name IS NULL THEN (SELECT title FROM item_summaries
    WHERE media_type = 'tv' AND media_id = t.series_id) ELSE t.name END AS name,
  CASE WHEN t.poster_path IS NULL THEN (SELECT poster_path FROM item_summaries
    WHERE media_type = 'tv' AND media_id = t.series_id) ELSE t.poster_path END AS posterPath,
  t.status, t.first_air_date AS firstAirDate, t.last_air_date AS lastAirDate,
  t.next_air_date AS nextAirDate, t.refreshed_at AS refreshedAt,
  t.full_refreshed_at AS fullRefreshedAt, t.attempted_at AS attemptedAt,
  t.refresh_error AS refreshError, t.gone`;
const STATE_FROM = `SELECT ${STATE_COLUMNS} FROM tracked_series t`;
const SERIES_FROM = `SELECT ${STATE_COLUMNS}, ${FOLLOWED_SQL} AS followed FROM tracked_series t`;

const toState = (r: RawState): SeriesState => ({
  ...r,
  includeSpecials: r.includeSpecials === 1,
  hidden: r.hidden === 1,
  gone: r.gone === 1,
});
const toSeries = (r: RawSeries): SeriesRow => ({ ...toState(r), followed: r.followed === 1 });

/** The state columns in `STATE_COLUMNS`' order, as a statement in raw mode gives them. */
type StateRow = [
  seriesId: number,
  follow: FollowState,
  includeSpecials: number,
  hidden: number,
  snoozedUntil: number | null,
  notifySince: string | null,
  playCount: number,
  lastWatchedAt: number | null,
  name: string | null,
  posterPath: string | null,
  status: string | null,
  firstAirDate: string | null,
  lastAirDate: string | null,
  nextAirDate: string | null,
  refreshedAt: number | null,
  fullRefreshedAt: number | null,
  attemptedAt: number | null,
  refreshError: string | null,
  gone: number,
];
/**
 * A raw row as a state: thousands of rows (Up Next's first read after a start) are read as arrays
 * and made into objects by one literal each, in about 40% less time than the driver's row objects
 * (built a column at a time) copied into new ones.
 */
const fromStateRow = (r: StateRow): SeriesState => ({
  seriesId: r[0],
  follow: r[1],
  includeSpecials: r[2] === 1,
  hidden: r[3] === 1,
  snoozedUntil: r[4],
  notifySince: r[5],
  playCount: r[6],
  lastWatchedAt: r[7],
  name: r[8],
  posterPath: r[9],
  status: r[10],
  firstAirDate: r[11],
  lastAirDate: r[12],
  nextAirDate: r[13],
  refreshedAt: r[14],
  fullRefreshedAt: r[15],
  attemptedAt: r[16],
  refreshError: r[17],
  gone: r[18] === 1,
});

type RawEpisode = Omit<EpisodeRow, never>;

export interface SeriesStore {
  ensure(seriesId: number, now: number): void;
  /** Makes a row for every series on the watchlist or favourites that has none yet. */
  ensureFromCollections(now: number): number;
  get(seriesId: number): SeriesRow | undefined;
  /** Series with at least one episode play, most recently watched first (undated last). */
  watchedSeries(): SeriesState[];
  /** Series to keep fresh: followed, or with any play (progress needs their episodes). */
  refreshable(): SeriesRow[];
  many(seriesIds: readonly number[]): SeriesState[];
  setFollow(seriesId: number, follow: FollowState, now: number): void;
  setIncludeSpecials(seriesId: number, on: boolean, now: number): void;
  setHidden(seriesId: number, hidden: boolean, now: number): void;
  setSnoozedUntil(seriesId: number, until: number | null, now: number): void;
  /** Every stored episode of the series, unsorted. */
  episodes(seriesId: number): EpisodeRow[];
  episode(seriesId: number, season: number, episode: number): EpisodeRow | undefined;
  /** Season, episode and air date of many series at once (the cold path of progress). */
  episodeKeysOf(seriesIds: readonly number[]): Array<[number, number, number, string | null]>;
  seasons(seriesId: number): StoredSeason[];
  /** Writes a refresh's answer: details, the season list, and the fetched seasons' episodes. */
  apply(snapshot: SeriesSnapshot, now: number, full: boolean): void;
  /** Records a failed refresh; `gone` when TMDB answered 404 (history stays). */
  failed(seriesId: number, now: number, error: string, gone: boolean): void;
}

export function createSeriesStore(db: Database.Database): SeriesStore {
  const ensure = db.prepare(
    'INSERT OR IGNORE INTO tracked_series (series_id, created_at, updated_at) VALUES (?, ?, ?)',
  );
  const ensureAll = db.prepare(
    `INSERT OR IGNORE INTO tracked_series (series_id, created_at, updated_at)
     SELECT DISTINCT media_id, @now, @now FROM collection_entries
     WHERE collection IN ('watchlist', 'favorite') AND media_type = 'tv'`,
  );
  const one = db.prepare<[number], RawSeries>(`${SERIES_FROM} WHERE t.series_id = ?`);
  const watched = db
    .prepare<[], StateRow>(
      `${STATE_FROM} WHERE t.play_count > 0
     ORDER BY t.last_watched_at DESC NULLS LAST, t.series_id`,
    )
    .raw(true);
  const refreshable = db.prepare<[], RawSeries>(
    `${SERIES_FROM} WHERE t.play_count > 0 OR ${FOLLOWED_SQL}`,
  );
  const many = db.prepare<[string], RawState>(
    `${STATE_FROM} WHERE t.series_id IN (SELECT value FROM json_each(?))`,
  );
  const set = (column: string): Database.Statement =>
    db.prepare(`UPDATE tracked_series SET ${column} = ?, updated_at = ? WHERE series_id = ?`);
  const setFollow = set('follow');
  const setSpecials = set('include_specials');
  const setHidden = set('hidden');
  const setSnooze = set('snoozed_until');
  const episodes = db.prepare<[number], RawEpisode>(
    `SELECT series_id AS seriesId, season_number AS season, episode_number AS episode,
       episode_id AS id, name, overview, still_path AS stillPath, air_date AS airDate, runtime
     FROM series_episodes WHERE series_id = ?`,
  );
  const episode = db.prepare<[number, number, number], RawEpisode>(
    `SELECT series_id AS seriesId, season_number AS season, episode_number AS episode,
       episode_id AS id, name, overview, still_path AS stillPath, air_date AS airDate, runtime
     FROM series_episodes WHERE series_id = ? AND season_number = ? AND episode_number = ?`,
  );
  const keysOf = db
    .prepare<[string], [number, number, number, string | null]>(
      `SELECT series_id, season_number, episode_number, air_date FROM series_episodes
       WHERE series_id IN (SELECT value FROM json_each(?))`,
    )
    .raw();
  const seasons = db.prepare<[number], StoredSeason>(
    `SELECT s.season_number AS season, s.name, s.episode_count AS episodeCount,
       (SELECT count(*) FROM series_episodes e
        WHERE e.series_id = s.series_id AND e.season_number = s.season_number) AS stored
     FROM series_seasons s WHERE s.series_id = ? ORDER BY s.season_number`,
  );
  const details = db.prepare(
    `UPDATE tracked_series SET name = @name, poster_path = @posterPath, status = @status,
       first_air_date = @firstAirDate, last_air_date = @lastAirDate, next_air_date = @nextAirDate,
       refreshed_at = @now, attempted_at = @now, refresh_error = NULL, gone = 0,
       full_refreshed_at = CASE WHEN @full THEN @now ELSE full_refreshed_at END, updated_at = @now
     WHERE series_id = @id`,
  );
  const dropSeasons = db.prepare('DELETE FROM series_seasons WHERE series_id = ?');
  const putSeason = db.prepare(
    `INSERT OR REPLACE INTO series_seasons
       (series_id, season_number, name, episode_count, air_date, poster_path)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const dropSeasonEpisodes = db.prepare(
    'DELETE FROM series_episodes WHERE series_id = ? AND season_number = ?',
  );
  const dropUnlisted = db.prepare(
    `DELETE FROM series_episodes WHERE series_id = ? AND season_number NOT IN
       (SELECT value FROM json_each(?))`,
  );
  const putEpisode = db.prepare(
    `INSERT OR REPLACE INTO series_episodes (series_id, season_number, episode_number, episode_id,
       name, overview, still_path, air_date, runtime)
     VALUES (@seriesId, @season, @episode, @id, @name, @overview, @stillPath, @airDate, @runtime)`,
  );
  const failed = db.prepare(
    `UPDATE tracked_series SET attempted_at = @now, refresh_error = @error,
       gone = CASE WHEN @gone THEN 1 ELSE gone END, updated_at = @now
     WHERE series_id = @id`,
  );

  const apply = db.transaction((snap: SeriesSnapshot, now: number, full: boolean) => {
    ensure.run(snap.id, now, now);
    details.run({
      id: snap.id,
      name: snap.name,
      posterPath: snap.posterPath,
      status: snap.status,
      firstAirDate: snap.firstAirDate,
      lastAirDate: snap.lastAirDate,
      nextAirDate: snap.nextAirDate,
      now,
      full: full ? 1 : 0,
    });
    dropSeasons.run(snap.id);
    const listed = new Set<number>();
    for (const s of snap.seasons) {
      listed.add(s.season);
      putSeason.run(snap.id, s.season, s.name, s.episodeCount, s.airDate, s.posterPath);
    }
    for (const [season, list] of snap.episodes) {
      listed.add(season);
      dropSeasonEpisodes.run(snap.id, season);
      for (const ep of list) putEpisode.run({ ...ep, seriesId: snap.id, season });
    }
    // A season TMDB no longer lists loses its episodes here; the plays of them stay in history.
    dropUnlisted.run(snap.id, JSON.stringify([...listed]));
  });

  return {
    ensure: (id, now) => void ensure.run(id, now, now),
    ensureFromCollections: (now) => ensureAll.run({ now }).changes,
    get: (id) => {
      const row = one.get(id);
      return row ? toSeries(row) : undefined;
    },
    watchedSeries: () => watched.all().map(fromStateRow),
    refreshable: () => refreshable.all().map(toSeries),
    many: (ids) => many.all(JSON.stringify(ids)).map(toState),
    setFollow: (id, follow, now) => void setFollow.run(follow, now, id),
    setIncludeSpecials: (id, on, now) => void setSpecials.run(on ? 1 : 0, now, id),
    setHidden: (id, hidden, now) => void setHidden.run(hidden ? 1 : 0, now, id),
    setSnoozedUntil: (id, until, now) => void setSnooze.run(until, now, id),
    episodes: (id) => episodes.all(id),
    episode: (id, season, number) => episode.get(id, season, number),
    episodeKeysOf: (ids) => keysOf.all(JSON.stringify(ids)),
    seasons: (id) => seasons.all(id),
    apply: (snap, now, full) => {
      apply(snap, now, full);
    },
    failed: (id, now, error, gone) => void failed.run({ id, now, error, gone: gone ? 1 : 0 }),
  };
}
