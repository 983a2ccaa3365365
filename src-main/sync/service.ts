import { stat } from 'node:fs/promises';
import { CodedError } from '../../src-shared/ipc/errors';
import { redactAndCut, registerSecret } from '../../src-shared/redact';
import { plainText } from '../../src-shared/text/bound';
import type { DevicesStatus } from '../../src-shared/ipc/contract/devices';
import type { Logger } from '../base/log';
import type { ChangePath } from '../changes/change-path';
import type { SharedChange } from '../changes/types';
import type { CredentialStore } from '../credentials';
import { keyFromSecret, SyncKeyError, type KdfParams } from './folder/crypto';
import { createSyncFolder, type FolderRead, type SyncFolder } from './folder/folder';
import { SyncFolderError, type FolderFs } from './folder/folder-fs';
import { joinFolder } from './folder/setup';
import type { MergeSummary, SyncMerge } from './merge/work';
import { readAndMerge } from './read-merge';
import {
  readSyncState,
  writeSyncState,
  type PeerRecord,
  type SyncMeta,
  type SyncState,
} from './state';
import { ownFilesNotWritten, ownPages, SEGMENT_WORK } from './own-files';
import { statusOf, type Activity } from './status';

/**
 * Sync across computers: this computer's changes written to its own files in the folder, the
 * other computers' files read and merged. Local first: a change is in the library the moment the
 * window shows it; the folder only delays sharing. Runs one pass at a time, after a change here
 * (a short wait gathers a burst into one file) and whenever the folder says something arrived.
 */
export interface DeviceSync {
  status(): DevicesStatus;
  setup(input: { folder: string; passphrase: string; name: string }): Promise<DevicesStatus>;
  rename(name: string): Promise<DevicesStatus>;
  syncNow(): Promise<DevicesStatus>;
  stop(): Promise<DevicesStatus>;
  forget(device: string): Promise<DevicesStatus>;
  start(): Promise<void>;
  /** Resolves once no pass is running or waiting. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface DeviceSyncDeps {
  changes: ChangePath;
  merge: SyncMerge;
  meta: SyncMeta;
  credentials: CredentialStore;
  /** Records this computer's whole tracking data as changes, once, before its first write. */
  baseline: () => Promise<unknown>;
  clock: () => number;
  log: Logger;
  emit: (status: DevicesStatus) => void;
  /** The name a computer gets until its owner gives one. */
  hostName: string;
  kdf?: KdfParams;
  /** How long a burst of changes here is gathered before it is written (500 ms). */
  flushDelayMs?: number;
  /** Whether to watch the folder for files arriving (true); tests may drive passes by hand. */
  watch?: boolean;
  /** How many of this computer's files before they are compacted into one (200). */
  compactAfter?: number;
  /** The folder's writes; tests fail them as a full disk would. */
  folderFs?: FolderFs;
  /** From how many bytes not yet read the folder is read on the worker (`READ_ELSEWHERE_FROM`). */
  readElsewhereFrom?: number;
}

const KEY_NAME = 'sync.folderKey';
const BASELINE_KEY = 'sync.baseline';
const SEGMENTS_KEY = 'sync.segments';
/** How many passes found files of this computer's id that this library did not write. */
const STRANGERS_KEY = 'sync.strangers';

/** A computer's name as shown to the others: one line, bounded. */
const boundText = (text: string): string => plainText(text, 80);

const invalid = (message: string): CodedError => new CodedError('invalid_input', message);

function plain(error: unknown): string {
  if (error instanceof SyncKeyError || error instanceof SyncFolderError) return error.message;
  if (error instanceof CodedError) return error.message;
  return 'Marquee could not sync with the folder; your history is kept here and shared once it can.';
}

export function createDeviceSync(deps: DeviceSyncDeps): DeviceSync {
  const { changes, meta, clock, log } = deps;
  let state: SyncState = readSyncState(meta);
  let folder: SyncFolder | null = null;
  let stopWatch: (() => void) | null = null;
  let activity: Activity = { running: false, progress: null, message: null, waiting: false };
  let lastRead: FolderRead | null = null;
  /** The folder key's secret (base64) while the folder is open: the worker reads with it. */
  let secretText: string | null = null;
  let timer: NodeJS.Timeout | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let pending = false;
  let closed = false;
  const own = (): string => changes.device();

  const status = (): DevicesStatus =>
    statusOf({ state, activity, lastRead, device: own(), hostName: deps.hostName });
  const announce = (): void => {
    deps.emit(status());
  };
  const save = (patch: Partial<SyncState>): void => {
    writeSyncState(meta, patch);
    state = readSyncState(meta);
  };

  /**
   * A library copied from another computer has a new device id here (see `createChangePath`): its
   * files start at number 1 in a directory of its own, and it goes by this computer's name, not
   * the one it was copied from.
   */
  function followDevice(): void {
    const id = own();
    if (state.device === id) return;
    if (state.device !== null) {
      log.info('devices.copied_library', { from: state.device, to: id });
      meta.set(SEGMENTS_KEY, '0');
      save({ device: id, name: null, nextNumber: 1 });
    } else save({ device: id });
  }

  async function open(): Promise<SyncFolder | null> {
    if (folder) return folder;
    if (state.folder === null) return null;
    followDevice();
    const secret = await deps.credentials.get(KEY_NAME);
    if (secret === null) {
      activity.message = 'Enter the sync passphrase again: this computer no longer has its key.';
      return null;
    }
    registerSecret(secret);
    secretText = secret;
    folder = createSyncFolder({
      root: state.folder,
      device: own(),
      name: state.name ?? deps.hostName,
      key: keyFromSecret(Buffer.from(secret, 'base64')),
      clock,
      nextNumber: state.nextNumber,
      former: changes.formerDevices(),
      ...(deps.folderFs ? { fs: deps.folderFs } : {}),
    });
    if (deps.watch !== false)
      stopWatch = folder.watch(() => {
        schedule(0);
      });
    return folder;
  }

  /** This computer's changes not yet in its files, a segment per batch. */
  async function writeOwn(target: SyncFolder): Promise<void> {
    for (;;) {
      // Only this computer's changes (an index by device): a first sync's merged thousands are
      // not read again here.
      const batch = await ownPages(changes, state.written, SEGMENT_WORK);
      if (batch.changes.length === 0) return;
      const written = await target.write(batch.changes);
      const segments = Number(meta.get(SEGMENTS_KEY) ?? 0) + (written ? 1 : 0);
      meta.set(SEGMENTS_KEY, String(segments));
      save({ written: batch.last, nextNumber: written?.nextNumber ?? target.nextNumber() });
    }
  }

  /** Every change this computer made, for a snapshot. */
  async function allOwn(): Promise<SharedChange[]> {
    return (await ownPages(changes, 0, Number.POSITIVE_INFINITY)).changes;
  }

  const progress = (done: number, total: number): void => {
    activity.progress = { done, total };
    announce();
  };
  const forgotten = (): string[] =>
    Object.entries(state.peers).flatMap(([device, peer]) => (peer.forgotten ? [device] : []));

  /** The other computers' new files read and merged (see `readAndMerge`), then noted. */
  async function readFolder(target: SyncFolder): Promise<FolderRead> {
    const { read, merged } = await readAndMerge({
      target,
      merge: deps.merge,
      root: state.folder,
      secret: secretText,
      device: own(),
      cursor: state.cursor,
      skip: forgotten(),
      threshold: deps.readElsewhereFrom,
      onStart: (total) => {
        activity.progress = { done: 0, total };
      },
      onProgress: progress,
    });
    if (read.available) noteRead(read, merged);
    return read;
  }

  /** What a read and its merge tell of the other computers, and how far the read went. */
  function noteRead(read: FolderRead, merged: MergeSummary | null): void {
    const peers = { ...state.peers };
    const peerOf = (device: string): PeerRecord =>
      (peers[device] ??= { name: null, lastHlc: null, changes: 0, forgotten: false });
    if (merged !== null) {
      for (const [device, n] of Object.entries(merged.byDevice)) peerOf(device).changes += n;
      for (const refused of merged.refused)
        log.warn('devices.change_refused', { id: refused.id, problem: refused.problem });
    }
    for (const device of read.devices) {
      const peer = peerOf(device.device);
      if (device.name !== null) peer.name = boundText(device.name);
      if (device.lastHlc !== null && (peer.lastHlc ?? '') < device.lastHlc)
        peer.lastHlc = device.lastHlc;
    }
    save({ cursor: read.cursor, peers });
    // The status needs its problems and devices; a first sync's 100,000 changes are let go.
    lastRead = { ...read, changes: [] };
  }

  /** Writes this computer's new changes, and compacts its files when they are many or missing. */
  async function share(target: SyncFolder, read: FolderRead, strangers: boolean): Promise<void> {
    await writeOwn(target);
    const segments = Number(meta.get(SEGMENTS_KEY) ?? 0);
    if (strangers || read.own.missing.length > 0 || segments >= (deps.compactAfter ?? 200)) {
      const compacted = await target.compact(await allOwn());
      meta.set(SEGMENTS_KEY, '0');
      save({ nextNumber: compacted.nextNumber });
      if (compacted.recovered.length > 0) await deps.merge.merge(compacted.recovered);
    }
  }

  /**
   * One pass: the others' files read and merged, then this computer's changes written. Reading does
   * not wait on writing: a folder that cannot take a file now (a full disk) still gives what the
   * others wrote.
   */
  async function pass(): Promise<void> {
    const target = await open();
    if (!target) {
      announce();
      return;
    }
    activity = { ...activity, running: true, message: null };
    announce();
    try {
      if (meta.get(BASELINE_KEY) !== 'done') {
        await deps.baseline();
        meta.set(BASELINE_KEY, 'done');
      }
      const read = await readFolder(target);
      if (!read.available) {
        activity.waiting = true;
        activity.message =
          'Waiting for the sync folder: is the drive connected and the sync service running?';
        return;
      }
      activity.waiting = false;
      const strangers = await ownFilesNotWritten(state.folder ?? '', own(), target.nextNumber());
      await share(target, read, strangers > 0);
      save({ lastSyncedAt: clock() });
      // Once is a library restored from a backup; again and again, a second installation.
      const twice = strangers > 0 && Number(meta.get(STRANGERS_KEY) ?? 0) >= 1;
      if (strangers > 0) meta.set(STRANGERS_KEY, String(Number(meta.get(STRANGERS_KEY) ?? 0) + 1));
      if (read.own.conflicts.length > 0 || twice)
        activity.message =
          'Another Marquee installation writes with this computer’s id: nothing is lost, but give one of them a fresh data folder and set sync up there again.';
    } catch (error) {
      activity.message = redactAndCut(plain(error), 300);
      log.warn('devices.pass_failed', { error });
    } finally {
      activity = { ...activity, running: false, progress: null };
      announce();
    }
  }

  /** Runs a pass after `delay` ms; passes never overlap, and one asked for meanwhile runs after. */
  function schedule(delay = deps.flushDelayMs ?? 500): void {
    if (closed || state.folder === null) return;
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      if (pending) return;
      pending = true;
      queue = queue.then(async () => {
        pending = false;
        if (!closed) await pass();
      });
    }, delay);
  }

  const unsubscribe = changes.onCommitted((change) => {
    if (change.device === own()) schedule();
  });

  function shut(): void {
    stopWatch?.();
    stopWatch = null;
    folder = null;
    secretText = null;
    if (timer) clearTimeout(timer);
    timer = null;
  }

  const runNow = async (): Promise<DevicesStatus> => {
    queue = queue.then(() => pass());
    await queue;
    return status();
  };

  return {
    status,
    async setup({ folder: root, passphrase, name }) {
      registerSecret(passphrase);
      const info = await stat(root).catch(() => null);
      if (!info?.isDirectory()) throw invalid('That folder does not exist on this computer.');
      let joined;
      try {
        joined = await joinFolder(root, passphrase, deps.kdf ? { kdf: deps.kdf } : {});
      } catch (error) {
        throw invalid(plain(error));
      }
      const secret = joined.secret.toString('base64');
      registerSecret(secret);
      await deps.credentials.set(KEY_NAME, secret);
      shut();
      const same = state.folder === root;
      followDevice();
      save({
        folder: root,
        name: boundText(name),
        ...(same ? {} : { cursor: null, written: 0, nextNumber: 1 }),
      });
      if (!same) meta.set(SEGMENTS_KEY, '0');
      // Files of this id already in the folder (sync stopped and set up again) are this library's.
      meta.set(STRANGERS_KEY, '0');
      activity = { running: false, progress: null, message: null, waiting: false };
      // The others list this computer from its name file, even before it has a change to share.
      const target = await open();
      await target?.writeDeviceInfo(boundText(name)).catch((error: unknown) => {
        log.warn('devices.name_failed', { error });
      });
      return runNow();
    },
    async rename(name) {
      if (state.folder === null) throw invalid('Sync is off on this computer.');
      save({ name: boundText(name) });
      const target = await open();
      await target?.writeDeviceInfo(boundText(name)).catch((error: unknown) => {
        log.warn('devices.rename_failed', { error });
      });
      return status();
    },
    syncNow: runNow,
    async stop() {
      shut();
      await queue;
      save({ folder: null });
      await deps.credentials.delete(KEY_NAME);
      activity = { running: false, progress: null, message: null, waiting: false };
      lastRead = null;
      announce();
      return status();
    },
    forget(device) {
      const peer = state.peers[device];
      if (!peer) throw new CodedError('not_found', 'That computer is not in the sync folder.');
      save({ peers: { ...state.peers, [device]: { ...peer, forgotten: true } } });
      announce();
      return Promise.resolve(status());
    },
    async start() {
      if (state.folder !== null) await runNow();
    },
    async idle() {
      while (timer || pending) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        await queue;
      }
      await queue;
    },
    async close() {
      closed = true;
      unsubscribe();
      shut();
      await queue;
    },
  };
}
