import type { Migration } from '../../migrate';

/** What the stats read: every change to one of these tables drops every stored answer. */
const READ = [
  'watch_plays',
  'title_facts',
  'title_genres',
  'title_countries',
  'title_people',
  'people_facts',
] as const;

const DROP = 'DELETE FROM stats_answers;';

/**
 * The columns of a title's facts the stats read: a failed fetch, which notes only when it was
 * tried and why it failed (`attempted_at`, `attempts`, `error`), changes no answer.
 */
/**
 * A play's update that changes what the stats read of it (a facts insert sets every play's
 * minutes again, most often to what they were).
 */
const PLAY_MOVED = [
  'media_type',
  'media_id',
  'season_number',
  'episode_number',
  'watched_at',
  'minutes',
]
  .map((c) => `OLD.${c} IS NOT NEW.${c}`)
  .join(' OR ');

/** A title's first row is facts, or TMDB saying it is gone; else it notes only a failed fetch. */
const FACTS_FOUND = 'NEW.fetched_at IS NOT NULL OR NEW.gone = 1';
const FACTS_READ =
  'title, poster_path, release_date, runtime, original_language, vote_average, vote_count, fetched_at, gone';

/**
 * The stats' last answers (the overview and the years), stored so the first Stats view after a
 * start reads one row rather than every play and title of the history (`stats/store/answers.ts`).
 * An answer is derived data, kept with what it was asked (`input`: the query and the time zone)
 * and the local day it was computed on (`day`: the current streak counts to it); the stats domain
 * writes it after computing it, and these triggers drop every stored answer whenever something
 * the stats read changes, on any connection: a play, a title's facts, a person's name, a rating.
 *
 * Also the history's own order as an index (`plays_by_recency`), so a page of the history reads
 * its fifty rows rather than sorting every play.
 */
export const library017: Migration = {
  version: 17,
  name: 'stats_answers',
  up(db) {
    const triggers = READ.flatMap((table) =>
      (['INSERT', 'UPDATE', 'DELETE'] as const).map(
        (event) =>
          `CREATE TRIGGER stats_answers_on_${table}_${event.toLowerCase()} AFTER ${
            event === 'UPDATE' && table === 'title_facts' ? `UPDATE OF ${FACTS_READ}` : event
          } ON ${table}${event === 'INSERT' && table === 'title_facts' ? ` WHEN ${FACTS_FOUND}` : ''}${
            event === 'UPDATE' && table === 'watch_plays' ? ` WHEN ${PLAY_MOVED}` : ''
          }
           BEGIN ${DROP} END;`,
      ),
    );
    const rated = (row: 'NEW' | 'OLD'): string => `${row}.collection = 'rated'`;
    db.exec(`
      CREATE TABLE stats_answers (
        channel TEXT NOT NULL,
        input TEXT NOT NULL,
        day TEXT NOT NULL,
        answer TEXT NOT NULL,
        PRIMARY KEY (channel, input)
      );
      ${triggers.join('\n')}
      CREATE INDEX plays_by_recency ON watch_plays (watched_at DESC, created_at DESC, uid);
      CREATE TRIGGER stats_answers_on_rating_insert AFTER INSERT ON collection_entries
      WHEN ${rated('NEW')} BEGIN ${DROP} END;
      CREATE TRIGGER stats_answers_on_rating_update AFTER UPDATE ON collection_entries
      WHEN ${rated('NEW')} OR ${rated('OLD')} BEGIN ${DROP} END;
      CREATE TRIGGER stats_answers_on_rating_delete AFTER DELETE ON collection_entries
      WHEN ${rated('OLD')} BEGIN ${DROP} END;
    `);
  },
};
