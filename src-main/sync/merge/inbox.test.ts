import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTrackingStore } from '../../tracking/store';
import {
  collect,
  seriesSnapshot,
  tempTracking,
  type TempTracking,
} from '../../tracking/testing/temp-tracking';
import { createMerge } from './merge';
import { createMergeStore } from './store/merge-store';

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 2, 10, 12); // 2025-03-10

/*
 * Each computer makes its own inbox items. One read on another computer before this one made it
 * is made read here, and is no news: no notification, no unread count.
 */
describe('an inbox item read on another computer first', () => {
  let t: TempTracking;
  beforeEach(() => {
    t = tempTracking({ now: NOW });
    t.tracking.refresh.applySeries(
      seriesSnapshot(1, [{ season: 1, airDates: ['2025-03-03', '2025-03-10', '2025-03-11'] }]),
      true,
    );
    collect(t.db, 'watchlist', 'tv', 1);
  });
  afterEach(() => {
    t.cleanup();
  });

  it('comes read when this computer makes it, and is not announced', async () => {
    expect(t.tracking.refresh.collectNotifications()).toEqual([]);
    const merge = createMerge({
      changes: t.changes,
      store: createMergeStore(t.db),
      tracking: createTrackingStore(t.db),
      clock: () => t.clock.now,
    });
    const readAt = NOW + DAY + 60_000;
    await merge.merge([
      {
        id: 'elsewhere-1',
        hlc: `${String(readAt)}-000000`,
        device: 'elsewhere',
        domain: 'inbox',
        kind: 'inbox.read',
        entity: 'inbox',
        data: {
          readAt,
          items: [
            {
              kind: 'episode',
              mediaId: 1,
              season: 1,
              episode: 3,
              releaseType: null,
              region: null,
            },
          ],
        },
      },
    ]);
    t.clock.now = NOW + 2 * DAY;
    expect(t.tracking.refresh.collectNotifications()).toEqual([]);
    expect(t.tracking.inbox()).toMatchObject([{ kind: 'episode', season: 1, episode: 3, readAt }]);
    expect(t.tracking.unreadCount()).toBe(0);
  });
});
