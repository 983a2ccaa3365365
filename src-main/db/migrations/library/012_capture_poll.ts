import type { Migration } from '../../migrate';

/**
 * Two facts about each configured media server:
 *
 * - `poll_cursor`: the newest "last played" time (ms, by the server's clock) read from a server
 *   that Marquee reads for plays (Jellyfin without its webhook plugin); only items played after
 *   it are new. NULL until the first read, which only finds where the history ends.
 * - `account_aliases`: other ids the server's announcements give an account, as JSON
 *   `{ "<announced id>": "<account id>" }` (Plex webhooks name plex.tv accounts, while the local
 *   server lists its own ids, the owner being 1).
 */
export const library012: Migration = {
  version: 12,
  name: 'capture_poll',
  up(db) {
    db.exec(`
      ALTER TABLE capture_servers ADD COLUMN poll_cursor INTEGER;
      ALTER TABLE capture_servers ADD COLUMN account_aliases TEXT NOT NULL DEFAULT '{}';
    `);
  },
};
