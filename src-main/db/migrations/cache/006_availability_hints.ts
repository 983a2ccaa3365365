import type { Migration } from '../../migrate';

/**
 * What a filtered discover answer says of where its titles stream: a page asked with
 * `with_watch_providers` and `watch_region` lists titles that stream in that region on at least
 * one of the providers asked (`providers`, ids joined by `|`, ascending), by one of the offers
 * asked (`offers`, joined by `|`). Weaker than a title's own watch providers: it is read only for
 * a title the index has not seen (`availability_seen`), and the title's own answer removes it.
 */
export const cache006: Migration = {
  version: 6,
  name: 'availability_hints',
  up(db) {
    db.exec(`
      CREATE TABLE availability_hint (
        kind TEXT NOT NULL CHECK (kind IN ('movie', 'tv')),
        id INTEGER NOT NULL,
        region TEXT NOT NULL,
        providers TEXT NOT NULL,
        offers TEXT NOT NULL,
        seen_at INTEGER NOT NULL,
        PRIMARY KEY (kind, id, region, providers, offers)
      ) WITHOUT ROWID;
    `);
  },
};
