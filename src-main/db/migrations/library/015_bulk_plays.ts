import type { Migration } from '../../migrate';

/** The per-play triggers a bulk write of plays stands in for, and the statement each begins with. */
const GATED = ['plays_minutes_on_insert', 'play_totals_on_insert'] as const;
const HEAD = /AFTER INSERT ON watch_plays\s+BEGIN/;
const GATE = 'WHEN NOT EXISTS (SELECT 1 FROM plays_in_bulk)';

/**
 * Plays written in bulk (a first sync's 100,000, a restore, an import): the minutes trigger of
 * migration 005 and the totals trigger of 006 cost a lookup, an update of the new row and two
 * upserts per play inserted. While `plays_in_bulk` holds a row, they stand aside: the bulk writer
 * (`tracking/store/plays.ts`) computes each play's minutes in its insert, with the same
 * expressions, and moves each title's totals once per chunk by the plays the chunk added, which
 * gives what the triggers would have. The row is put and taken away inside the writer's own
 * transaction, so no other connection ever sees it, and a write that fails leaves none behind.
 *
 * The triggers are made again from their own stored text with the condition added, so their
 * bodies stay exactly as those migrations wrote them (migration 010 kept them so too).
 */
export const library015: Migration = {
  version: 15,
  name: 'bulk_plays',
  up(db) {
    db.exec(`
      CREATE TABLE plays_in_bulk (
        active INTEGER PRIMARY KEY CHECK (active = 1)
      );
    `);
    for (const name of GATED) {
      const sql = db
        .prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?")
        .pluck()
        .get(name) as string | undefined;
      if (sql === undefined || !HEAD.test(sql))
        throw new Error(`trigger ${name} is not as its migration made it`);
      db.exec(`DROP TRIGGER "${name}"`);
      db.exec(sql.replace(HEAD, `AFTER INSERT ON watch_plays ${GATE}\n      BEGIN`));
    }
  },
};
