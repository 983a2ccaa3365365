import { hostname } from 'node:os';
import type { ChangePath } from '../changes/change-path';
import { createChangeStore } from '../changes/store/changes';
import { memoryStore, type CredentialStore } from '../credentials';
import type { Logger } from '../base/log';
import { createBackupStore } from '../import/store/backup';
import { recordBaseline } from '../sync/baseline';
import type { KdfParams } from '../sync/folder/crypto';
import type { FolderFs } from '../sync/folder/folder-fs';
import { createMerge } from '../sync/merge/merge';
import { createMergeStore } from '../sync/merge/store/merge-store';
import { createSyncMerge } from '../sync/merge/work';
import { createDeviceSync, type DeviceSync } from '../sync/service';
import { createTrackingStore } from '../tracking/store';
import type { Databases } from '../db/databases';
import type { EventBus } from '../base/events';
import type { HeavyWork } from '../worker/heavy';

/** What the shell or a test may set for sync across computers. */
export interface DevicesWiring {
  /** The system's folder dialog; none in the browser harness. */
  pickFolder?: () => Promise<string | null>;
  /** Cheaper key stretching, for tests only. */
  kdf?: KdfParams;
  /** This computer's name until its owner gives one (the host name). */
  hostName?: string;
  /** Whether passes run by themselves on changes and on files arriving (true). */
  watch?: boolean;
  flushDelayMs?: number;
  /** How many of this computer's files before they are compacted into one (200); for tests. */
  compactAfter?: number;
  /** The sync folder's writes; tests fail them as a full disk would. */
  folderFs?: FolderFs;
}

export interface DevicesGraphDeps {
  credentials?: CredentialStore | undefined;
  devices?: DevicesWiring | undefined;
  events: EventBus;
  clock: () => number;
  log: Logger;
  /** The worker, wired after the graph: large merges run there. */
  heavy?: (() => HeavyWork | null) | undefined;
}

/** The time a merge's transaction may take before its chunks get smaller (ms). */
const MERGE_BUDGET_MS = 15;

const nextTurn = (): Promise<void> =>
  new Promise((resolve) => {
    setImmediate(resolve);
  });

/** Sync across computers over the library, through its one change path. */
export function buildDevices(
  deps: DevicesGraphDeps,
  parts: {
    db: NonNullable<Databases['library']>;
    changes: ChangePath;
  },
): DeviceSync {
  const { db, changes } = parts;
  const changeStore = createChangeStore(db);
  const backupStore = createBackupStore(db);
  const trackingStore = createTrackingStore(db);
  return createDeviceSync({
    changes,
    merge: createSyncMerge({
      local: createMerge({
        changes,
        store: createMergeStore(db),
        tracking: trackingStore,
        clock: deps.clock,
        budgetMs: MERGE_BUDGET_MS,
      }),
      changes,
      elsewhere: () => {
        const heavy = deps.heavy?.() ?? null;
        return heavy && ((input, onProgress) => heavy.syncMerge(input, onProgress));
      },
      readElsewhere: () => {
        const heavy = deps.heavy?.() ?? null;
        return heavy && ((job, onProgress) => heavy.syncRead(job, onProgress));
      },
    }),
    meta: {
      get: (key) => changeStore.meta(key),
      set: (key, value) => {
        changeStore.setMeta(key, value);
      },
    },
    credentials:
      deps.credentials ??
      memoryStore('No keychain was given to this Marquee instance; secrets last until it quits.'),
    baseline: () =>
      recordBaseline({
        changes,
        store: backupStore,
        plays: (after, limit) => trackingStore.plays.page(after, limit),
        pause: nextTurn,
      }),
    clock: deps.clock,
    log: deps.log,
    emit: (status) => {
      deps.events.emit('devices.changed', status);
    },
    hostName: deps.devices?.hostName ?? hostname(),
    ...(deps.devices?.kdf ? { kdf: deps.devices.kdf } : {}),
    ...(deps.devices?.watch === undefined ? {} : { watch: deps.devices.watch }),
    ...(deps.devices?.flushDelayMs === undefined
      ? {}
      : { flushDelayMs: deps.devices.flushDelayMs }),
    ...(deps.devices?.compactAfter === undefined
      ? {}
      : { compactAfter: deps.devices.compactAfter }),
    ...(deps.devices?.folderFs ? { folderFs: deps.devices.folderFs } : {}),
  });
}
