import type Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { upsertEpisode, upsertRuntime } from '../../db/testing/library-rows';
import { createStats } from '../../stats/stats';
import { createStatsStore } from '../../stats/store';
import { HOUR, T0, device, trackingData, type Device } from './testing/devices';

/** Runtimes both computers know: a film's, a series' typical one, and one episode's own. */
function facts(db: Database.Database): void {
  upsertRuntime(db, 'movie', 550, 139);
  upsertRuntime(db, 'tv', 1, 45);
  upsertEpisode(db, 1, 1, 2, 61);
}

/** What the stats and the series read: each play's minutes, the totals, the series counters. */
const derived = (db: Database.Database): unknown => ({
  minutes: db.prepare('SELECT uid, minutes FROM watch_plays ORDER BY uid').all(),
  totals: db.prepare('SELECT * FROM play_totals ORDER BY media_type, media_id').all(),
  series: db
    .prepare('SELECT series_id, play_count, last_watched_at FROM tracked_series ORDER BY series_id')
    .all(),
});

const overview = (d: Device): unknown =>
  createStats({
    store: createStatsStore(d.db),
    clock: () => T0 + 400 * HOUR,
    timeZone: () => 'UTC',
    filling: () => false,
  }).overview({ media: 'all' });

/*
 * A first sync writes plays in bulk (library migration 015): many per chunk, their minutes and
 * totals counted once per chunk. The library it gives is the one the same plays give when they
 * are marked one at a time, as the computer that made them did.
 */
describe('a merge of many plays in chunks', () => {
  const devices: Device[] = [];
  afterEach(() => {
    for (const d of devices.splice(0)) d.close();
  });

  it('gives the minutes, totals, series counters and stats of plays marked one by one', async () => {
    const a = device('a');
    const b = device('b', { chunkSize: 60, now: T0 + 500 * HOUR });
    devices.push(a, b);
    facts(a.db);
    facts(b.db);
    for (let i = 0; i < 300; i += 1) {
      a.clock.now = T0 + i * HOUR;
      const when = { kind: 'at' as const, at: T0 + i * HOUR - 30 * 60_000 };
      if (i % 7 === 0) a.tracking.mark({ scope: 'movie', movieId: 550 + (i % 3) }, { when });
      else
        a.tracking.mark(
          { scope: 'episode', seriesId: 1 + (i % 4), season: 1, episode: 1 + (i % 9) },
          { when, rewatch: true },
        );
    }
    const changes = a.own();
    expect(changes).toHaveLength(300);
    expect(await b.receive(changes)).toHaveLength(300);
    expect(trackingData(b.db)).toEqual(trackingData(a.db));
    expect(derived(b.db)).toEqual(derived(a.db));
    expect(overview(b)).toEqual(overview(a));
    // Runtimes arriving later move both libraries the same way.
    upsertRuntime(a.db, 'tv', 2, 30);
    upsertRuntime(b.db, 'tv', 2, 30);
    expect(derived(b.db)).toEqual(derived(a.db));
  });
});
