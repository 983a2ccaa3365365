import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { errorCode } from '../../base/errors';
import type { SharedChange, SyncProblem } from '../types';
import type { FolderKey } from './crypto';
import { emptyDeviceCursor, type DeviceCursor } from './cursor';
import { decodeFile, fileNonce, parseChangesBody, parseInfoBody } from './format';
import { namesIn } from './folder-fs';
import {
  INFO_FILE,
  deviceDirOf,
  parseFileName,
  relativeOf,
  type DataKind,
  type IgnoredWhy,
} from './names';

/** Another computer as its files show it. */
export interface FolderDevice {
  device: string;
  /** The name its owner gave it; null until its device info has been read. */
  name: string | null;
  /** The clock of its newest change read here, or null when none yet. */
  lastHlc: string | null;
  /** Its segments and snapshots now in the folder. */
  files: number;
  /**
   * Numbers of its files not in the folder and not read: still on their way (files arrive in any
   * order), or deleted. Either way its next snapshot covers them.
   */
  missing: number[];
}

/** A name in the folder that is not read, and why. */
export interface IgnoredFile {
  file: string;
  why: IgnoredWhy;
  /** In this computer's own directory: a conflict copy there means two installations share it. */
  own: boolean;
}

export interface DeviceRead {
  changes: SharedChange[];
  problems: SyncProblem[];
  ignored: IgnoredFile[];
  device: FolderDevice;
  cursor: DeviceCursor;
}

const MAX_MISSING = 1000;

/** The numbers of [from, to] in neither set, at most MAX_MISSING of them. */
export function gaps(from: number, to: number, ...known: ReadonlySet<number>[]): number[] {
  const out: number[] = [];
  for (let n = from; n <= to && out.length < MAX_MISSING; n += 1)
    if (!known.some((set) => set.has(n))) out.push(n);
  return out;
}

/** Larger than any history: 100,000 plays take 7 MB. A bigger file is not read into memory. */
export const MAX_FILE_BYTES = 512 * 1024 * 1024;

const statOf = async (path: string): Promise<{ sig: string; size: number } | null> => {
  try {
    const info = await stat(path);
    return { sig: `${info.size}:${info.mtimeMs}`, size: info.size };
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
};

/**
 * Reads one other device's new files: its newest readable snapshot first (it covers every file
 * of the device numbered below it), then its segments above that, each once. A file that fails is
 * a problem, cached by its stat so it is not opened again until it changes (a file still arriving
 * is read once it is complete). Nothing here throws for what a file holds.
 */
export async function readDevice(
  root: string,
  key: FolderKey,
  device: string,
  previous: DeviceCursor | undefined,
  /**
   * Which changes to return (all when absent); the others are checked, then let go at once. Only
   * those kept count for the device's `lastHlc`.
   */
  keep?: (change: SharedChange) => boolean,
): Promise<DeviceRead> {
  const dir = deviceDirOf(root, device);
  const c: DeviceCursor = structuredClone(previous ?? emptyDeviceCursor());
  const changes: SharedChange[] = [];
  const problems: SyncProblem[] = [];
  const ignored: IgnoredFile[] = [];
  const files: Array<{ name: string; kind: DataKind; number: number }> = [];
  let hasInfo = false;
  for (const name of await namesIn(dir)) {
    const parsed = parseFileName(name);
    if (parsed.kind === 'ignored')
      ignored.push({ file: relativeOf(device, name), why: parsed.why, own: false });
    else if (parsed.kind === 'device-info') hasInfo = true;
    else files.push({ name, kind: parsed.kind, number: parsed.number });
  }

  const fail = (name: string, sig: string, reason: SyncProblem['reason'], message: string) => {
    const problem = { file: relativeOf(device, name), reason, message };
    c.failed[name] = { sig, problem };
    problems.push(problem);
  };

  /** A file's body when it is new and sound; 'seen' when read before; null when refused or gone. */
  const open = async (name: string, kind: DataKind | 'device-info', number: number) => {
    const path = join(dir, name);
    let sig: string | null;
    let bytes: Buffer | undefined;
    try {
      const info = await statOf(path);
      if (info === null) return null;
      sig = info.sig;
      const failed = c.failed[name];
      if (failed !== undefined && failed.sig === sig) {
        problems.push(failed.problem);
        return null;
      }
      if (info.size > MAX_FILE_BYTES) {
        fail(name, sig, 'unreadable', 'This file is far larger than any Marquee history.');
        return null;
      }
      const before = c.read[name];
      if (before !== undefined) {
        if (before.sig === sig) return 'seen';
        bytes = await readFile(path);
        // Touched, copied back or re-downloaded, but the same file.
        if (fileNonce(bytes) === before.nonce) {
          before.sig = sig;
          return 'seen';
        }
      }
      bytes ??= await readFile(path);
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return null;
      // Not cached: a file locked or unreadable for now is tried again at the next read.
      const code = errorCode(error) ?? 'unknown error';
      problems.push({
        file: relativeOf(device, name),
        reason: 'unreadable',
        message: `This file could not be opened (${code}); Marquee tries again later.`,
      });
      return null;
    }
    const decoded = await decodeFile(key, bytes, { kind, device, number });
    if (!decoded.ok) {
      fail(name, sig, decoded.reason, decoded.message);
      return null;
    }
    return { sig, nonce: decoded.nonce, body: decoded.body };
  };

  const take = async (file: { name: string; kind: DataKind; number: number }) => {
    const opened = await open(file.name, file.kind, file.number);
    if (opened === null || opened === 'seen') return opened;
    const parsed = await parseChangesBody(opened.body, device, keep);
    if (parsed === null) {
      fail(file.name, opened.sig, 'unreadable', 'This file holds changes Marquee cannot read.');
      return null;
    }
    Reflect.deleteProperty(c.failed, file.name);
    c.read[file.name] = { sig: opened.sig, nonce: opened.nonce };
    for (const change of parsed) {
      changes.push(change);
      if (c.lastHlc === null || change.hlc > c.lastHlc) c.lastHlc = change.hlc;
    }
    return parsed;
  };

  // The newest snapshot that opens sets the cut; older files below it are covered, never read.
  const snapshots = files.filter((f) => f.kind === 'snapshot' && f.number > c.cutoff);
  for (const snapshot of snapshots.sort((a, b) => b.number - a.number)) {
    if ((await take(snapshot)) !== null) {
      c.cutoff = snapshot.number;
      break;
    }
  }
  const segments = files.filter((f) => f.kind === 'segment' && f.number > c.cutoff);
  for (const segment of segments.sort((a, b) => a.number - b.number)) await take(segment);

  if (hasInfo) {
    const opened = await open(INFO_FILE, 'device-info', 0);
    if (opened !== null && opened !== 'seen') {
      const info = parseInfoBody(opened.body);
      if (info === null) fail(INFO_FILE, opened.sig, 'unreadable', 'This file is damaged.');
      else {
        Reflect.deleteProperty(c.failed, INFO_FILE);
        c.read[INFO_FILE] = { sig: opened.sig, nonce: opened.nonce };
        c.name = info.name;
      }
    }
  }

  // Forget what the cut covers, and refusals of files no longer here.
  const present = new Set(files.map((f) => f.name));
  if (hasInfo) present.add(INFO_FILE);
  const below = (name: string): boolean => {
    const parsed = parseFileName(name);
    return (parsed.kind === 'segment' || parsed.kind === 'snapshot') && parsed.number < c.cutoff;
  };
  for (const name of Object.keys(c.failed))
    if (!present.has(name) || below(name)) Reflect.deleteProperty(c.failed, name);
  for (const name of Object.keys(c.read)) if (below(name)) Reflect.deleteProperty(c.read, name);

  const numbersOf = (names: Iterable<string>): Set<number> =>
    new Set(
      [...names].flatMap((name) => {
        const parsed = parseFileName(name);
        return parsed.kind === 'segment' || parsed.kind === 'snapshot' ? [parsed.number] : [];
      }),
    );
  const here = numbersOf(present);
  const read = numbersOf(Object.keys(c.read));
  const newestSnapshot = Math.max(
    0,
    ...files.filter((f) => f.kind === 'snapshot').map((f) => f.number),
  );
  const missing = gaps(
    Math.max(c.cutoff, newestSnapshot) + 1,
    Math.max(0, ...here, ...read),
    here,
    read,
  );
  return {
    changes,
    problems,
    ignored,
    device: { device, name: c.name, lastHlc: c.lastHlc, files: files.length, missing },
    cursor: c,
  };
}
