import type { Migration } from '../../migrate';

/**
 * The change log of Marquee's own data (plays, series settings, inbox state, import decisions):
 * one row per logical change, written in the same transaction as the change itself, so another
 * computer can replay exactly what happened here.
 *
 * - `id` is the change's identity everywhere (a random UUID); `seq` only orders this computer's
 *   rows and never leaves it.
 * - `hlc` is a hybrid logical clock (`<ms, 13 digits>-<counter, 6 digits>`): it sorts as text, never
 *   goes backwards on this computer, and stays near the wall clock.
 * - `entity` names what changed by a stable key (`play:<uid>`, `series:<tmdb id>`, never a local
 *   row id); `data` is the change as JSON. A removal is a change like any other.
 * - `change_meta` holds this installation's device id.
 */
export const library009: Migration = {
  version: 9,
  name: 'changes',
  up(db) {
    db.exec(`
      CREATE TABLE changes (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        hlc TEXT NOT NULL,
        device TEXT NOT NULL,
        domain TEXT NOT NULL,
        kind TEXT NOT NULL,
        entity TEXT NOT NULL,
        data TEXT NOT NULL
      );
      CREATE INDEX changes_by_entity ON changes (entity, hlc);
      CREATE TABLE change_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) WITHOUT ROWID;
    `);
  },
};
