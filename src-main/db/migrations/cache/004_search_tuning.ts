import type { Migration } from '../../migrate';
import { indexable, personRowid, titleRowid } from './003_search_by_popularity';

/**
 * Two changes to the offline search index, for search as you type and for quiet writes.
 *
 * 1. One-letter prefixes get their own index (`prefix = '1 2 3 4'`). The first keystroke of every
 *    search is a single letter; without it FTS5 merged the postings of every word starting with
 *    that letter: 2-4 ms at 100,000 titles (0.6 ms with it, like any longer prefix). Writes cost
 *    one more entry per word (about 7% more CPU per ingested page).
 * 2. Writes never merge segments (`automerge = 0`): merging is done in idle time by
 *    src-main/cache/index-upkeep.ts, so ingesting a page does not pay for it. `crisismerge` stays
 *    at FTS5's 16 segments per level, a bound for a process that is never idle.
 *
 * The triggers of 003 write to `search_fts` by name, so they keep working with the new table;
 * the index is rebuilt from titles and people, so nothing is lost.
 */
export const cache004: Migration = {
  version: 4,
  name: 'search_tuning',
  up(db) {
    db.exec(`
      DROP TABLE search_fts;
      CREATE VIRTUAL TABLE search_fts USING fts5(
        name, alt,
        content = '', contentless_delete = 1,
        tokenize = 'unicode61 remove_diacritics 2',
        prefix = '1 2 3 4'
      );
      INSERT INTO search_fts (search_fts, rank) VALUES ('automerge', 0);

      -- In rowid order: FTS5 starts a new segment whenever a rowid is not above the last one.
      INSERT INTO search_fts (rowid, name, alt)
      SELECT ${titleRowid('titles')}, title, NULLIF(original_title, title) FROM titles WHERE ${indexable('titles')}
      UNION ALL
      SELECT ${personRowid('people')}, name, also_known_as FROM people WHERE ${indexable('people')}
      ORDER BY 1;
      INSERT INTO search_fts (search_fts) VALUES ('optimize');
    `);
  },
};
