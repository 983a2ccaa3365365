import type Database from 'better-sqlite3';
import type { StreamHint } from '../extract-discover';
import type { TitleOffers } from '../extract-providers';

/** How many of the latest writes the log keeps (readers further behind read everything again). */
export const AVAILABILITY_LOG_KEPT = 10_000;

/**
 * Writes a title's streaming offers to the availability index (cache migration 005): the rows
 * the response listed replace the title's rows, and the title is marked as seen, so a provider
 * that left the title leaves the index and a title with no offers reads as known, not unknown.
 * The title's weaker hints from discover pages (cache migration 006) go. The write is logged (`availability_log`) for readers that keep the index in memory. Runs
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
  const clearHints = db.prepare('DELETE FROM availability_hint WHERE kind = ? AND id = ?');
  const insert = db.prepare(
    `INSERT OR IGNORE INTO availability
       (kind, id, region, provider_id, offer, provider_name, logo_path, display_priority, seen_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const log = createAvailabilityLog(db);
  return (title, seenAt) => {
    log(title.kind, title.id);
    seen.run(title.kind, title.id, seenAt);
    clear.run(title.kind, title.id);
    clearHints.run(title.kind, title.id);
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

/** Logs a title's write for the readers that hold the index in memory, keeping the newest. */
function createAvailabilityLog(db: Database.Database): (kind: string, id: number) => void {
  const log = db.prepare('INSERT INTO availability_log (kind, id) VALUES (?, ?)');
  const prune = db.prepare('DELETE FROM availability_log WHERE seq <= ?');
  return (kind, id) => {
    const seq = Number(log.run(kind, id).lastInsertRowid);
    if (seq % 100 === 0) prune.run(seq - AVAILABILITY_LOG_KEPT);
  };
}

/**
 * Writes what filtered discover pages say of where their titles stream (cache migration 006): a
 * title the index has seen keeps its own providers untouched, as they say more; for the others the
 * hint is added, or its time renewed. Logged like the index's own writes. Runs inside the ingest's
 * transaction.
 */
export function createHintWrite(
  db: Database.Database,
): (hints: readonly StreamHint[], seenAt: number) => void {
  const known = db
    .prepare<[string, number], number>('SELECT 1 FROM availability_seen WHERE kind = ? AND id = ?')
    .pluck();
  const upsert = db.prepare(
    `INSERT INTO availability_hint (kind, id, region, providers, offers, seen_at)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (kind, id, region, providers, offers) DO UPDATE SET seen_at = excluded.seen_at`,
  );
  const log = createAvailabilityLog(db);
  return (hints, seenAt) => {
    const logged = new Set<string>();
    for (const hint of hints) {
      if (known.get(hint.kind, hint.id) !== undefined) continue;
      const title = `${hint.kind}:${String(hint.id)}`;
      if (!logged.has(title)) {
        log(hint.kind, hint.id);
        logged.add(title);
      }
      upsert.run(
        hint.kind,
        hint.id,
        hint.region,
        hint.providers.join('|'),
        hint.offers.join('|'),
        seenAt,
      );
    }
  };
}
