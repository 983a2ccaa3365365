import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { EventBus } from '../../base/events';
import { createChangePath } from '../../changes/change-path';
import { createChangeStore } from '../../changes/store/changes';
import { manualTimers } from '../../base/testing/manual-timers';
import { memoryLogger } from '../../base/testing/memory-logger';
import { connect } from '../../db/connection';
import { migrate } from '../../db/migrate';
import { libraryMigrations } from '../../db/migrations/library';
import { createCollectionReader } from '../../library/store/collections';
import { createLibrary, type Library } from '../../library/store/library';
import { createViewStore } from '../../library/store/views';
import { createUserLibrary, type UserLibrary } from '../../library/user-library';
import { createSettingsStore, DEFAULT_SETTINGS } from '../../settings/settings-store';
import type { TmdbClient } from '../../tmdb/types';
import { createTrackingStore } from '../../tracking/store';
import { createTrackingService, type TrackingService } from '../../tracking/tracking-service';
import type { BackupDeps } from '../backup';
import { createBackupStore } from '../store/backup';

/**
 * A whole profile in one process, without a core or a network: the library, tracking, settings
 * and the backup's store over one library.db in a temporary folder. `wipe` empties it again, so a
 * property test can restore into an empty profile thousands of times without migrating each time.
 */
export interface Profile {
  db: Database.Database;
  store: Library;
  library: UserLibrary;
  tracking: TrackingService;
  backup: BackupDeps;
  clock: { now: number };
  /** Every row gone and the settings back to their defaults: an empty profile. */
  wipe(now: number): Promise<void>;
  close(): void;
}

const offline: TmdbClient = new Proxy({} as TmdbClient, {
  get() {
    throw new Error('this profile has no network');
  },
});

export function tempProfile(now: number): Profile {
  // In memory where the system offers it: thousands of restores, each many small transactions.
  const base = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  const dir = fs.mkdtempSync(path.join(base, 'marquee-profile-'));
  const db = connect(path.join(dir, 'library.db'), 'library');
  migrate(db, libraryMigrations);
  // A test profile needs no durability across a power cut.
  db.pragma('synchronous = OFF');
  const clock = { now };
  const log = memoryLogger();
  const store = createLibrary(db, { clock: () => clock.now });
  const library = createUserLibrary({
    store: { library: store, views: createViewStore(db), collection: createCollectionReader(db) },
    problem: null,
    titles: { title: () => undefined },
    events: new EventBus(),
    authState: () => 'user',
    onQueued: () => undefined,
  });
  const tracking = createTrackingService({
    store: createTrackingStore(db),
    changes: createChangePath({ store: createChangeStore(db), clock: () => clock.now }),
    tmdb: offline,
    clock: () => clock.now,
    timeZone: () => 'UTC',
    region: () => 'US',
    timers: manualTimers(),
    online: () => false,
    onOnline: () => () => undefined,
    log,
    emit: { inbox: () => undefined, refresh: () => undefined, changed: () => undefined },
  });
  const settings = createSettingsStore(dir, { clock: () => clock.now, log });
  const tables = db
    .prepare<[], string>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    )
    .pluck()
    .all();
  return {
    db,
    store,
    library,
    tracking,
    clock,
    backup: {
      appVersion: '0.0.0-test',
      clock: () => clock.now,
      store: createBackupStore(db),
      tracking,
      library,
      settings,
    },
    async wipe(at) {
      clock.now = at;
      db.pragma('foreign_keys = OFF');
      db.transaction(() => {
        for (const table of tables) db.prepare(`DELETE FROM "${table}"`).run();
      })();
      db.pragma('foreign_keys = ON');
      await settings.set(DEFAULT_SETTINGS);
    },
    close() {
      tracking.close();
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
