import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { SharedChange } from '../types';
import type { FolderKey } from './crypto';
import { exists, folderError, namesIn, publish, type FolderFs } from './folder-fs';
import { changesLines, encodeFile, infoBody } from './format';
import { readDevice } from './reader';
import {
  APP_DIR,
  INFO_FILE,
  dataFileName,
  deviceDirOf,
  numberInName,
  parseFileName,
  relativeOf,
  type DataKind,
} from './names';

/** Changes checked between two pauses when a whole history is compacted. */
const IDS_PER_TURN = 5000;
const nextTurn = (): Promise<void> =>
  new Promise((resolve) => {
    setImmediate(resolve);
  });

/** A file this computer wrote to the folder. */
export interface Written {
  /** Its path relative to the sync folder. */
  file: string;
  number: number;
  /** The number the next file will take at least: persist it with the library. */
  nextNumber: number;
}

/** A compaction: the snapshot written, the files it replaced, and what the library lacked. */
export interface Compacted extends Written {
  removed: string[];
  /** This device's changes found in its files but not among those given: merge them back. */
  recovered: SharedChange[];
}

export interface WriterDeps {
  root: string;
  device: string;
  key: FolderKey;
  clock: () => number;
  fs: FolderFs;
  /** The next number as the library remembers it (1 when none yet). */
  nextNumber: number;
  /** The library's ids before it was copied here, whose changes its files may carry too. */
  former?: readonly string[];
}

export interface Writer {
  write(changes: readonly SharedChange[]): Promise<Written | null>;
  compact(allOwnChanges: readonly SharedChange[]): Promise<Compacted>;
  writeDeviceInfo(name: string): Promise<void>;
  hasDeviceInfo(): Promise<boolean>;
  /** At least the number the next file takes. */
  nextNumber(): number;
}

/**
 * Writes this computer's files, one at a time. A number is never used twice: the next one is
 * past both what the library remembers and every number in the device's directory (conflict copies
 * included), so neither a library nor a folder restored from an old backup brings an old number
 * back. A number counts as used once its file is visible.
 */
export function createWriter(deps: WriterDeps): Writer {
  const { root, device, key, fs } = deps;
  const dir = deviceDirOf(root, device);
  let next = Math.max(1, Math.trunc(deps.nextNumber));
  let queue: Promise<unknown> = Promise.resolve();

  const serial = <T>(run: () => Promise<T>): Promise<T> => {
    const result = queue.then(run);
    queue = result.catch(() => undefined);
    return result;
  };

  /** The device's directory, made when the folder itself is there (never on an unplugged drive). */
  const ensureDir = async (): Promise<void> => {
    if (!(await exists(join(root, APP_DIR))))
      throw folderError(Object.assign(new Error('missing'), { code: 'ENOENT' }));
    try {
      await mkdir(dir, { recursive: true });
    } catch (error) {
      throw folderError(error);
    }
  };

  const carried = new Set([device, ...(deps.former ?? [])]);
  const notMine = (other: SharedChange): Error =>
    new Error(`Only this computer's changes go to its files, not ${other.device}'s`);
  const mine = (changes: readonly SharedChange[]): void => {
    const other = changes.find((change) => !carried.has(change.device));
    if (other !== undefined) throw notMine(other);
  };
  /** `mine` and the changes' ids for a whole history: a few thousand changes a turn. */
  const mineWithIds = async (changes: readonly SharedChange[]): Promise<Set<string>> => {
    const ids = new Set<string>();
    for (let at = 0; at < changes.length; at += IDS_PER_TURN) {
      if (at > 0) await nextTurn();
      for (const change of changes.slice(at, at + IDS_PER_TURN)) {
        if (!carried.has(change.device)) throw notMine(change);
        ids.add(change.id);
      }
    }
    return ids;
  };

  const writeData = async (
    kind: DataKind,
    changes: readonly SharedChange[],
    names: readonly string[],
  ): Promise<Written> => {
    const highest = Math.max(0, ...names.map((name) => numberInName(name) ?? 0));
    const number = Math.max(next, highest + 1);
    const name = dataFileName(kind, number);
    // The body goes to the deflater a turn's worth of lines at a time: never whole.
    const bytes = await encodeFile(key, { kind, device, number }, changesLines(changes, device));
    await publish(fs, join(dir, name), bytes);
    next = number + 1;
    return { file: relativeOf(device, name), number, nextNumber: next };
  };

  return {
    write: (changes) =>
      serial(async () => {
        mine(changes);
        if (changes.length === 0) return null;
        await ensureDir();
        return writeData('segment', changes, await namesIn(dir));
      }),

    compact: (allOwnChanges) =>
      serial(async () => {
        const given = await mineWithIds(allOwnChanges);
        await ensureDir();
        const before = await namesIn(dir);
        // What the folder holds of this device and the library does not (the library restored
        // from an older backup) goes into the snapshot too: compaction never drops a change.
        // Only those are kept: the others are let go line by line as the files are read.
        const { changes: recovered } = await readDevice(
          root,
          key,
          device,
          undefined,
          (change) => !given.has(change.id),
        );
        const snapshot = recovered.length === 0 ? allOwnChanges : [...allOwnChanges, ...recovered];
        const written = await writeData('snapshot', snapshot, before);
        const removed: string[] = [];
        for (const name of before) {
          const parsed = parseFileName(name);
          const covered = parsed.kind !== 'ignored' && parsed.kind !== 'device-info';
          // Leftovers of writes a crash interrupted: Marquee's own temporary names.
          const leftover = /^\.(seg|snap|device)-?.*\.msync\.[0-9a-f]+\.tmp$/.test(name);
          if ((covered && parsed.number < written.number) || leftover) {
            // A file that cannot be removed now is covered anyway, and removed next time.
            await fs.remove(join(dir, name)).catch(() => undefined);
            if (!leftover) removed.push(relativeOf(device, name));
          }
        }
        return { ...written, removed, recovered };
      }),

    writeDeviceInfo: (name) =>
      serial(async () => {
        await ensureDir();
        const info = { name: name.trim().slice(0, 100), writtenAt: deps.clock() };
        const bytes = await encodeFile(
          key,
          { kind: 'device-info', device, number: 0 },
          infoBody(info),
        );
        await publish(fs, join(dir, INFO_FILE), bytes);
      }),

    hasDeviceInfo: () => exists(join(dir, INFO_FILE)),
    nextNumber: () => next,
  };
}
