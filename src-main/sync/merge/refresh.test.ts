import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTrackingStore } from '../../tracking/store';
import {
  recordedWrites,
  SERIES,
  settle,
  type RecordedWrites,
} from '../../tracking/testing/recorded-writes';
import { createMerge } from './merge';
import { createMergeStore } from './store/merge-store';
import { device, type Device } from './testing/devices';

/*
 * Changes merged from another computer reach the window as its own do: progress and Up Next read
 * the library again, and `tracking.changed` names the series, once per chunk, after it committed.
 */
describe('a merge as the window sees it', () => {
  let here: RecordedWrites;
  let there: Device;
  beforeEach(() => {
    here = recordedWrites();
    there = device('there', { now: here.t.clock.now });
  });
  afterEach(async () => {
    there.close();
    await here.close();
  });

  it('refreshes progress and announces the merged changes once they committed', async () => {
    const merge = createMerge({
      changes: here.t.changes,
      store: createMergeStore(here.t.db),
      tracking: createTrackingStore(here.t.db),
      clock: () => here.t.clock.now,
    });
    expect(here.service.tracking.progress(SERIES)).toMatchObject({ watched: 0 });
    expect(here.service.tracking.upNext()).toEqual([]);

    there.tracking.mark({ scope: 'episode', seriesId: SERIES, season: 1, episode: 1 });
    there.tracking.mark({ scope: 'episode', seriesId: SERIES, season: 1, episode: 2 });
    const changes = there.own();
    here.announced.length = 0;
    await merge.merge(changes);
    await settle();

    expect(here.announced).toEqual([
      {
        seriesIds: [SERIES],
        movieIds: [],
        changes: changes.map((c) => c.id),
        committed: true,
        sameAsWriter: true,
      },
    ]);
    expect(here.service.tracking.progress(SERIES)).toMatchObject({ watched: 2 });
    expect(here.service.tracking.upNext().map((u) => u.episode)).toMatchObject([
      { season: 1, episode: 3 },
    ]);
    there.tracking.setHidden(SERIES, true);
    await merge.merge(there.own());
    expect(here.service.tracking.upNext()).toEqual([]);

    // Read again, nothing is new and nothing is announced.
    here.announced.length = 0;
    expect((await merge.merge(changes)).adopted).toEqual([]);
    await settle();
    expect(here.announced).toEqual([]);
  });
});
