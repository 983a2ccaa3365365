import type { Migration } from '../../migrate';

/** The per-play triggers a bulk write of plays now stands in for too (see migration 015). */
const GATED = [
  {
    name: 'progress_summaries_on_play_insert',
    head: /AFTER INSERT ON watch_plays\s+WHEN NEW\.media_type = 'episode'\s+BEGIN/,
    gated: `AFTER INSERT ON watch_plays
      WHEN NEW.media_type = 'episode' AND NOT EXISTS (SELECT 1 FROM plays_in_bulk)
      BEGIN`,
  },
  {
    name: 'stats_answers_on_watch_plays_insert',
    head: /AFTER INSERT ON watch_plays\s+BEGIN/,
    gated: `AFTER INSERT ON watch_plays WHEN NOT EXISTS (SELECT 1 FROM plays_in_bulk)
      BEGIN`,
  },
] as const;

/**
 * A first sync writes 100,000 plays and as many changes; two costs per row are made once per
 * batch instead:
 *
 * - the triggers of migrations 013 and 017 that drop a series' progress summary and the stats'
 *   stored answers on each play inserted stand aside inside a bulk writer's transaction, as those
 *   of 005 and 006 do (migration 015): the bulk writer (`tracking/store/plays.ts`) drops the
 *   summaries of the series its plays are of, and the answers, once for the batch, which leaves
 *   what the triggers would have;
 * - the registers' index holds only changes that can be a register's newest (not the plays'
 *   adds and removals, by far the most): one index fewer for each play a merge stores. The merge
 *   reads it with the index's own condition (`sync/merge/store/merge-store.ts`).
 * - `plays_by_time` (migration 002) goes: `plays_for_stats` and `plays_by_recency` (migrations
 *   005 and 017) lead with the same column and serve every read by time, and each play inserted
 *   kept a fifth tree up to date for none.
 *
 * The triggers are made again from their own stored text with the condition added.
 */
export const library018: Migration = {
  version: 18,
  name: 'bulk_merge',
  up(db) {
    for (const { name, head, gated } of GATED) {
      const sql = db
        .prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?")
        .pluck()
        .get(name) as string | undefined;
      if (sql === undefined || !head.test(sql))
        throw new Error(`trigger ${name} is not as its migration made it`);
      db.exec(`DROP TRIGGER "${name}"`);
      db.exec(sql.replace(head, gated));
    }
    db.exec(`
      DROP INDEX changes_by_register;
      CREATE INDEX changes_by_register ON changes (entity, kind, hlc, device, id)
        WHERE kind NOT IN ('plays.add', 'plays.remove');
      DROP INDEX plays_by_time;
    `);
  },
};
