import type { Migration } from '../../migrate';

/**
 * Marquee-only preferences that follow the person to every computer (the streaming services they
 * pay for, a title they said they are not interested in): one row per key, its value as JSON.
 * Each is a register of the change path (`preference.set`, entity `pref:<key>`), so the newest
 * write wins on every computer; this table holds the value the newest change set.
 */
export const library014: Migration = {
  version: 14,
  name: 'preferences',
  up(db) {
    db.exec(`
      CREATE TABLE preferences (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) WITHOUT ROWID;
    `);
  },
};
