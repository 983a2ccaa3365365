import type { Migration } from '../../migrate';

/**
 * Where titles stream: for each title whose watch providers a response carried (details with
 * `watch/providers` appended, or the standalone `/movie|tv/{id}/watch/providers`), every offer
 * by subscription (`flatrate`), free, or free with ads, per region. `availability_seen` says a
 * title's providers are known at all (a title seen with no offers anywhere has no offer rows):
 * a title missing from it is unknown, not "nowhere". Each response replaces the title's rows.
 */
export const cache005: Migration = {
  version: 5,
  name: 'availability',
  up(db) {
    db.exec(`
      CREATE TABLE availability_seen (
        kind TEXT NOT NULL CHECK (kind IN ('movie', 'tv')),
        id INTEGER NOT NULL,
        seen_at INTEGER NOT NULL,
        PRIMARY KEY (kind, id)
      ) WITHOUT ROWID;

      CREATE TABLE availability (
        kind TEXT NOT NULL CHECK (kind IN ('movie', 'tv')),
        id INTEGER NOT NULL,
        region TEXT NOT NULL,
        provider_id INTEGER NOT NULL,
        offer TEXT NOT NULL CHECK (offer IN ('flatrate', 'free', 'ads')),
        provider_name TEXT,
        logo_path TEXT,
        display_priority INTEGER,
        seen_at INTEGER NOT NULL,
        PRIMARY KEY (kind, id, region, provider_id, offer)
      ) WITHOUT ROWID;

      -- Which titles stream on a provider in a region (arrivals, "on my services" lists).
      CREATE INDEX availability_by_provider ON availability (region, provider_id, kind, id);
    `);
  },
};
