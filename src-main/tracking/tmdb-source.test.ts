import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCatalogue, type Catalogue } from '../../catalogue';
import { createTmdbClient } from '../tmdb/client';
import { addDays } from './dates';
import { RefreshScheduler } from './scheduler';
import { collect, tempTracking, type TempTracking } from './testing/temp-tracking';
import { tmdbTrackingSource } from './tmdb-source';
import type { InboxItem } from './types';

const DAY = 86_400_000;
const blind = Array.from({ length: 20 }, (_, i) => i);

/** The tracking domain and its scheduler against the demo catalogue, on the catalogue's clock. */
describe('refreshing from TMDB (the demo catalogue)', () => {
  let catalogue: Catalogue;
  let t: TempTracking;
  let online: boolean;
  let inbox: InboxItem[];
  let scheduler: RefreshScheduler;

  const start = async (options: Parameters<typeof startCatalogue>[0] = {}): Promise<void> => {
    catalogue = await startCatalogue({ titles: 600, messy: false, ...options });
    t = tempTracking({ now: catalogue.clock.now() });
    online = true;
    inbox = [];
    const client = createTmdbClient({
      apiBase: catalogue.apiBase,
      credentials: () => ({ accessToken: catalogue.accessToken }),
      // Retries wait for nothing here: the test is about what is asked, not how long it takes.
      sleep: () => Promise.resolve(),
    });
    scheduler = new RefreshScheduler({
      target: t.tracking.refresh,
      source: tmdbTrackingSource(client),
      clock: () => catalogue.clock.now(),
      every: () => () => undefined,
      online: () => online,
      onOnline: () => () => undefined,
      onProgress: () => undefined,
      onInbox: (items) => inbox.push(...items),
      unread: () => t.tracking.unreadCount(),
      log: { info: () => undefined, warn: () => undefined },
    });
  };
  const advance = (ms: number): void => {
    catalogue.clock.advance(ms);
    t.clock.now = catalogue.clock.now();
  };

  afterEach(async () => {
    scheduler.stop();
    t.cleanup();
    await catalogue.close();
  });

  describe('clean data', () => {
    beforeEach(async () => {
      await start();
    });

    it('stores a series and all its seasons from one request', async () => {
      const [id] = catalogue.data.picks.airingThisWeek;
      const series = await tmdbTrackingSource(
        createTmdbClient({
          apiBase: catalogue.apiBase,
          credentials: () => ({ accessToken: catalogue.accessToken }),
        }),
      ).series(id ?? 0, blind);
      expect(series.kind).toBe('ok');
      if (series.kind !== 'ok') return;
      const listed = series.value.seasons.map((s) => s.season);
      expect([...series.value.episodes.keys()].sort((a, b) => a - b)).toEqual(listed);
      for (const s of series.value.seasons)
        expect(series.value.episodes.get(s.season)).toHaveLength(s.episodeCount);
      expect(catalogue.requests.total).toBe(1);
    });

    it('refreshes followed series once each, and asks nothing while offline', async () => {
      const ids = catalogue.data.picks.airingThisWeek.slice(0, 4);
      for (const id of ids) collect(t.db, 'watchlist', 'tv', id);
      online = false;
      expect(await scheduler.run()).toMatchObject({ outcome: 'offline' });
      expect(catalogue.requests.total).toBe(0);
      online = true;
      expect(await scheduler.run()).toMatchObject({ done: 4, failed: 0, requests: 4 });
      expect(catalogue.requests.count(/^\/3\/tv\/\d+$/)).toBe(4);
      for (const p of t.tracking.progressMany(ids)) {
        expect(p.aired).toBeGreaterThan(0);
        expect(p.status).toBe('returning');
      }
      // Airing this week: episodes in the calendar, aired and to come.
      expect(t.tracking.calendar().events.length).toBeGreaterThanOrEqual(4);
    });

    it('rides out 429s (with and without Retry-After) inside the client, losing no series', async () => {
      catalogue.faults.set([
        { kind: 'rate_limit', next: 2, retryAfter: 0, path: '/3/tv/' },
        { kind: 'rate_limit', every: 3, path: '/3/tv/' },
      ]);
      const ids = catalogue.data
        .sortedBy('tv', 'popularity')
        .slice(0, 6)
        .map((s) => s.id);
      for (const id of ids) t.tracking.setFollow(id, 'follow');
      const result = await scheduler.run();
      expect(result).toMatchObject({ done: 6, failed: 0 });
      expect(catalogue.faults.fired.rate_limit).toBeGreaterThan(0);
      expect(catalogue.requests.total).toBe(6 + catalogue.faults.fired.rate_limit);
      expect(t.tracking.progressMany(ids).every((p) => p.name !== null)).toBe(true);
    });

    it('announces an episode that airs after the follow, once, as the catalogue’s clock moves', async () => {
      const [id] = catalogue.data.picks.airingThisWeek;
      collect(t.db, 'watchlist', 'tv', id ?? 0);
      await scheduler.run();
      expect(inbox).toEqual([]);
      for (let day = 0; day < 8; day++) {
        advance(DAY);
        await scheduler.run();
      }
      expect(inbox.length).toBeGreaterThanOrEqual(1);
      expect(inbox.every((i) => i.mediaId === id && i.kind === 'episode')).toBe(true);
      const keys = inbox.map((i) => `${i.season}x${i.episode}`);
      expect(new Set(keys).size).toBe(keys.length);
    });

    it('stores a watchlist film’s release dates by country and type', async () => {
      const [film] = catalogue.data.picks.upcomingFilms;
      collect(t.db, 'watchlist', 'movie', film ?? 0);
      await scheduler.run();
      expect(catalogue.requests.count(`/3/movie/${film}`)).toBe(1);
      const today = t.tracking.today();
      const events = t.tracking.calendar({ from: today, to: addDays(today, 365) }).events;
      expect(events.some((e) => e.kind === 'release' && e.movieId === film)).toBe(true);
    });
  });

  it('copes with messy data: a 404 marks the series gone, history kept; the rest refresh', async () => {
    await start({ messy: true, demoLibrary: false });
    const [gone] = catalogue.data.messy.vanishedIds.tv;
    t.tracking.mark({ scope: 'episode', seriesId: gone ?? 0, season: 1, episode: 1 });
    const others = catalogue.data
      .sortedBy('tv', 'popularity')
      .slice(0, 40)
      .map((s) => s.id);
    for (const id of others) t.tracking.setFollow(id, 'follow');
    const result = await scheduler.run();
    expect(result).toMatchObject({ failed: 0 });
    expect(t.tracking.progress(gone ?? 0)).toMatchObject({
      gone: true,
      refreshError: 'Removed from TMDB',
    });
    expect(t.tracking.plays({ scope: 'series', seriesId: gone ?? 0 })).toHaveLength(1);
    const refreshed = t.tracking.progressMany(others).filter((p) => !p.gone);
    expect(refreshed.every((p) => p.aired + p.watched >= 0 && p.name !== null)).toBe(true);
  });
});
