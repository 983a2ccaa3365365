import type { Migration } from '../../migrate';

/**
 * Import jobs: a file being imported (Letterboxd, IMDb, Trakt, a Marquee backup), kept in the
 * library so that an import interrupted by a crash resumes at the next start instead of being
 * half-applied without a record.
 *
 * - `import_jobs`: one row per job, its state, the targets chosen, the reader's problems and, for
 *   a backup, the validated document to restore (never a secret: backups hold none).
 * - `import_rows`: the job's rows with their match state, candidates and chosen title, and an
 *   applied marker (`applied_at`, `outcome`) written in the same transaction as the row's effect,
 *   so a crash leaves whole chunks. `undo` holds the play uids a row added, for a roll back.
 */
export const library004: Migration = {
  version: 4,
  name: 'import_jobs',
  up(db) {
    db.exec(`
      CREATE TABLE import_jobs (
        id TEXT PRIMARY KEY,
        format TEXT NOT NULL,
        source_name TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN
          ('analysing', 'ready', 'applying', 'done', 'cancelled', 'failed', 'rolledBack')),
        files TEXT NOT NULL DEFAULT '[]',
        problems TEXT NOT NULL DEFAULT '[]',
        targets TEXT,
        backup TEXT,
        result TEXT,
        note TEXT,
        error TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX import_jobs_by_update ON import_jobs (updated_at DESC);

      CREATE TABLE import_rows (
        job_id TEXT NOT NULL REFERENCES import_jobs (id) ON DELETE CASCADE,
        row_id INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('watched', 'ratings', 'watchlist', 'favourites', 'lists')),
        row TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('matched', 'review', 'unmatched', 'skipped')),
        reason TEXT,
        candidates TEXT NOT NULL DEFAULT '[]',
        chosen TEXT,
        present INTEGER NOT NULL DEFAULT 0,
        applied_at INTEGER,
        outcome TEXT CHECK (outcome IN ('added', 'present', 'failed', 'undone')),
        undo TEXT,
        PRIMARY KEY (job_id, row_id)
      ) WITHOUT ROWID;
      CREATE INDEX import_rows_by_state ON import_rows (job_id, state);
    `);
  },
};
