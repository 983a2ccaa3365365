import type { Migration } from '../../migrate';

/**
 * What merging changes from the person's other computers needs, so its cost grows with what is
 * new and never with the whole history:
 *
 * - `changes_by_register` finds the newest change of one register (a series' follow, hidden,
 *   snooze or specials setting) by `(entity, kind)` and then `(hlc, device, id)`, the order in which
 *   the last writer wins; it also serves every lookup by entity, so 009's `changes_by_entity` goes.
 * - `changes_by_hlc` gives the newest clock value known here (the clock never goes below it).
 * - `changes_by_device` lists this computer's own changes (what it shares) past a sequence number.
 * - `sync_play_versions`: per play uid, the newest change that added or removed it, so a play
 *   removed on one computer stays removed when its add arrives later, and an undo that puts the
 *   same play back wins over the removal it undoes.
 * - `sync_inbox_reads`: per inbox item (its key, the same on every computer), the first change that
 *   read it and when; an item made here later (each computer makes its own) is made read.
 */
export const library011: Migration = {
  version: 11,
  name: 'sync',
  up(db) {
    db.exec(`
      DROP INDEX changes_by_entity;
      CREATE INDEX changes_by_register ON changes (entity, kind, hlc, device, id);
      CREATE INDEX changes_by_hlc ON changes (hlc);
      CREATE INDEX changes_by_device ON changes (device, seq);
      CREATE TABLE sync_play_versions (
        uid TEXT PRIMARY KEY,
        hlc TEXT NOT NULL,
        device TEXT NOT NULL,
        change_id TEXT NOT NULL,
        removed INTEGER NOT NULL CHECK (removed IN (0, 1))
      ) WITHOUT ROWID;
      CREATE TABLE sync_inbox_reads (
        dedupe_key TEXT PRIMARY KEY,
        read_at INTEGER NOT NULL,
        hlc TEXT NOT NULL,
        device TEXT NOT NULL,
        change_id TEXT NOT NULL
      ) WITHOUT ROWID;
    `);
  },
};
