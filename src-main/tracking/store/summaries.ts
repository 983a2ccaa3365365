import type Database from 'better-sqlite3';
import type { Summary } from '../rules';
import type { EpisodeRow } from './series';

/** A series' progress summary as it was computed (library migration 013). */
export interface StoredSummary {
  seriesId: number;
  includeSpecials: boolean;
  summary: Summary;
  /** The next episode's stored fields, when they had been read. */
  nextEpisode?: EpisodeRow | undefined;
}

export interface SummaryStore {
  /** Every stored summary. */
  all(): StoredSummary[];
  /**
   * Stores these summaries in one transaction, only when no other connection committed since
   * `dataVersion` was read (they may predate that commit) and the library can be written at
   * once: derived data never waits for a lock or fails a read. Returns whether it wrote.
   */
  save(save: readonly StoredSummary[], dataVersion: number): boolean;
  /** `PRAGMA data_version`: changes when another connection commits. */
  dataVersion(): number;
}

interface Row {
  seriesId: number;
  includeSpecials: number;
  summary: string;
}

export function createSummaryStore(db: Database.Database): SummaryStore {
  const all = db.prepare<[], Row>(
    `SELECT series_id AS seriesId, include_specials AS includeSpecials, summary
     FROM progress_summaries`,
  );
  const put = db.prepare(
    `INSERT OR REPLACE INTO progress_summaries (series_id, include_specials, summary)
     VALUES (?, ?, ?)`,
  );
  const dataVersion = (): number => Number(db.pragma('data_version', { simple: true }));
  const write = db.transaction((save: readonly StoredSummary[], version: number): boolean => {
    // Another connection's commit may have changed what the summaries were computed from.
    if (dataVersion() !== version) return false;
    for (const s of save)
      put.run(
        s.seriesId,
        s.includeSpecials ? 1 : 0,
        JSON.stringify(s.nextEpisode === undefined ? [s.summary] : [s.summary, s.nextEpisode]),
      );
    return true;
  });
  return {
    all: () =>
      all.all().map((r) => {
        const [summary, nextEpisode] = JSON.parse(r.summary) as [Summary, EpisodeRow?];
        return {
          seriesId: r.seriesId,
          includeSpecials: r.includeSpecials === 1,
          summary,
          nextEpisode,
        };
      }),
    save(save, version) {
      // Closed meanwhile (a deferred store after closing), or inside another's transaction.
      if (!db.open || db.inTransaction) return false;
      const timeout = Number(db.pragma('busy_timeout', { simple: true }));
      db.pragma('busy_timeout = 0');
      try {
        return write.immediate(save, version);
      } catch {
        return false;
      } finally {
        db.pragma(`busy_timeout = ${String(timeout)}`);
      }
    },
    dataVersion,
  };
}
