import type Database from 'better-sqlite3';

/** The SQL of keeping the offline search index compact; when to run it is index-upkeep.ts's call. */
export interface SearchIndexStore {
  /**
   * Merges up to about `pages` pages of index segments; true when there was work (FTS5 reports
   * it through the change count: two or more changes mean a merge ran).
   */
  merge(pages: number): boolean;
  /** Copies the write-ahead log into the database without waiting for readers. */
  checkpoint(): void;
  /** How many segments the index holds (the work of a query grows with it); a full scan. */
  segments(): number;
}

export function createSearchIndexStore(db: Database.Database): SearchIndexStore {
  // A positive page count merges only levels holding `usermerge` (4) segments or a merge already
  // begun, so a compact index costs one cheap statement per step.
  const merge = db.prepare<[number]>(
    "INSERT INTO search_fts (search_fts, rank) VALUES ('merge', ?)",
  );
  const changes = db.prepare<[], number>('SELECT total_changes()').pluck();
  // FTS5 keys its pages (segment id << 37) | page: a scan, for benchmarks and tests only.
  const segments = db
    .prepare<[], number>(
      'SELECT count(DISTINCT id >> 37) FROM search_fts_data WHERE id >= (1 << 37)',
    )
    .pluck();
  return {
    merge: (pages) => {
      const before = changes.get() ?? 0;
      merge.run(pages);
      return (changes.get() ?? 0) - before >= 2;
    },
    checkpoint: () => {
      db.pragma('wal_checkpoint(PASSIVE)');
    },
    segments: () => segments.get() ?? 0,
  };
}
