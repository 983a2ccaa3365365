import { CodedError } from '../../src-shared/ipc/errors';
import type { ChangePath } from '../changes/change-path';
import { inboxRead, seriesSet, type InboxRead } from './changes';
import type { Recorded } from './history';
import type { TrackingStore } from './store';
import type { RestoredInboxItem } from './store/inbox';
import type { SeriesState } from './store/series';
import type { FollowState } from './types';

export interface SeriesWritesDeps {
  store: TrackingStore;
  clock: () => number;
  changes: ChangePath;
  /** Makes the series' row if needed, and has Up Next read it again. */
  ensured: (seriesId: number) => void;
}

/**
 * The writes of a series' settings and of the inbox's read state: each validates, writes in one
 * transaction of the change path and records one change, or none when it changes nothing.
 */
export interface SeriesWrites {
  setFollow(seriesId: number, follow: FollowState): Recorded;
  setIncludeSpecials(seriesId: number, on: boolean): Recorded;
  setHidden(seriesId: number, hidden: boolean): Recorded;
  /** Hides the series from Up Next until `until` (ms); null ends the snooze. */
  snooze(seriesId: number, until: number | null): Recorded;
  /** Reads the unread items among these local ids (or all). */
  markRead(ids: readonly number[] | 'all'): Recorded & { read: number };
  /** A backup's series settings, each setting that differs written and recorded as above. */
  restoreSeries(rows: readonly RestoredSeries[]): Recorded;
  /**
   * A backup's inbox: new items added (an item is no change: each computer makes its own), and
   * those the backup read read here, one `inbox.read` per time they were read.
   */
  restoreInbox(rows: readonly RestoredInboxItem[]): Recorded & { added: number; read: number };
}

/** A series' settings as a backup keeps them. */
export interface RestoredSeries {
  seriesId: number;
  follow: FollowState;
  includeSpecials: boolean;
  hidden: boolean;
  snoozedUntil: number | null;
}

type SeriesSettings = Pick<SeriesState, 'follow' | 'includeSpecials' | 'hidden' | 'snoozedUntil'>;

const invalid = (message: string): CodedError => new CodedError('invalid_input', message);

export function createSeriesWrites(deps: SeriesWritesDeps): SeriesWrites {
  const { store, clock, changes } = deps;

  /**
   * One setting's write: the series' row is made (a row with the defaults is no change of the
   * user's), and the value written and recorded only when it differs from the stored one.
   */
  const setting = (
    seriesId: number,
    same: (stored: SeriesSettings) => boolean,
    write: (now: number) => string,
  ): Recorded => {
    if (!Number.isSafeInteger(seriesId) || seriesId <= 0) throw invalid('Not a series id.');
    return changes.write(() => {
      deps.ensured(seriesId);
      const row = store.series.get(seriesId);
      const stored: SeriesSettings = {
        follow: row?.follow ?? 'none',
        includeSpecials: row?.includeSpecials ?? false,
        hidden: row?.hidden ?? false,
        snoozedUntil: row?.snoozedUntil ?? null,
      };
      return { changes: same(stored) ? [] : [write(clock())] };
    });
  };

  const writes: SeriesWrites = {
    setFollow: (seriesId, follow) => {
      if (!['none', 'follow', 'unfollow'].includes(follow))
        throw invalid(`Not a follow: ${follow}`);
      return setting(
        seriesId,
        (s) => s.follow === follow,
        (now) => {
          store.series.setFollow(seriesId, follow, now);
          return changes.record(seriesSet({ kind: 'series.follow', seriesId, follow })).id;
        },
      );
    },
    setIncludeSpecials: (seriesId, on) =>
      setting(
        seriesId,
        (s) => s.includeSpecials === on,
        (now) => {
          store.series.setIncludeSpecials(seriesId, on, now);
          return changes.record(
            seriesSet({ kind: 'series.specials', seriesId, includeSpecials: on }),
          ).id;
        },
      ),
    setHidden: (seriesId, hidden) =>
      setting(
        seriesId,
        (s) => s.hidden === hidden,
        (now) => {
          store.series.setHidden(seriesId, hidden, now);
          return changes.record(seriesSet({ kind: 'series.hidden', seriesId, hidden })).id;
        },
      ),
    snooze: (seriesId, until) => {
      if (until !== null && (!Number.isFinite(until) || until < 0))
        throw invalid('Snooze until a time, or null to end it.');
      return setting(
        seriesId,
        (s) => s.snoozedUntil === until,
        (now) => {
          store.series.setSnoozedUntil(seriesId, until, now);
          return changes.record(seriesSet({ kind: 'series.snooze', seriesId, until })).id;
        },
      );
    },
    markRead: (ids) =>
      changes.write(() => {
        const readAt = clock();
        const items = store.inbox.markRead(ids, readAt);
        return {
          read: items.length,
          changes: items.length > 0 ? [changes.record(inboxRead({ readAt, items })).id] : [],
        };
      }),
    restoreSeries: (rows) =>
      changes.write(() => ({
        changes: rows.flatMap((r) => [
          ...writes.setFollow(r.seriesId, r.follow).changes,
          ...writes.setIncludeSpecials(r.seriesId, r.includeSpecials).changes,
          ...writes.setHidden(r.seriesId, r.hidden).changes,
          ...writes.snooze(r.seriesId, r.snoozedUntil).changes,
        ]),
      })),
    restoreInbox: (rows) =>
      changes.write(() => {
        const { added, read } = store.inbox.restore(rows);
        const byTime = new Map<number, InboxRead['items']>();
        for (const { readAt, item } of read) {
          const items = byTime.get(readAt);
          if (items) items.push(item);
          else byTime.set(readAt, [item]);
        }
        const recorded = [...byTime].map(
          ([readAt, items]) => changes.record(inboxRead({ readAt, items })).id,
        );
        return { added, read: read.length, changes: recorded };
      }),
  };
  return writes;
}
