import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { errorCode } from '../../base/errors';
import type { SharedChange, SyncProblem } from '../types';
import type { FolderKey } from './crypto';
import { parseCursor, type FolderCursor } from './cursor';
import { namesIn, nodeFolderFs, type FolderFs } from './folder-fs';
import {
  APP_DIR,
  DEVICES_DIR,
  deviceDirOf,
  numberInName,
  parseDeviceDirName,
  parseFileName,
  relativeOf,
} from './names';
import { gaps, readDevice, type FolderDevice, type IgnoredFile } from './reader';
import { watchFolder, type WatchOptions } from './watch';
import { createWriter, type Compacted, type Written } from './writer';

/** What one read of the folder found. */
export interface FolderRead {
  /** False when the folder is not there (an unplugged drive, a sync service not started). */
  available: boolean;
  /** Other devices' changes in files not read before, each file's once. */
  changes: SharedChange[];
  /** Files refused: every one still in the folder, at every read, until it changes or goes. */
  problems: SyncProblem[];
  /** Names skipped: temporary, partial, conflict copies, strangers. */
  ignored: IgnoredFile[];
  devices: FolderDevice[];
  own: {
    /** Conflict copies in this device's own directory: a sign of a second installation with its id. */
    conflicts: string[];
    /** Own files that should be there and are not (deleted, or the folder restored from a backup): compact to share them again. */
    missing: number[];
  };
  /** Where to start the next read; keep it with the library. */
  cursor: FolderCursor;
}

export interface SyncFolderOptions {
  /** The folder the person picked; Marquee's files live in its `Marquee/` directory. */
  root: string;
  /** This installation's id. */
  device: string;
  /** This computer's name, written to its device info with its first file. */
  name: string;
  key: FolderKey;
  clock: () => number;
  /** The next file number the library remembers (`Written.nextNumber` of the last write). */
  nextNumber?: number;
  /**
   * The ids this library had before it was copied to this computer: their changes may go to this
   * device's files too, each line naming its device (see `changesBody`).
   */
  former?: readonly string[];
  fs?: FolderFs;
}

export interface SyncFolder {
  /** Writes the changes as one new segment; nothing for none. */
  write(changes: readonly SharedChange[]): Promise<Written | null>;
  writeDeviceInfo(name: string): Promise<void>;
  /**
   * One snapshot of all this device's changes (those given, and any of its files hold that the
   * library lacks), then its older files removed.
   */
  compact(allOwnChanges: readonly SharedChange[]): Promise<Compacted>;
  /** Reads what is new since `cursor` (null: from the start). */
  read(cursor: unknown): Promise<FolderRead>;
  /** Calls `onChange` when other devices' files may have changed; returns the stop function. */
  watch(onChange: () => void, options?: WatchOptions): () => void;
  nextNumber(): number;
}

export function createSyncFolder(options: SyncFolderOptions): SyncFolder {
  const { root, device, key, clock } = options;
  const writer = createWriter({
    root,
    device,
    key,
    clock,
    fs: options.fs ?? nodeFolderFs,
    nextNumber: options.nextNumber ?? 1,
    former: options.former ?? [],
  });
  let named = false;

  /** A device with files has a name for the others to show. */
  const ensureInfo = async (): Promise<void> => {
    if (named) return;
    try {
      if (!(await writer.hasDeviceInfo())) await writer.writeDeviceInfo(options.name);
      named = true;
    } catch {
      // The changes are written; the name follows with a later file.
    }
  };

  const readOwn = async (ignored: IgnoredFile[]): Promise<FolderRead['own']> => {
    const names = await namesIn(deviceDirOf(root, device));
    const conflicts: string[] = [];
    const here = new Set<number>();
    let snapshot = 0;
    for (const name of names) {
      const parsed = parseFileName(name);
      if (parsed.kind === 'ignored') {
        ignored.push({ file: relativeOf(device, name), why: parsed.why, own: true });
        if (parsed.why === 'conflict') conflicts.push(relativeOf(device, name));
      } else if (parsed.kind !== 'device-info') {
        here.add(parsed.number);
        if (parsed.kind === 'snapshot') snapshot = Math.max(snapshot, parsed.number);
      }
    }
    const highest = Math.max(writer.nextNumber() - 1, ...names.map((n) => numberInName(n) ?? 0));
    return { conflicts, missing: gaps(snapshot + 1, highest, here) };
  };

  const read = async (cursorValue: unknown): Promise<FolderRead> => {
    const cursor = parseCursor(cursorValue);
    const devicesDir = join(root, APP_DIR, DEVICES_DIR);
    let entries;
    try {
      entries = await readdir(devicesDir, { withFileTypes: true });
    } catch {
      // Not there, or not readable now: nothing is lost, the next read tries again.
      const own = { conflicts: [], missing: [] };
      return { available: false, changes: [], problems: [], ignored: [], devices: [], own, cursor };
    }
    const result: FolderRead = {
      available: true,
      changes: [],
      problems: [],
      ignored: [],
      devices: [],
      own: { conflicts: [], missing: [] },
      cursor: { version: 1, devices: {} },
    };
    const ownDirConflicts: string[] = [];
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const parsed = parseDeviceDirName(entry.name);
      const rel = [APP_DIR, DEVICES_DIR, entry.name].join('/');
      if (!entry.isDirectory() || 'why' in parsed) {
        const why = 'why' in parsed ? parsed.why : 'unknown';
        const own = entry.name.startsWith(device);
        result.ignored.push({ file: rel, why, own });
        if (own && why === 'conflict') ownDirConflicts.push(rel);
        continue;
      }
      if (parsed.device === device) {
        result.own = await readOwn(result.ignored).catch(() => result.own);
        continue;
      }
      let one;
      try {
        one = await readDevice(root, key, parsed.device, cursor.devices[parsed.device]);
      } catch (error) {
        // A directory that cannot be listed (permissions, a disk error): the others go on.
        const previous = cursor.devices[parsed.device];
        if (previous !== undefined) result.cursor.devices[parsed.device] = previous;
        result.problems.push({
          file: rel,
          reason: 'unreadable',
          message: `This computer’s files could not be opened (${errorCode(error) ?? 'unknown error'}); Marquee tries again later.`,
        });
        continue;
      }
      // Spread in chunks: a first read can hold a hundred thousand changes.
      for (let i = 0; i < one.changes.length; i += 10_000)
        result.changes.push(...one.changes.slice(i, i + 10_000));
      result.problems.push(...one.problems);
      result.ignored.push(...one.ignored);
      result.devices.push(one.device);
      result.cursor.devices[parsed.device] = one.cursor;
    }
    result.own.conflicts.push(...ownDirConflicts);
    return result;
  };

  return {
    write: async (changes) => {
      const written = await writer.write(changes);
      if (written !== null) await ensureInfo();
      return written;
    },
    writeDeviceInfo: async (name) => {
      await writer.writeDeviceInfo(name);
      named = true;
    },
    compact: async (changes) => {
      const written = await writer.compact(changes);
      await ensureInfo();
      return written;
    },
    read,
    watch: (onChange, watchOptions) => watchFolder(root, device, onChange, watchOptions),
    nextNumber: () => writer.nextNumber(),
  };
}
