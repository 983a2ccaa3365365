import type { Migration } from '../../migrate';

/**
 * Data safety (issue 12).
 *
 * - `dead_letters`: stored rows that could not be read (bad JSON, an op of an unknown shape), set
 *   aside with the reason instead of stopping start-up or sync. The original row stays where it
 *   was (an outbox row is marked `failed`), so nothing is deleted; the sync panel lists these.
 * - `local_intents`: the user's latest unsent change per item, written in the same transaction as
 *   the outbox row and removed when that change settles. It lives on other pages than the outbox,
 *   so when salvage loses outbox rows it can queue the lost intents again from here.
 */
export const library003: Migration = {
  version: 3,
  name: 'data_safety',
  up(db) {
    db.exec(`
      CREATE TABLE dead_letters (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        source TEXT NOT NULL,
        source_key TEXT NOT NULL,
        payload TEXT,
        reason TEXT NOT NULL,
        found_at INTEGER NOT NULL,
        UNIQUE (source, source_key)
      );

      CREATE TABLE local_intents (
        item_key TEXT PRIMARY KEY,
        seq INTEGER NOT NULL,
        op TEXT NOT NULL,
        queued_at INTEGER NOT NULL
      ) WITHOUT ROWID;

      -- Open changes queued before this version get their intent too (the latest per item).
      INSERT INTO local_intents (item_key, seq, op, queued_at)
        SELECT item_key, seq, op, queued_at FROM outbox o
        WHERE status IN ('pending', 'in_flight', 'failed')
          AND seq = (SELECT max(seq) FROM outbox p
                     WHERE p.item_key = o.item_key AND p.status IN ('pending', 'in_flight', 'failed'));
    `);
  },
};
