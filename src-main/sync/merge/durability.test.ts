import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createChangePath } from '../../changes/change-path';
import { createChangeStore } from '../../changes/store/changes';
import { connect } from '../../db/connection';
import { migrate } from '../../db/migrate';
import { libraryMigrations } from '../../db/migrations/library';
import { createTrackingStore } from '../../tracking/store';
import { createMerge } from './merge';
import { createMergeStore } from './store/merge-store';
import { device, type Device } from './testing/devices';

/*
 * A merge in chunks syncs the disk once, with its last commit (which makes every earlier one
 * durable with it), and leaves the library's own setting as it found it.
 */
describe('a merge into a library on disk', () => {
  let dir: string;
  let db: Database.Database;
  let a: Device;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-merge-sync-'));
    db = connect(path.join(dir, 'library.db'), 'library');
    migrate(db, libraryMigrations);
    a = device('a');
  });
  afterEach(() => {
    a.close();
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const setting = (): unknown => db.pragma('synchronous', { simple: true });
  const checkpoint = (): unknown => db.pragma('wal_autocheckpoint', { simple: true });

  it('commits its chunks without a disk sync but the last, then puts the settings back', async () => {
    for (let ep = 1; ep <= 10; ep++)
      a.tracking.mark({ scope: 'episode', seriesId: 1, season: 1, episode: ep });
    const changes = createChangePath({ store: createChangeStore(db), clock: () => a.clock.now });
    const merge = createMerge({
      changes,
      store: createMergeStore(db),
      tracking: createTrackingStore(db),
      clock: () => a.clock.now,
      chunkSize: 4,
      pause: () => Promise.resolve(),
    });
    const FULL = 2;
    expect(setting()).toBe(FULL);
    const atCommit: unknown[] = [];
    const pages: unknown[] = [];
    changes.onCommitted(() => {
      atCommit.push(setting());
      pages.push(checkpoint());
    });
    const refused = { id: 'bad', hlc: 'not a clock' };

    const result = await merge.merge([...a.own(), refused]);
    expect(result.adopted).toHaveLength(10);
    // Chunks of 4, 4, and 2 with the refused change: only the last one's commit synced.
    expect(atCommit).toEqual([1, 1, 1, 1, 1, 1, 1, 1, FULL, FULL]);
    // Meanwhile the log was copied into the database less often, then as before.
    expect(new Set(pages.slice(0, 8))).toEqual(new Set([4_000]));
    expect(pages.slice(8)).toEqual([1_000, 1_000]);
    expect(setting()).toBe(FULL);
    expect(checkpoint()).toBe(1_000);
    expect(db.prepare('SELECT count(*) FROM watch_plays').pluck().get()).toBe(10);
  });

  it('syncs with a commit of its own when its last chunk held nothing to store', async () => {
    for (let ep = 1; ep <= 4; ep++)
      a.tracking.mark({ scope: 'episode', seriesId: 1, season: 1, episode: ep });
    const changes = createChangePath({ store: createChangeStore(db), clock: () => a.clock.now });
    const store = createMergeStore(db);
    let chunks = 0;
    /** Each transaction the merge opened by itself: after how many chunks, and the setting. */
    const opened: Array<[number, unknown]> = [];
    const merge = createMerge({
      changes,
      store: {
        ...store,
        transaction: (fn) => {
          opened.push([chunks, setting()]);
          return store.transaction(fn);
        },
      },
      tracking: createTrackingStore(db),
      clock: () => a.clock.now,
      chunkSize: 4,
      pause: () => Promise.resolve(),
    });
    const result = await merge.merge([...a.own(), { id: 'bad' }], () => {
      chunks += 1;
    });
    expect(result.adopted).toHaveLength(4);
    expect(result.refused).toHaveLength(1);
    // A first one folds this library's own history; the last comes after both chunks, synced.
    expect(opened.at(-1)).toEqual([2, 2]);
    expect(setting()).toBe(2);
  });
});
