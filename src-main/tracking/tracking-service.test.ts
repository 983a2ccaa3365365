import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../base/log';
import { createTrackingStore } from './store';
import { FakeSource } from './testing/fake-source';
import { seriesSnapshot, tempTracking, type TempTracking } from './testing/temp-tracking';
import { createTrackingService, type TrackingService } from './tracking-service';
import type { TmdbClient } from '../tmdb/types';

const NOW = Date.UTC(2025, 2, 10, 12);
const noClient: TmdbClient = {
  request: () => Promise.reject(new Error('the fake source answers instead')),
};

describe('tracking service', () => {
  let t: TempTracking;
  let source: FakeSource;
  let online: boolean;
  let events: string[];
  let service: TrackingService;

  beforeEach(() => {
    t = tempTracking({ now: NOW });
    source = new FakeSource();
    online = true;
    events = [];
    service = createTrackingService({
      store: createTrackingStore(t.db),
      changes: t.changes,
      tmdb: noClient,
      source,
      clock: () => t.clock.now,
      timeZone: () => 'UTC',
      region: () => 'US',
      timers: { every: () => () => undefined },
      online: () => online,
      onOnline: () => () => undefined,
      log: silentLogger,
      emit: {
        inbox: (items, unread) => events.push(`inbox ${items.length} ${unread}`),
        refresh: (p) => events.push(`refresh ${p.running} ${p.done}/${p.total}`),
        changed: (series, movies, changes) =>
          events.push(`changed ${series.join(',')}|${movies.join(',')}|${changes.length}`),
      },
    });
    source.seriesAnswers.set(
      5,
      seriesSnapshot(5, [{ season: 1, airDates: ['2025-01-01', '2025-01-08', '2025-04-01'] }]),
    );
  });
  afterEach(async () => {
    service.close();
    await service.idle();
    t.cleanup();
  });

  it('fetches a series it never stored before marking "up to here", then answers with Up Next', async () => {
    const { added, upNext } = await service.mark(
      { scope: 'upTo', seriesId: 5, season: 1, episode: 1 },
      { when: { kind: 'now' } },
    );
    expect(source.calls).toHaveLength(1);
    expect(added.map((p) => p.episode)).toEqual([1]);
    expect(upNext?.episode).toMatchObject({ season: 1, episode: 2 });
    expect(events).toContain('changed 5||1');
  });

  it('marks offline without asking anything, and fetches later', async () => {
    online = false;
    const { added, upNext } = await service.mark(
      { scope: 'episode', seriesId: 5, season: 1, episode: 1 },
      { when: { kind: 'unknown' } },
    );
    expect(added).toHaveLength(1);
    expect(upNext).toBeNull();
    expect(source.calls).toEqual([]);
    online = true;
    expect(await service.refresh(5)).toMatchObject({ done: 1, total: 1 });
    // TMDB's data changed what is shown, not Marquee's own: announced without a change id.
    expect(events).toContain('changed 5||0');
    expect(service.tracking.upNextFor(5)?.episode.episode).toBe(2);
  });

  it('unmarks with the series’ new Up Next and restores with the same plays', async () => {
    await service.refresh(5);
    await service.mark({ scope: 'series', seriesId: 5 }, {});
    const { removed, upNext, progress, changes } = service.unmark(
      { scope: 'episode', seriesId: 5, season: 1, episode: 2 },
      {},
    );
    expect(removed).toHaveLength(1);
    expect(upNext?.episode.episode).toBe(2);
    expect(progress).toMatchObject({ seriesId: 5, watched: 1 });
    expect(changes).toHaveLength(1);
    expect(service.restore(removed)).toEqual({ restored: 1, changes: [expect.any(String)] });
    expect(service.tracking.upNextFor(5)).toBeNull();
  });

  it('reports a run’s progress and exports the calendar under a dated name', async () => {
    service.tracking.setFollow(5, 'follow');
    await service.refresh();
    expect(events).toContain('refresh true 0/1');
    expect(events).toContain('refresh false 1/1');
    expect(events).toContain('changed ||0');
    expect(service.status()).toEqual({
      refresh: { running: false, done: 1, total: 1, failed: 0 },
      unread: 0,
    });
    const file = service.exportIcs({});
    expect(file.filename).toBe('marquee-2025-03-03-to-2025-06-08.ics');
    expect(file.text).toContain('UID:episode-5-1-3@marquee');
  });
});
