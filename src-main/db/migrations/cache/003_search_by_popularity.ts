import type { Migration } from '../../migrate';

/**
 * Bits of a search rowid below the popularity bucket. The low part is id * 4 + kind
 * (0 movie, 1 tv, 2 person), as in 001, so an id must stay below 2^38.
 */
export const SEARCH_ROWID_ID_BITS = 40;
const MAX_ID = 2 ** (SEARCH_ROWID_ID_BITS - 2) - 1;

/**
 * A log-scale popularity bucket: 16 steps per doubling (about 4.4% apart), 0 for unknown or zero.
 * Log scale because TMDB popularity spans 0.01 to thousands, and a user tells 10 from 20 apart as
 * clearly as 1,000 from 2,000.
 */
const bucketSql = (popularity: string): string =>
  `(CASE WHEN ${popularity} > 0 THEN min(4095, CAST(log2(1 + ${popularity}) * 16 AS INTEGER) + 1) ELSE 0 END)`;

export const titleRowid = (row: 'NEW' | 'OLD' | 'titles'): string =>
  `((${bucketSql(`${row}.popularity`)} << ${SEARCH_ROWID_ID_BITS}) | (${row}.id * 4 + (${row}.kind = 'tv')))`;
export const personRowid = (row: 'NEW' | 'OLD' | 'people'): string =>
  `((${bucketSql(`${row}.popularity`)} << ${SEARCH_ROWID_ID_BITS}) | (${row}.id * 4 + 2))`;
export const indexable = (row: 'NEW' | 'OLD' | 'titles' | 'people'): string =>
  `${row}.id BETWEEN 0 AND ${MAX_ID}`;

/**
 * Re-creates the offline search index with rowids that sort by popularity:
 * rowid = (popularity bucket << 40) | (id * 4 + kind).
 *
 * Why: a short query such as `star nig*` matches a large share of a big cache. Ranking every match
 * by bm25 and then sorting them all cost tens of milliseconds at a million titles. With this rowid
 * FTS5 can walk the matches most popular first (`ORDER BY rowid DESC`) and stop after a few
 * hundred, which the search then re-ranks by how well the text matches (src-main/cache/store/search.ts).
 *
 * Prefixes of 4 letters get their own index too: without it a query ending in a common 4-letter
 * stem merged the postings of every word starting with it (13-17 ms at a million titles; 4-6 ms
 * with it; ingest time did not measurably change).
 *
 * The triggers re-index a row only when what the index holds changes: its names, or its
 * popularity moving to another bucket. Ids outside what the rowid can hold stay out of the index
 * (the row itself is kept). The index is rebuilt from titles and people, so nothing is lost.
 */
export const cache003: Migration = {
  version: 3,
  name: 'search_by_popularity',
  up(db) {
    db.exec(`
      DROP TRIGGER titles_fts_insert;
      DROP TRIGGER titles_fts_update;
      DROP TRIGGER titles_fts_delete;
      DROP TRIGGER people_fts_insert;
      DROP TRIGGER people_fts_update;
      DROP TRIGGER people_fts_delete;
      DROP TABLE search_fts;

      CREATE VIRTUAL TABLE search_fts USING fts5(
        name, alt,
        content = '', contentless_delete = 1,
        tokenize = 'unicode61 remove_diacritics 2',
        prefix = '2 3 4'
      );

      -- In rowid order: FTS5 starts a new segment whenever a rowid is not above the last one.
      INSERT INTO search_fts (rowid, name, alt)
      SELECT ${titleRowid('titles')}, title, NULLIF(original_title, title) FROM titles WHERE ${indexable('titles')}
      UNION ALL
      SELECT ${personRowid('people')}, name, also_known_as FROM people WHERE ${indexable('people')}
      ORDER BY 1;
      -- One segment instead of many after the bulk insert.
      INSERT INTO search_fts (search_fts) VALUES ('optimize');

      CREATE TRIGGER titles_fts_insert AFTER INSERT ON titles WHEN ${indexable('NEW')} BEGIN
        INSERT INTO search_fts (rowid, name, alt)
        VALUES (${titleRowid('NEW')}, NEW.title, NULLIF(NEW.original_title, NEW.title));
      END;
      CREATE TRIGGER titles_fts_update AFTER UPDATE OF kind, id, title, original_title, popularity ON titles
      WHEN OLD.title IS NOT NEW.title OR OLD.original_title IS NOT NEW.original_title
        OR ${titleRowid('OLD')} != ${titleRowid('NEW')} BEGIN
        DELETE FROM search_fts WHERE rowid = ${titleRowid('OLD')} AND ${indexable('OLD')};
        INSERT INTO search_fts (rowid, name, alt)
        SELECT ${titleRowid('NEW')}, NEW.title, NULLIF(NEW.original_title, NEW.title) WHERE ${indexable('NEW')};
      END;
      CREATE TRIGGER titles_fts_delete AFTER DELETE ON titles WHEN ${indexable('OLD')} BEGIN
        DELETE FROM search_fts WHERE rowid = ${titleRowid('OLD')};
      END;

      CREATE TRIGGER people_fts_insert AFTER INSERT ON people WHEN ${indexable('NEW')} BEGIN
        INSERT INTO search_fts (rowid, name, alt) VALUES (${personRowid('NEW')}, NEW.name, NEW.also_known_as);
      END;
      CREATE TRIGGER people_fts_update AFTER UPDATE OF id, name, also_known_as, popularity ON people
      WHEN OLD.name IS NOT NEW.name OR OLD.also_known_as IS NOT NEW.also_known_as
        OR ${personRowid('OLD')} != ${personRowid('NEW')} BEGIN
        DELETE FROM search_fts WHERE rowid = ${personRowid('OLD')} AND ${indexable('OLD')};
        INSERT INTO search_fts (rowid, name, alt)
        SELECT ${personRowid('NEW')}, NEW.name, NEW.also_known_as WHERE ${indexable('NEW')};
      END;
      CREATE TRIGGER people_fts_delete AFTER DELETE ON people WHEN ${indexable('OLD')} BEGIN
        DELETE FROM search_fts WHERE rowid = ${personRowid('OLD')};
      END;
    `);
  },
};
