import type Database from 'better-sqlite3';
import type { Play } from '../types';

/**
 * From this many plays on, an insert goes in bulk (library migrations 015 and 018): each play's minutes
 * computed in its own insert and each title's totals moved once for the batch, instead of the
 * per-play triggers. Below it the triggers cost less than the batch's statements.
 */
const BULK_FROM = 16;

/** What a play (its type, id, season, episode) counts towards time watched, as migration 005. */
const minutesOf = (
  type: string,
  id: string,
  season: string,
  episode: string,
): string => `CASE ${type}
  WHEN 'movie' THEN (SELECT nullif(runtime, 0) FROM title_facts
                     WHERE media_type = 'movie' AND media_id = ${id})
  ELSE coalesce(
    (SELECT nullif(runtime, 0) FROM series_episodes WHERE series_id = ${id}
       AND season_number = ${season} AND episode_number = ${episode}),
    (SELECT nullif(runtime, 0) FROM title_facts WHERE media_type = 'tv' AND media_id = ${id}))
  END`;

/**
 * The plays of a batch (uids as JSON) counted into their titles' totals at once: what migration
 * 006's insert trigger adds play by play. An episode counts as a new one when no play outside the
 * batch is of it.
 */
const ADD_TOTALS = `
  INSERT INTO play_totals (media_type, media_id, plays, minutes, no_runtime, episodes, last_at)
  SELECT CASE p.media_type WHEN 'movie' THEN 'movie' ELSE 'tv' END, p.media_id, count(*),
    coalesce(sum(p.minutes), 0), count(*) - count(p.minutes),
    count(DISTINCT CASE WHEN p.media_type = 'episode' AND NOT EXISTS (
        SELECT 1 FROM watch_plays o WHERE o.media_type = 'episode' AND o.media_id = p.media_id
          AND o.season_number = p.season_number AND o.episode_number = p.episode_number
          AND o.uid NOT IN (SELECT value FROM json_each(@uids)))
      THEN p.season_number || ':' || p.episode_number END),
    max(p.watched_at)
  FROM watch_plays p WHERE p.uid IN (SELECT value FROM json_each(@uids))
  GROUP BY 1, 2
  ON CONFLICT (media_type, media_id) DO UPDATE SET
    plays = plays + excluded.plays,
    minutes = minutes + excluded.minutes,
    no_runtime = no_runtime + excluded.no_runtime,
    episodes = episodes + excluded.episodes,
    last_at = coalesce(max(last_at, excluded.last_at), last_at, excluded.last_at)`;

/**
 * Writes plays into `watch_plays` and returns those inserted (the first of a uid given twice), in
 * the order given. Called inside a transaction: a batch's bulk marker never outlives it.
 */
export function createPlayInserter(db: Database.Database): (plays: readonly Play[]) => Play[] {
  const insertPlay = db.prepare(
    `INSERT OR IGNORE INTO watch_plays
       (uid, media_type, media_id, season_number, episode_number, watched_at, source, created_at)
     VALUES (@uid, @mediaType, @mediaId, @season, @episode, @watchedAt, @source, @createdAt)`,
  );
  // A batch of plays (`insertBatch`) in one call into SQLite instead of one per play.
  const insertCounted = db
    .prepare<[string], string>(
      `INSERT OR IGNORE INTO watch_plays (uid, media_type, media_id, season_number,
         episode_number, watched_at, source, created_at, minutes)
       SELECT uid, type, id, season, episode, watched_at, source, created_at,
         ${minutesOf('type', 'id', 'season', 'episode')}
       FROM (SELECT value ->> 0 AS uid, value ->> 1 AS type, value ->> 2 AS id,
               value ->> 3 AS season, value ->> 4 AS episode, value ->> 5 AS watched_at,
               value ->> 6 AS source, value ->> 7 AS created_at
             FROM json_each(?))
       WHERE true
       RETURNING uid`,
    )
    .pluck();
  const bulkOn = db.prepare('INSERT OR IGNORE INTO plays_in_bulk (active) VALUES (1)');
  const bulkOff = db.prepare('DELETE FROM plays_in_bulk');
  const addTotals = db.prepare(ADD_TOTALS);
  const dropSummaries = db.prepare(
    'DELETE FROM progress_summaries WHERE series_id IN (SELECT value FROM json_each(?))',
  );
  const dropAnswers = db.prepare('DELETE FROM stats_answers');

  const insertEach = (plays: readonly Play[], statement: Database.Statement): Play[] => {
    const added: Play[] = [];
    for (const play of plays) {
      const movie = play.mediaType === 'movie';
      const changes = statement.run({
        uid: play.uid,
        mediaType: play.mediaType,
        mediaId: play.mediaId,
        season: movie ? -1 : play.season,
        episode: movie ? -1 : play.episode,
        watchedAt: play.watchedAt,
        source: play.source,
        createdAt: play.createdAt,
      }).changes;
      if (changes > 0) added.push(play);
    }
    return added;
  };

  /** Inserts the plays in the order given; returns those inserted (the first of a uid twice). */
  const insertBatch = (plays: readonly Play[]): Play[] => {
    const rows = plays.map((play) => {
      const movie = play.mediaType === 'movie';
      return [
        play.uid,
        play.mediaType,
        play.mediaId,
        movie ? -1 : play.season,
        movie ? -1 : play.episode,
        play.watchedAt,
        play.source,
        play.createdAt,
      ];
    });
    const inserted = new Set(insertCounted.all(JSON.stringify(rows)));
    return plays.filter((play) => inserted.delete(play.uid));
  };

  /** Called inside a transaction: the bulk marker never outlives it (see migration 015). */
  return (plays: readonly Play[]): Play[] => {
    if (plays.length < BULK_FROM) return insertEach(plays, insertPlay);
    bulkOn.run();
    try {
      const added = insertBatch(plays);
      if (added.length > 0) {
        addTotals.run({ uids: JSON.stringify(added.map((p) => p.uid)) });
        // What the triggers of migrations 013 and 017 drop for each play (see migration 018).
        const series = new Set(
          added.filter((p) => p.mediaType === 'episode').map((p) => p.mediaId),
        );
        if (series.size > 0) dropSummaries.run(JSON.stringify([...series]));
        dropAnswers.run();
      }
      return added;
    } finally {
      bulkOff.run();
    }
  };
}
