import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Change } from '../changes/types';
import type {
  InboxRead,
  PlaysAdded,
  PlaysRemoved,
  SeriesFollow,
  SeriesHidden,
  SeriesSnooze,
  SeriesSpecials,
} from './changes';
import { createBackupStore } from '../import/store/backup';
import { createTrackingStore } from './store';
import {
  changeRows,
  FILM,
  NOW,
  recordedWrites,
  SERIES,
  settle,
  storedTracking,
  type RecordedWrites,
} from './testing/recorded-writes';

/*
 * What the change log is for: another computer replays it. The records name plays by uid, series
 * by TMDB id and inbox items by what they announce, so replaying them into a second library that
 * holds the same TMDB data gives the same tracking data. A write that changes nothing records
 * nothing, and a change made inside someone else's transaction is announced once that one ends.
 */
describe('the tracking change log', () => {
  let here: RecordedWrites;
  let there: RecordedWrites;

  beforeEach(() => {
    here = recordedWrites();
    there = recordedWrites();
  });
  afterEach(async () => {
    await here.close();
    await there.close();
  });

  /** Applies one recorded change to another library, by its stable keys only. */
  const replay = (into: RecordedWrites, change: Change): void => {
    const store = createTrackingStore(into.t.db);
    const now = into.t.clock.now;
    const series = change.data as { seriesId: number };
    if (change.kind.startsWith('series.')) store.series.ensure(series.seriesId, now);
    switch (change.kind) {
      case 'plays.add':
        store.plays.insert((change.data as PlaysAdded).plays, now);
        return;
      case 'plays.remove':
        for (const uid of (change.data as PlaysRemoved).uids)
          store.plays.remove({ kind: 'uid', uid }, now);
        return;
      case 'series.follow':
        store.series.setFollow(series.seriesId, (change.data as SeriesFollow).follow, now);
        return;
      case 'series.specials':
        store.series.setIncludeSpecials(
          series.seriesId,
          (change.data as SeriesSpecials).includeSpecials,
          now,
        );
        return;
      case 'series.hidden':
        store.series.setHidden(series.seriesId, (change.data as SeriesHidden).hidden, now);
        return;
      case 'series.snooze':
        store.series.setSnoozedUntil(series.seriesId, (change.data as SeriesSnooze).until, now);
        return;
      case 'inbox.read': {
        const { readAt, items } = change.data as InboxRead;
        const read = into.t.db.prepare(
          'UPDATE inbox SET read_at = ? WHERE dedupe_key = ? AND read_at IS NULL',
        );
        for (const i of items)
          read.run(
            readAt,
            i.kind === 'episode'
              ? `episode:${String(i.mediaId)}:${String(i.season)}:${String(i.episode)}`
              : `release:${String(i.mediaId)}:${String(i.region)}:${String(i.releaseType)}`,
          );
        return;
      }
      default:
        throw new Error(`no replay for ${change.kind}`);
    }
  };

  it('replays on another computer into the same tracking data', async () => {
    const call = here.call;
    await call('tracking.mark', { target: { scope: 'series', seriesId: SERIES } });
    await call('tracking.mark', { target: { scope: 'movie', movieId: FILM } });
    here.t.clock.now += 60_000;
    const undo = await call('tracking.unmark', {
      target: { scope: 'episode', seriesId: SERIES, season: 1, episode: 2 },
    });
    await call('tracking.restore', { plays: undo.removed });
    await call('tracking.unmark', { target: { scope: 'season', seriesId: SERIES, season: 2 } });
    await call('tracking.mark', {
      target: { scope: 'season', seriesId: SERIES, season: 2 },
      when: { kind: 'date', date: '2025-03-01' },
    });
    await call('tracking.setFollow', { seriesId: SERIES, follow: 'unfollow' });
    await call('tracking.setIncludeSpecials', { seriesId: SERIES, includeSpecials: true });
    await call('tracking.setHidden', { seriesId: SERIES, hidden: true });
    await call('tracking.snooze', { seriesId: SERIES, until: NOW + 86_400_000 });
    const first = here.service.tracking.inbox({ unreadOnly: true })[0]?.id ?? 0;
    await call('tracking.markRead', { ids: [first] });
    here.t.clock.now += 60_000;
    await call('tracking.markRead', { ids: 'all' });

    const log = here.t.changes.since(0);
    expect(log.map((c) => c.kind)).toEqual([
      'plays.add',
      'plays.add',
      'plays.remove',
      'plays.add',
      'plays.remove',
      'plays.add',
      'series.follow',
      'series.specials',
      'series.hidden',
      'series.snooze',
      'inbox.read',
      'inbox.read',
    ]);
    // Nothing local: no inbox row id, and every play by its uid.
    const read = log.filter((c) => c.kind === 'inbox.read').map((c) => c.data as InboxRead);
    // The inbox lists the newest first: the film's release, then the episode.
    expect(read.flatMap((r) => r.items)).toEqual([
      { kind: 'release', mediaId: FILM, season: null, episode: null, releaseType: 3, region: 'US' },
      {
        kind: 'episode',
        mediaId: SERIES,
        season: 2,
        episode: 2,
        releaseType: null,
        region: null,
      },
    ]);
    expect((log[2]?.data as PlaysRemoved).uids).toEqual(undo.removed.map((p) => p.uid));

    for (const change of log) replay(there, change);
    expect(storedTracking(there.t.db)).toEqual(storedTracking(here.t.db));
  });

  it('records and announces nothing for a write that changes nothing, and replies so', async () => {
    const call = here.call;
    await call('tracking.mark', { target: { scope: 'season', seriesId: SERIES, season: 1 } });
    await call('tracking.setFollow', { seriesId: SERIES, follow: 'follow' });
    await call('tracking.markRead', { ids: 'all' });
    const rows = changeRows(here.t.db);
    here.announced.length = 0;

    const again = await call('tracking.mark', {
      target: { scope: 'season', seriesId: SERIES, season: 1 },
    });
    expect(again).toMatchObject({ added: [], changes: [] });
    expect(again.progress).toMatchObject({ seriesId: SERIES, watched: 3 });
    expect(again.upNext?.episode).toMatchObject({ season: 2, episode: 1 });
    expect(
      await call('tracking.unmark', { target: { scope: 'season', seriesId: SERIES, season: 2 } }),
    ).toMatchObject({ removed: [], changes: [] });
    expect(await call('tracking.restore', { plays: [] })).toEqual({ restored: 0, changes: [] });
    expect(await call('tracking.setFollow', { seriesId: SERIES, follow: 'follow' })).toMatchObject({
      changes: [],
    });
    expect(await call('tracking.markRead', { ids: 'all' })).toEqual({ unread: 0, changes: [] });
    await settle();
    expect(changeRows(here.t.db)).toEqual(rows);
    expect(here.announced).toEqual([]);
  });

  it('announces a change made in a transaction it joined once that commits, never if it rolls back', async () => {
    const { t, service, announced } = here;
    const plays = (await here.call('tracking.mark', { target: { scope: 'movie', movieId: FILM } }))
      .added;
    service.unmark({ scope: 'movie', movieId: FILM }, {});
    announced.length = 0;

    let during = -1;
    t.db.transaction(() => {
      service.restore(plays);
      during = announced.length;
    })();
    expect(during).toBe(0);
    await settle();
    expect(announced).toMatchObject([{ movieIds: [FILM], committed: true, sameAsWriter: true }]);

    service.unmark({ scope: 'movie', movieId: FILM }, {});
    announced.length = 0;
    const rows = changeRows(t.db);
    expect(() => {
      t.db.transaction(() => {
        service.restore(plays);
        throw new Error('the import stopped');
      })();
    }).toThrow('the import stopped');
    await settle();
    expect(announced).toEqual([]);
    expect(changeRows(t.db)).toEqual(rows);
  });
  it('records a backup’s series settings and inbox reads as changes that replay, and nothing the second time', async () => {
    const call = here.call;
    await call('tracking.setFollow', { seriesId: SERIES, follow: 'unfollow' });
    await call('tracking.setHidden', { seriesId: SERIES, hidden: true });
    await call('tracking.snooze', { seriesId: SERIES, until: NOW + 86_400_000 });
    await call('tracking.markRead', { ids: 'all' });
    const backup = createBackupStore(here.t.db);
    const series = backup.seriesSettings();
    const inbox = backup.inbox();
    expect(inbox.every((item) => item.readAt !== null)).toBe(true);

    there.announced.length = 0;
    const restored = [
      ...there.service.tracking.restoreSeries(series).changes,
      ...there.service.tracking.restoreInbox(inbox).changes,
    ];
    await settle();
    const log = there.t.changes.since(0);
    expect(log.map((c) => c.kind)).toEqual([
      'series.follow',
      'series.hidden',
      'series.snooze',
      'inbox.read',
    ]);
    expect(restored).toEqual(log.map((c) => c.id));
    expect(there.announced.map((a) => a.changes)).toEqual(log.map((c) => [c.id]));
    expect(storedTracking(there.t.db)).toEqual(storedTracking(here.t.db));

    // Another computer replaying the restore's changes ends with the same data.
    const third = recordedWrites();
    try {
      for (const change of log) replay(third, change);
      expect(storedTracking(third.t.db)).toEqual(storedTracking(there.t.db));
    } finally {
      await third.close();
    }

    // Restoring the same backup again changes nothing, so records nothing.
    const rows = changeRows(there.t.db);
    expect(there.service.tracking.restoreSeries(series).changes).toEqual([]);
    expect(there.service.tracking.restoreInbox(inbox)).toEqual({ added: 0, read: 0, changes: [] });
    expect(changeRows(there.t.db)).toEqual(rows);
  });
});
