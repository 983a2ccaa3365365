import type { ChangePath } from '../changes/change-path';
import type { BackupStore } from '../import/store/backup';
import { inboxRead, playsAdded, seriesSet } from '../tracking/changes';
import type { InboxKey } from '../tracking/changes';
import type { Play, ReleaseType } from '../tracking/types';

/**
 * History kept before Marquee recorded changes (and anything a library holds without a change
 * record, such as a library restored from an old backup file) has nothing for the sync folder to
 * carry. When this computer first syncs, its whole tracking data is recorded once as changes: every
 * play by uid (plays are a set, so a play recorded twice is one play), every series setting that
 * differs from the default, and every inbox item read. Then a second computer gets all of it, and
 * a computer joining with its own earlier history brings it along, merged rather than replaced.
 */
export interface BaselineDeps {
  changes: ChangePath;
  store: Pick<BackupStore, 'seriesSettings' | 'inbox'>;
  /** Up to `limit` plays after the uid `after` (from the first when null), by uid. */
  plays(after: string | null, limit: number): Play[];
  /** Lets the event loop run between two transactions. */
  pause: () => Promise<void>;
  pageSize?: number;
}

export interface BaselineResult {
  plays: number;
  settings: number;
  read: number;
  changes: number;
}

/** A release's region is the third part of its inbox key (`release:<id>:<region>:<type>`). */
function keyOf(row: ReturnType<BackupStore['inbox']>[number]): InboxKey {
  return {
    kind: row.kind,
    mediaId: row.mediaId,
    season: row.season,
    episode: row.episode,
    releaseType: row.releaseType as ReleaseType | null,
    region: row.kind === 'release' ? (row.key.split(':')[2] ?? null) : null,
  };
}

export async function recordBaseline(deps: BaselineDeps): Promise<BaselineResult> {
  const { changes } = deps;
  const size = deps.pageSize ?? 1_000;
  const result: BaselineResult = { plays: 0, settings: 0, read: 0, changes: 0 };
  // By uid from where the last page ended: each page costs the same, however long the history.
  for (let after: string | null = null; ;) {
    const plays = deps.plays(after, size);
    if (plays.length > 0) {
      changes.write(() => changes.record(playsAdded(plays)));
      result.plays += plays.length;
      result.changes += 1;
    }
    if (plays.length < size) break;
    after = plays[plays.length - 1]?.uid ?? null;
    await deps.pause();
  }
  await deps.pause();
  changes.write(() => {
    for (const row of deps.store.seriesSettings()) {
      const { seriesId } = row;
      const settings = [
        row.follow !== 'none' && seriesSet({ kind: 'series.follow', seriesId, follow: row.follow }),
        row.includeSpecials &&
          seriesSet({ kind: 'series.specials', seriesId, includeSpecials: true }),
        row.hidden && seriesSet({ kind: 'series.hidden', seriesId, hidden: true }),
        row.snoozedUntil !== null &&
          seriesSet({ kind: 'series.snooze', seriesId, until: row.snoozedUntil }),
      ];
      for (const change of settings) {
        if (change === false) continue;
        changes.record(change);
        result.settings += 1;
        result.changes += 1;
      }
    }
  });
  await deps.pause();
  const read = deps.store.inbox().filter((row) => row.readAt !== null);
  for (let i = 0; i < read.length; i += size) {
    const rows = read.slice(i, i + size);
    const readAt = Math.max(...rows.map((r) => r.readAt ?? 0));
    changes.write(() => changes.record(inboxRead({ readAt, items: rows.map(keyOf) })));
    result.read += rows.length;
    result.changes += 1;
  }
  return result;
}
