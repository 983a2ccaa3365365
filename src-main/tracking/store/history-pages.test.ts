import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate';
import { libraryMigrations } from '../../db/migrations/library';
import type { Play } from '../types';
import { createTrackingStore, type TrackingStore } from './index';

const T0 = Date.UTC(2026, 0, 10, 12);
const DAY = 86_400_000;

/**
 * A history with every kind of tie the order breaks: plays on the same instant, recorded at the
 * same time (then by uid), plays without a date (last, newest recorded first), films and episodes.
 */
function plays(): Play[] {
  const out: Play[] = [];
  for (let i = 0; i < 60; i++) {
    const film = i % 3 === 0;
    out.push({
      uid: `p${String((i * 37) % 60).padStart(2, '0')}`,
      mediaType: film ? 'movie' : 'episode',
      mediaId: 100 + (i % 7),
      season: film ? null : 1,
      episode: film ? null : i + 1,
      // Every fifth play has no date; the others share a few instants.
      watchedAt: i % 5 === 0 ? null : T0 - (i % 4) * DAY,
      source: 'marquee',
      createdAt: T0 + (i % 3) * 1000,
    });
  }
  return out;
}

describe('history pages after a play', () => {
  let db: Database.Database;
  let store: TrackingStore;
  beforeEach(() => {
    db = new Database(':memory:');
    migrate(db, libraryMigrations);
    store = createTrackingStore(db);
    store.plays.insert(plays(), T0);
  });
  afterEach(() => {
    db.close();
  });

  const uids = (list: readonly Play[]): string[] => list.map((p) => p.uid);

  /** The history's order, worked out here: newest first, unknown dates last, then by uid. */
  const inOrder = (list: readonly Play[]): Play[] =>
    [...list].sort(
      (a, b) =>
        (b.watchedAt ?? -Infinity) - (a.watchedAt ?? -Infinity) ||
        b.createdAt - a.createdAt ||
        (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0),
    );

  for (const mediaType of [undefined, 'movie', 'episode'] as const) {
    for (const limit of [1, 4, 7, 100]) {
      it(`walk every play once, in the history's order (${mediaType ?? 'all'}, ${String(limit)} a page)`, () => {
        const kind = mediaType === undefined ? {} : { mediaType };
        const expected = inOrder(plays().filter((p) => !mediaType || p.mediaType === mediaType));
        const everything = store.plays.history({ limit: 1000, ...kind });
        expect(everything.next).toBeNull();
        expect(uids(everything.plays)).toEqual(uids(expected));
        const walked: Play[] = [];
        let page = store.plays.history({ limit, ...kind });
        for (;;) {
          expect(page.plays.length).toBe(Math.min(limit, expected.length - walked.length));
          walked.push(...page.plays);
          expect(page.total).toBe(expected.length);
          if (page.next === null) break;
          const last = page.plays.at(-1);
          expect(page.next).toEqual({
            watchedAt: last?.watchedAt,
            createdAt: last?.createdAt,
            uid: last?.uid,
          });
          page = store.plays.history({ limit, after: page.next, ...kind });
        }
        expect(uids(walked)).toEqual(uids(expected));
      });
    }
  }

  it('start right after the cursor even when its play is gone', () => {
    const all = store.plays.history({ limit: 1000 }).plays;
    const at = all[20];
    if (!at) throw new Error('no play at 20');
    store.plays.removeUids([at.uid], T0);
    const after = { watchedAt: at.watchedAt, createdAt: at.createdAt, uid: at.uid };
    expect(uids(store.plays.history({ limit: 5, after }).plays)).toEqual(uids(all.slice(21, 26)));
  });

  it('seek to their place in the recency index', () => {
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT * FROM watch_plays INDEXED BY plays_by_recency
         WHERE watched_at < 5 ORDER BY watched_at DESC, created_at DESC, uid LIMIT 10`,
      )
      .all() as Array<{ detail: string }>;
    expect(plan.map((r) => r.detail)).toEqual([
      'SEARCH watch_plays USING INDEX plays_by_recency (watched_at<?)',
    ]);
  });
});
