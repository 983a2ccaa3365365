import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLogger } from '../../base/testing/memory-logger';
import { createStats } from '../../stats/stats';
import { createStatsService, type StatsService } from '../../stats/stats-service';
import { createStatsStore } from '../../stats/store';
import {
  addEpisode,
  addPlay,
  facts,
  rate,
  tempStats,
  type TempStats,
} from '../../stats/testing/temp-stats';
import type { HeavyWork } from '../../worker/heavy';
import { statsHandlers } from './stats';

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 2, 10, 12);

/** The stats service as the core wires it, over a temporary library; the fill never runs. */
function serviceOver(temp: TempStats, filling = { now: false }): StatsService {
  const service = createStatsService({
    store: temp.store,
    source: () => Promise.reject(new Error('offline')),
    clock: () => temp.clock.now,
    timeZone: () => temp.zone.name,
    online: () => false,
    onOnline: () => () => undefined,
    onPlaysChanged: () => () => undefined,
    timers: { every: () => () => undefined },
    sleep: () => Promise.resolve(),
    log: memoryLogger(),
    emit: () => undefined,
    appVersion: '1.2.3',
  });
  return { ...service, filling: () => filling.now };
}

/** A worker stand-in that computes on the library as the worker would, counting its jobs. */
function countingWorker(temp: TempStats): { heavy: HeavyWork; jobs: () => number } {
  let jobs = 0;
  const heavy = {
    statsOverview: (query: { media: 'all' | 'movie' | 'tv' }) => {
      jobs += 1;
      return Promise.resolve(temp.stats.overview(query));
    },
    statsYears: () => {
      jobs += 1;
      return Promise.resolve(temp.stats.years());
    },
  } as unknown as HeavyWork;
  return { heavy, jobs: () => jobs };
}

/** Twenty years of plays of films and episodes, with facts, people and ratings. */
function history(temp: TempStats): void {
  const { db } = temp;
  for (let i = 0; i < 60; i++) {
    const at = NOW - i * 97 * DAY - (i % 5) * 3_600_000;
    addPlay(db, { movie: 100 + (i % 17), at });
    addPlay(db, { series: 7 + (i % 3), season: 1, episode: 1 + (i % 8), at: at + 60_000 });
  }
  // Today and yesterday: a current streak, which counts to the day the answer was made on.
  addPlay(db, { movie: 100, at: NOW - 3_600_000 });
  addPlay(db, { movie: 101, at: NOW - DAY });
  addPlay(db, { movie: 300, at: null });
  for (let e = 1; e <= 8; e++) addEpisode(db, 7, 1, e, e % 3 === 0 ? null : 42);
  for (let id = 100; id < 117; id++)
    temp.store.facts.save(
      facts('movie', id, {
        cast: [id, id + 1, 900],
        directors: [id % 4],
        releaseDate: `19${String(60 + (id % 40))}-01-02`,
        language: id % 2 === 0 ? 'en' : 'fr',
        countries: id % 3 === 0 ? ['FR', 'US'] : ['JP'],
      }),
      NOW,
    );
  temp.store.facts.save(facts('tv', 7, { cast: [900, 901] }), NOW);
  temp.store.facts.markGone({ mediaType: 'tv', id: 8 }, NOW);
  rate(db, 'movie', 100, 8);
  rate(db, 'tv', 7, 6);
}

const storedRows = (temp: TempStats): number =>
  temp.db.prepare('SELECT count(*) FROM stats_answers').pluck().get() as number;

describe('stored stats answers', () => {
  let temp: TempStats | undefined;
  afterEach(() => {
    temp?.cleanup();
    temp = undefined;
  });

  /** A start: a new connection, service and handlers, as after the app restarts. */
  const start = (t: TempStats, filling = { now: false }) => {
    t.reopen();
    t.store = createStatsStore(t.db);
    t.stats = createStats({
      store: t.store,
      clock: () => t.clock.now,
      timeZone: () => t.zone.name,
      filling: () => filling.now,
    });
    const worker = countingWorker(t);
    const service = serviceOver(t, filling);
    const handlers = statsHandlers(() =>
      Promise.resolve({ stats: service, libraryProblem: null, heavy: worker.heavy }),
    );
    return { handlers, jobs: worker.jobs };
  };

  it('the first overview and years after a start are the stored answers, equal to computing them', async () => {
    temp = tempStats({ now: NOW, timeZone: 'Europe/Paris' });
    const t = temp;
    history(t);
    const fresh = { overview: t.stats.overview({ media: 'all' }), years: t.stats.years() };
    expect(fresh.overview.streaks.current?.days).toBe(2);

    const first = start(t);
    const computed = await first.handlers['stats.overview']({ media: 'all' });
    const years = await first.handlers['stats.years']({});
    expect(first.jobs()).toBe(2);
    expect(storedRows(t)).toBe(2);

    const second = start(t);
    const overview = await second.handlers['stats.overview']({ media: 'all' });
    expect(await second.handlers['stats.years']({})).toStrictEqual(years);
    expect(second.jobs()).toBe(0);
    expect(overview).toStrictEqual(computed);
    expect(overview).toStrictEqual(fresh.overview);
    expect(years).toStrictEqual({ years: fresh.years });
    // Each question has its own answer: films only is computed, then stored too.
    const films = await second.handlers['stats.overview']({ media: 'movie', from: '2010-01-01' });
    expect(films).toStrictEqual(t.stats.overview({ media: 'movie', from: '2010-01-01' }));
    expect(second.jobs()).toBe(1);
  });

  it('a play, a fact or a rating changed on any connection, another day or zone: computed again', async () => {
    temp = tempStats({ now: NOW });
    const t = temp;
    history(t);
    const ask = async (): Promise<number> => {
      const s = start(t);
      const overview = await s.handlers['stats.overview']({ media: 'all' });
      expect(overview).toStrictEqual(t.stats.overview({ media: 'all' }));
      return s.jobs();
    };
    expect(await ask()).toBe(1);
    expect(await ask()).toBe(0);

    const other = new Database(t.file);
    other
      .prepare("UPDATE watch_plays SET watched_at = watched_at - 1 WHERE media_type = 'movie'")
      .run();
    other.close();
    expect(await ask()).toBe(1);
    expect(await ask()).toBe(0);
    addPlay(t.db, { series: 8, season: 2, episode: 1, at: NOW - 2 * DAY });
    expect(await ask()).toBe(1);
    expect(await ask()).toBe(0);

    // A failed fetch of a title without facts (series 9 has none) notes only that it was tried.
    addPlay(t.db, { series: 9, season: 1, episode: 1, at: NOW - 3 * DAY });
    expect(await ask()).toBe(1);
    t.store.facts.markFailed({ mediaType: 'tv', id: 9 }, NOW, 'offline');
    expect(storedRows(t)).toBe(1);
    expect(await ask()).toBe(0);
    t.store.facts.markFailed({ mediaType: 'tv', id: 8 }, NOW, 'offline');
    expect(await ask()).toBe(0);
    t.store.facts.save(facts('movie', 101, { title: 'Renamed' }), NOW);
    expect(await ask()).toBe(1);
    rate(t.db, 'movie', 102, 3);
    expect(await ask()).toBe(1);
    // Another collection than the ratings is nothing the stats read.
    t.db
      .prepare(
        "INSERT INTO collection_entries (collection, media_type, media_id, added_at) VALUES ('watchlist', 'movie', 5, 1)",
      )
      .run();
    expect(await ask()).toBe(0);

    // The current streak counts to today: the next day computes again, as does another zone.
    t.clock.now += DAY;
    expect(await ask()).toBe(1);
    t.zone.name = 'Asia/Tokyo';
    expect(await ask()).toBe(1);
    expect(await ask()).toBe(0);
  });

  it('says whether the fill runs as it is now, and stores nothing computed before another commit', async () => {
    temp = tempStats({ now: NOW });
    const t = temp;
    history(t);
    const filling = { now: false };
    await start(t, filling).handlers['stats.overview']({ media: 'all' });
    filling.now = true;
    const later = start(t, filling);
    const overview = await later.handlers['stats.overview']({ media: 'all' });
    expect(later.jobs()).toBe(0);
    expect(overview.coverage.filling).toBe(true);

    // A play committed by another connection while the worker computes: its answer may predate it.
    t.db.prepare('DELETE FROM stats_answers').run();
    start(t);
    const slow = {
      statsOverview: (query: { media: 'all' }) => {
        const other = new Database(t.file);
        other
          .prepare("DELETE FROM watch_plays WHERE media_type = 'movie' AND media_id = 116")
          .run();
        other.close();
        return Promise.resolve(t.stats.overview(query));
      },
    } as unknown as HeavyWork;
    const service = serviceOver(t);
    await statsHandlers(() =>
      Promise.resolve({ stats: service, libraryProblem: null, heavy: slow }),
    )['stats.overview']({ media: 'all' });
    expect(storedRows(t)).toBe(0);
  });

  it('stores an answer when only what the stats do not read was committed while it was computed', async () => {
    temp = tempStats({ now: NOW });
    const t = temp;
    history(t);
    start(t);
    // Start-up's other work commits meanwhile (a failed facts fetch, a watchlist entry).
    const busy = {
      statsOverview: (query: { media: 'all' }) => {
        const other = new Database(t.file);
        other
          .prepare(
            "INSERT INTO collection_entries (collection, media_type, media_id, added_at) VALUES ('watchlist', 'movie', 6, 1)",
          )
          .run();
        other.close();
        t.store.facts.markFailed({ mediaType: 'tv', id: 9 }, NOW, 'offline');
        return Promise.resolve(t.stats.overview(query));
      },
    } as unknown as HeavyWork;
    const service = serviceOver(t);
    const computed = await statsHandlers(() =>
      Promise.resolve({ stats: service, libraryProblem: null, heavy: busy }),
    )['stats.overview']({ media: 'all' });
    expect(storedRows(t)).toBe(1);
    const next = start(t);
    expect(await next.handlers['stats.overview']({ media: 'all' })).toStrictEqual(computed);
    expect(next.jobs()).toBe(0);
  });

  it('a later computation of the same question claims it again: the earlier one stores nothing', () => {
    temp = tempStats({ now: NOW });
    const t = temp;
    history(t);
    const service = serviceOver(t);
    const key = service.answerKey('stats.overview', { media: 'all' });
    const first = service.claim(key);
    const second = service.claim(key);
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(service.has(key)).toBe(false);
    expect(service.stored(key)).toBeUndefined();
    service.keep(key, { answer: 'first' }, first ?? '');
    expect(service.has(key)).toBe(false);
    service.keep(key, { answer: 'second' }, second ?? '');
    expect(service.stored(key)).toEqual({ answer: 'second' });
    // A play changed after a claim drops it: what was computed before is not stored.
    const third = service.claim(key);
    addPlay(t.db, { movie: 100, at: NOW - 9 * DAY });
    service.keep(key, { answer: 'third' }, third ?? '');
    expect(service.has(key)).toBe(false);
    expect(storedRows(t)).toBe(0);
  });

  it('twenty calls at once read the stored answer once', async () => {
    temp = tempStats({ now: NOW });
    const t = temp;
    history(t);
    await start(t).handlers['stats.overview']({ media: 'all' });
    // A new start: the library opened again, the stats over it.
    start(t);
    const service = serviceOver(t);
    let reads = 0;
    const counted: StatsService = {
      ...service,
      stored: (key) => {
        reads += 1;
        return service.stored(key);
      },
    };
    const handlers = statsHandlers(() =>
      Promise.resolve({ stats: counted, libraryProblem: null, heavy: countingWorker(t).heavy }),
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        Promise.resolve(handlers['stats.overview']({ media: 'all' })),
      ),
    );
    expect(reads).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    // A change committed since: read again.
    addPlay(t.db, { movie: 100, at: NOW - 5 * DAY });
    await handlers['stats.overview']({ media: 'all' });
    expect(reads).toBe(2);
  });
});
