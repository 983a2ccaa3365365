import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collect, seriesSnapshot, tempTracking, type TempTracking } from './testing/temp-tracking';

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 2, 10, 12);

describe('inbox items shown as system notifications', () => {
  let t: TempTracking;
  beforeEach(() => {
    t = tempTracking({ now: NOW });
    const airDates = ['2025-03-10', '2025-03-11', '2025-03-12'];
    t.tracking.refresh.applySeries(seriesSnapshot(1, [{ season: 1, airDates }]), true);
    collect(t.db, 'watchlist', 'tv', 1);
    t.tracking.refresh.collectNotifications();
    t.clock.now = NOW + 2 * DAY;
    t.tracking.refresh.collectNotifications();
  });
  afterEach(() => {
    t.cleanup();
  });

  const stamps = (): Array<[number, number | null]> =>
    t.db
      .prepare<[], { id: number; os_notified_at: number | null }>(
        'SELECT id, os_notified_at FROM inbox ORDER BY id',
      )
      .all()
      .map((row) => [row.id, row.os_notified_at]);

  it('stamps exactly the items the shell showed, keeps them unread, and survives a restart', () => {
    const items = t.tracking.inbox();
    expect(items).toHaveLength(2);
    const first = items.find((item) => item.episode === 2);
    if (!first) throw new Error('no inbox item for 1x2');
    t.clock.now = NOW + 2 * DAY + 5_000;
    t.tracking.markOsNotified([first.id]);
    t.reopen();
    expect(stamps()).toEqual(
      items
        .map((item): [number, number | null] => [
          item.id,
          item.id === first.id ? NOW + 2 * DAY + 5_000 : null,
        ])
        .sort((a, b) => a[0] - b[0]),
    );
    expect(t.tracking.unreadCount()).toBe(2);
  });

  it('ignores ids that are not in the inbox', () => {
    t.tracking.markOsNotified([987_654]);
    expect(stamps().every(([, at]) => at === null)).toBe(true);
  });
});
