import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createChangePath, type ChangePath } from '../../changes/change-path';
import { createChangeStore } from '../../changes/store/changes';
import { connect } from '../../db/connection';
import { migrate } from '../../db/migrate';
import { libraryMigrations } from '../../db/migrations/library';
import { createTrackingStore } from '../../tracking/store';
import { createTracking, type Tracking } from '../../tracking/tracking';
import { createMerge, type Merge } from './merge';
import { createMergeStore } from './store/merge-store';
import { trackingData } from './testing/devices';

const NOW = Date.UTC(2026, 0, 10, 12);

interface Opened {
  db: Database.Database;
  changes: ChangePath;
  tracking: Tracking;
  merge: Merge;
}

/*
 * A Marquee data folder copied to a second computer: two installations would share one device id.
 * The copy notices it runs on another machine and takes an id of its own; what was made before the
 * copy keeps the first id, is known to both, and is neither shared twice nor applied twice.
 */
describe('a library copied to another computer', () => {
  let dir: string;
  const opened: Opened[] = [];
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-copied-'));
  });
  afterEach(() => {
    for (const o of opened.splice(0)) if (o.db.open) o.db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const open = (file: string, machine: string): Opened => {
    const db = connect(path.join(dir, file), 'library');
    migrate(db, libraryMigrations);
    const clock = (): number => NOW;
    const changes = createChangePath({
      store: createChangeStore(db),
      clock,
      fingerprint: () => machine,
    });
    const store = createTrackingStore(db);
    const tracking = createTracking(store, {
      clock,
      timeZone: () => 'UTC',
      region: () => 'US',
      changes,
    });
    const merge = createMerge({ changes, store: createMergeStore(db), tracking: store, clock });
    const o = { db, changes, tracking, merge };
    opened.push(o);
    return o;
  };
  const shared = (o: Opened): unknown[] => o.changes.ownSince(0).map(({ seq: _seq, ...c }) => c);

  it('takes a new device id, and the two then merge without sharing the old history twice', async () => {
    const first = open('library.db', 'study');
    first.tracking.mark({ scope: 'episode', seriesId: 7, season: 1, episode: 1 });
    const device = first.changes.device();
    first.db.close();
    fs.copyFileSync(path.join(dir, 'library.db'), path.join(dir, 'copy.db'));

    const original = open('library.db', 'study');
    const copy = open('copy.db', 'laptop');
    expect(original.changes.device()).toBe(device);
    expect(copy.changes.device()).not.toBe(device);
    // The history before the copy is the first computer's to share, not the copy's.
    expect(shared(copy)).toEqual([]);
    expect(shared(original)).toHaveLength(1);

    original.tracking.mark({ scope: 'episode', seriesId: 7, season: 1, episode: 2 });
    copy.tracking.setFollow(7, 'follow');
    const fromOriginal = await copy.merge.merge(shared(original));
    const fromCopy = await original.merge.merge(shared(copy));
    expect(fromOriginal.adopted).toHaveLength(1);
    expect(fromOriginal.known).toBe(1);
    expect(fromCopy.adopted.map((c) => c.device)).toEqual([copy.changes.device()]);
    expect(trackingData(copy.db)).toEqual(trackingData(original.db));
    expect(copy.tracking.plays({ scope: 'series', seriesId: 7 })).toHaveLength(2);
  });
});
