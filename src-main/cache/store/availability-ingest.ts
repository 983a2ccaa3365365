import type Database from 'better-sqlite3';
import type { TitleOffers } from '../extract-providers';

/** How many of the latest writes the log keeps (readers further behind read everything again). */
export const AVAILABILITY_LOG_KEPT = 10_000;

/**
 * Writes a title's streaming offers to the availability index (cache migration 005): the rows
 * the response listed replace the title's rows, and the title is marked as seen, so a provider
 * that left the title leaves the index and a title with no offers reads as known, not unknown.
 * The write is logged (`availability_log`) for readers that keep the index in memory. Runs
 * inside the ingest's transaction.
 */
export function createAvailabilityWrite(
  db: Database.Database,
): (title: TitleOffers, seenAt: number) => void {
  const seen = db.prepare(
    `INSERT INTO availability_seen (kind, id, seen_at) VALUES (?, ?, ?)
     ON CONFLICT (kind, id) DO UPDATE SET seen_at = excluded.seen_at`,
  );
  const clear = db.prepare('DELETE FROM availability WHERE kind = ? AND id = ?');
  const insert = db.prepare(
    `INSERT OR IGNORE INTO availability
       (kind, id, region, provider_id, offer, provider_name, logo_path, display_priority, seen_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const log = db.prepare('INSERT INTO availability_log (kind, id) VALUES (?, ?)');
  const prune = db.prepare('DELETE FROM availability_log WHERE seq <= ?');
  return (title, seenAt) => {
    const seq = Number(log.run(title.kind, title.id).lastInsertRowid);
    if (seq % 100 === 0) prune.run(seq - AVAILABILITY_LOG_KEPT);
    seen.run(title.kind, title.id, seenAt);
    clear.run(title.kind, title.id);
    for (const o of title.offers) {
      insert.run(
        title.kind,
        title.id,
        o.region,
        o.provider_id,
        o.offer,
        o.provider_name,
        o.logo_path,
        o.display_priority,
        seenAt,
      );
    }
  };
}
