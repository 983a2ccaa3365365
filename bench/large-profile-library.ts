/**
 * The large profile's library: a twenty-year watcher's history, follows, watchlist, lists and
 * inbox, written with the stats and tracking seeders plus bulk inserts, the same on every run
 * (a seeded PRNG and a fixed clock; ids the change path makes are counted, not random).
 */
import type Database from 'better-sqlite3';
import { createChangePath } from '../src-main/changes/change-path';
import { createChangeStore } from '../src-main/changes/store/changes';
import { addDays, localDate } from '../src-main/tracking/dates';
import { createTrackingStore } from '../src-main/tracking/store';
import { createTracking } from '../src-main/tracking/tracking';
import { DAY, seedStatsLibrary } from './stats-seed';
import { prng } from './storage-search';
import { seedLibrary } from './tracking-seed';

/** What the profile holds, as the benchmarks name it. */
export const SHAPE = {
  titles: 1_000_000,
  /** Followed series (tracking seed): ids 10,000 to 11,999. */
  followed: 2_000,
  /** Distinct episodes of the followed series watched, in order (tracking seed). */
  followedPlays: 30_000,
  /** Films and episodes over twenty years, with rewatches (stats seed). */
  historyPlays: 70_000,
  /** Films with facts (ids 1 to 8,000) and other series watched (ids 100,001 to 100,600). */
  films: 8_000,
  otherSeries: 600,
  years: 20,
  watchlist: 3_000,
  lists: 10,
  listItems: 2_000,
  inbox: 10_000,
  backupPlays: 200_000,
  importRows: 20_000,
} as const;

export const FOLLOWED_BASE = 10_000;

/** A cached title's kind by its id, as the cache is filled (every third id is a series). */
export const cachedKind = (id: number): 'movie' | 'tv' => (id % 3 === 0 ? 'tv' : 'movie');

/** The n-th film id the cache holds as a film, from `from` on. */
export const cachedFilm = (from: number, n: number): number => {
  const start = from + (cachedKind(from) === 'tv' ? 1 : 0);
  // Two films in every three ids.
  const id = start + Math.floor(n / 2) * 3 + (n % 2);
  return cachedKind(id) === 'tv' ? id + 1 : id;
};

/** Ids the change path makes for its device and changes: counted, so every run writes the same. */
function countedIds(): () => string {
  let n = 0;
  return () => {
    n += 1;
    const hex = n.toString(16).padStart(12, '0');
    return `00000000-0000-4000-8000-${hex}`;
  };
}

function seedCollections(db: Database.Database, now: number, random: () => number): void {
  const summary = db.prepare(
    `INSERT OR REPLACE INTO item_summaries (media_type, media_id, title, original_title, poster_path, release_date, popularity, vote_average, updated_at)
     VALUES (?, ?, ?, NULL, ?, ?, ?, ?, ?)`,
  );
  const entry = db.prepare(
    "INSERT OR IGNORE INTO collection_entries (collection, media_type, media_id, added_at) VALUES ('watchlist', ?, ?, ?)",
  );
  const list = db.prepare(
    'INSERT INTO lists (id, server_id, name, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const item = db.prepare(
    'INSERT OR IGNORE INTO list_items (list_id, media_type, media_id, added_at) VALUES (?, ?, ?, ?)',
  );
  const describe = (type: 'movie' | 'tv', id: number, at: number): void => {
    summary.run(
      type,
      id,
      `${type === 'movie' ? 'Film' : 'Series'} ${String(id)}`,
      `/p${String(id)}.jpg`,
      `${String(1950 + (id % 75))}-0${String(1 + (id % 9))}-15`,
      random() * 200,
      5 + random() * 4,
      at,
    );
  };
  const start = now - SHAPE.years * 365 * DAY;
  const when = (): number => start + Math.floor(random() * (now - start));
  for (let i = 0; i < SHAPE.watchlist; i++) {
    // Films not yet seen and series not yet started, among the cached titles.
    const id = 200_000 + i * 37;
    const type = cachedKind(id);
    const at = when();
    describe(type, id, at);
    entry.run(type, id, at);
  }
  const perList = SHAPE.listItems / SHAPE.lists;
  for (let l = 0; l < SHAPE.lists; l++) {
    const serverId = 9_000_000 + l;
    const created = when();
    list.run(
      String(serverId),
      serverId,
      `List ${String(l + 1)}`,
      'A list kept over the years.',
      created,
      now,
    );
    for (let k = 0; k < perList; k++) {
      const id = cachedFilm(1, Math.floor(random() * 400_000));
      const at = created + Math.floor(random() * (now - created));
      describe('movie', id, at);
      item.run(String(serverId), 'movie', id, at);
    }
  }
}

function seedInbox(db: Database.Database, now: number, random: () => number): void {
  const insert = db.prepare(
    `INSERT INTO inbox (dedupe_key, kind, media_id, season_number, episode_number, release_type, title, body, occurred_at, created_at, read_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const today = localDate(now, 'UTC');
  for (let i = 0; i < SHAPE.inbox; i++) {
    // Newest last, as the inbox fills: one to three items a day over the last years.
    const daysAgo = Math.floor(((SHAPE.inbox - i) * 3) / 2);
    const occurred = addDays(today, -daysAgo);
    const created = now - daysAgo * DAY;
    // The last 300 are unread; older ones were read a day or two after they came.
    const readAt = i >= SHAPE.inbox - 300 ? null : created + Math.floor(random() * 2 * DAY);
    if (i % 4 === 3) {
      const film = cachedFilm(1, i);
      insert.run(
        `release:${String(film)}:${String(i)}`,
        'release',
        film,
        null,
        null,
        4,
        `Film ${String(film)}`,
        'Out now to watch at home.',
        occurred,
        created,
        readAt,
      );
    } else {
      const series = FOLLOWED_BASE + (i % SHAPE.followed);
      const season = 1 + (i % 7);
      const episode = 1 + (i % 15);
      insert.run(
        `episode:${String(series)}:${String(season)}:${String(episode)}:${String(i)}`,
        'episode',
        series,
        season,
        episode,
        null,
        `Series ${String(series - FOLLOWED_BASE)}`,
        `S${String(season)}E${String(episode)} is out.`,
        occurred,
        created,
        readAt,
      );
    }
  }
}

/** Fills a migrated library; returns the number of plays written. */
export function seedLargeLibrary(db: Database.Database, now: number, seed: number): number {
  const clock = (): number => now;
  const store = createTrackingStore(db);
  const changes = createChangePath({
    store: createChangeStore(db),
    clock,
    newId: countedIds(),
  });
  let uid = 0;
  const tracking = createTracking(store, {
    clock,
    timeZone: () => 'UTC',
    region: () => 'US',
    changes,
    newUid: () => `profile-${String(++uid)}`,
  });
  seedLibrary(tracking, store, {
    now,
    seriesCount: SHAPE.followed,
    watchedTarget: SHAPE.followedPlays,
    spreadMs: 3 * 365 * DAY,
  });
  seedStatsLibrary(db, {
    events: SHAPE.historyPlays,
    films: SHAPE.films,
    series: SHAPE.otherSeries,
    years: SHAPE.years,
    seed,
  });
  const random = prng(seed + 1);
  db.transaction(() => {
    seedCollections(db, now, random);
    seedInbox(db, now, random);
  })();
  const { n } = db.prepare('SELECT count(*) AS n FROM watch_plays').get() as { n: number };
  return n;
}
