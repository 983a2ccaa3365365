import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTrackingStore, type TrackingStore } from './store';
import {
  domainOver,
  seriesSnapshot,
  tempTracking,
  weekly,
  type TempTracking,
} from './testing/temp-tracking';
import type { Tracking } from './tracking';

/*
 * When no progress summary is stored (after a restore, an import or a first sync dropped them
 * all), a window's Up Next computes them a slice of series at a time with the event loop's turn
 * in between, so other calls are answered meanwhile, and the answer is Up Next's as ever.
 */
const NOW = Date.UTC(2025, 2, 10, 12);
const SERIES = 250;

/** The same library, with nothing stored, counting how many series each summary read covers. */
function computing(t: TempTracking, reads: number[]): Tracking {
  const base = createTrackingStore(t.db);
  const store: TrackingStore = {
    ...base,
    summaries: { all: () => [], save: () => false, dataVersion: () => 0 },
    series: {
      ...base.series,
      episodeKeysOf: (ids) => {
        reads.push(ids.length);
        return base.series.episodeKeysOf(ids);
      },
    },
  };
  return domainOver(t, store);
}

describe('Up Next for a window when no summary is stored', () => {
  let t: TempTracking;
  beforeEach(() => {
    t = tempTracking({ now: NOW });
    for (let id = 1; id <= SERIES; id++) {
      t.tracking.refresh.applySeries(
        seriesSnapshot(id, [{ season: 1, airDates: weekly('2024-09-02', 6) }]),
        true,
      );
      t.tracking.mark(
        { scope: 'episode', seriesId: id, season: 1, episode: 1 },
        { when: { kind: 'at', at: NOW - id * 60_000 } },
      );
    }
  });
  afterEach(() => {
    t.cleanup();
  });

  it('computes the summaries a slice at a time, answering other calls in between', async () => {
    const reads: number[] = [];
    const tracking = computing(t, reads);
    let finished = false;
    const answered: boolean[] = [];
    const pending = tracking.upNextInSlices().then((items) => {
      finished = true;
      return items;
    });
    const other = (): void => {
      answered.push(finished);
      if (answered.length < 5) setImmediate(other);
    };
    setImmediate(other);
    const items = await pending;
    expect(reads).toEqual([100, 100, 50]);
    expect(answered.filter((done) => !done).length).toBeGreaterThanOrEqual(1);
    const all = computing(t, []).upNext();
    expect(items).toEqual(all);
    expect(items).toHaveLength(SERIES);
  });

  it('reads in one go once the summaries are in memory', async () => {
    const reads: number[] = [];
    const tracking = computing(t, reads);
    await tracking.upNextInSlices();
    reads.length = 0;
    expect(await tracking.upNextInSlices({ limit: 10 })).toHaveLength(10);
    expect(reads).toEqual([]);
  });
});
