import type { Migration } from '../../migrate';

/**
 * Import rows may be series follows (TV Time's followed and archived series). SQLite cannot
 * change a CHECK constraint in place, so `import_rows` is copied into a new table with the same
 * columns and the kind list extended.
 */
export const library008: Migration = {
  version: 8,
  name: 'import_follows',
  up(db) {
    db.exec(`
      CREATE TABLE import_rows_new (
        job_id TEXT NOT NULL REFERENCES import_jobs (id) ON DELETE CASCADE,
        row_id INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('watched', 'ratings', 'watchlist', 'favourites', 'lists', 'follows')),
        row TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('matched', 'review', 'unmatched', 'skipped', 'waiting')),
        reason TEXT,
        candidates TEXT NOT NULL DEFAULT '[]',
        chosen TEXT,
        present INTEGER NOT NULL DEFAULT 0,
        applied_at INTEGER,
        outcome TEXT CHECK (outcome IN ('added', 'present', 'failed', 'undone')),
        undo TEXT,
        PRIMARY KEY (job_id, row_id)
      ) WITHOUT ROWID;
      INSERT INTO import_rows_new SELECT job_id, row_id, kind, row, state, reason, candidates,
        chosen, present, applied_at, outcome, undo FROM import_rows;
      DROP TABLE import_rows;
      ALTER TABLE import_rows_new RENAME TO import_rows;
      CREATE INDEX import_rows_by_state ON import_rows (job_id, state);
    `);
  },
};
