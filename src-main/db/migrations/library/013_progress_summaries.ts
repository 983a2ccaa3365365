import type { Migration } from '../../migrate';

/** Each trigger drops the summaries of the series `ids` (SQL expressions) name. */
const drop = (ids: string): string => `DELETE FROM progress_summaries WHERE series_id IN (${ids});`;

/**
 * Each series' progress summary as Up Next and progress last computed it (watched and aired
 * counts, the next episode and its stored fields, and the days between which it holds), so the
 * first read after a start reads 2,000 rows rather than every episode and play of 2,000 series
 * (`tracking/progress-index.ts`). A summary is derived data: the tracking domain writes it after
 * computing it, and these triggers drop it whenever what it was computed from changes, on any
 * connection: a play of one of its episodes added, removed or moved, or an episode stored,
 * changed or removed. The specials setting it was computed with is kept beside it and compared
 * on reading, and the days it holds (`valid_from`, `valid_until`) are in the summary.
 */
export const library013: Migration = {
  version: 13,
  name: 'progress_summaries',
  up(db) {
    db.exec(`
      CREATE TABLE progress_summaries (
        series_id INTEGER PRIMARY KEY,
        include_specials INTEGER NOT NULL,
        summary TEXT NOT NULL
      );

      CREATE TRIGGER progress_summaries_on_play_insert AFTER INSERT ON watch_plays
      WHEN NEW.media_type = 'episode'
      BEGIN ${drop('NEW.media_id')} END;

      CREATE TRIGGER progress_summaries_on_play_delete AFTER DELETE ON watch_plays
      WHEN OLD.media_type = 'episode'
      BEGIN ${drop('OLD.media_id')} END;

      CREATE TRIGGER progress_summaries_on_play_move
      AFTER UPDATE OF media_type, media_id, season_number, episode_number ON watch_plays
      BEGIN ${drop('OLD.media_id, NEW.media_id')} END;

      CREATE TRIGGER progress_summaries_on_episode_insert AFTER INSERT ON series_episodes
      BEGIN ${drop('NEW.series_id')} END;

      CREATE TRIGGER progress_summaries_on_episode_delete AFTER DELETE ON series_episodes
      BEGIN ${drop('OLD.series_id')} END;

      CREATE TRIGGER progress_summaries_on_episode_update AFTER UPDATE ON series_episodes
      BEGIN ${drop('OLD.series_id, NEW.series_id')} END;
    `);
  },
};
