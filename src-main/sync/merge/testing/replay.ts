import type { SharedChange } from '../../../changes/types';
import type {
  InboxRead,
  PlaysAdded,
  PlaysRemoved,
  SeriesFollow,
  SeriesHidden,
  SeriesSnooze,
  SeriesSpecials,
} from '../../../tracking/changes';
import { episodeKey, releaseKey } from '../../../tracking/store/inbox';
import type { Device } from './devices';

/**
 * The plainest meaning of a change log, for checking the merge against: every change applied one
 * after the other in the order given, each as the computer that made it did. An add puts its plays
 * in (replacing one of the same uid), a removal takes them out, a setting is set, and an inbox item
 * is read by the first change that reads it.
 */
export function replayInOrder(into: Device, changes: readonly SharedChange[]): void {
  const { store, db } = into;
  const now = into.clock.now;
  const read = db.prepare('UPDATE inbox SET read_at = ? WHERE dedupe_key = ? AND read_at IS NULL');
  db.transaction(() => {
    for (const change of changes) {
      const series = (change.data as { seriesId: number }).seriesId;
      if (change.kind.startsWith('series.')) store.series.ensure(series, now);
      switch (change.kind) {
        case 'plays.add': {
          const { plays } = change.data as PlaysAdded;
          for (const p of plays) if (p.mediaType === 'episode') store.series.ensure(p.mediaId, now);
          store.plays.removeUids(
            plays.map((p) => p.uid),
            now,
          );
          store.plays.insert(plays, now);
          break;
        }
        case 'plays.remove': {
          const { uids, seriesIds } = change.data as PlaysRemoved;
          for (const id of seriesIds) store.series.ensure(id, now);
          store.plays.removeUids(uids, now);
          break;
        }
        case 'series.follow':
          store.series.setFollow(series, (change.data as SeriesFollow).follow, now);
          break;
        case 'series.specials':
          store.series.setIncludeSpecials(
            series,
            (change.data as SeriesSpecials).includeSpecials,
            now,
          );
          break;
        case 'series.hidden':
          store.series.setHidden(series, (change.data as SeriesHidden).hidden, now);
          break;
        case 'series.snooze':
          store.series.setSnoozedUntil(series, (change.data as SeriesSnooze).until, now);
          break;
        case 'inbox.read': {
          const { readAt, items } = change.data as InboxRead;
          for (const i of items)
            read.run(
              readAt,
              i.kind === 'episode'
                ? episodeKey(i.mediaId, i.season ?? 0, i.episode ?? 0)
                : releaseKey(i.mediaId, i.region ?? '', i.releaseType ?? 0),
            );
          break;
        }
      }
    }
  })();
}
