import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  formatOwner,
  newOwner,
  ownerGone,
  parseOwner,
  systemProbe,
  type LockOwner,
  type ProcessProbe,
} from './lock-owner';

export const LOCK_FILE = 'marquee.lock';

/** Another Marquee (app or browser harness) is using the data folder. */
export class FolderInUseError extends Error {
  readonly code = 'conflict';
  constructor(
    readonly folder: string,
    readonly ownerPid: number,
  ) {
    super(
      `This data folder is in use by another Marquee (process ${ownerPid}): ${folder}. Close it, or choose another folder with MARQUEE_DATA_DIR.`,
    );
    this.name = 'FolderInUseError';
  }
}

export interface FolderLock {
  release(): void;
}

export interface FolderLockOptions {
  pid?: number;
  alive?: (pid: number) => boolean;
  probe?: ProcessProbe;
}

/** Tokens of the locks this process holds: a lock naming our pid with another token is a leftover. */
const held = new Set<string>();

/** Takeover claims nest one level per claimer that crashed mid-takeover; names stay short. */
const MAX_DEPTH = 6;

/**
 * One Marquee per data folder: the browser harness takes this lock as the app takes Electron's
 * single-instance lock. The lock file names its owner and appears whole or not at all: the owner is
 * written to a private file first, then hard-linked to the lock's name, which fails when the name
 * exists. So two processes starting together can never both create it, and a lock file without an
 * owner in it was never written by a running Marquee of this version.
 *
 * A lock is taken over only when its owner is provably gone (same host, and its pid no longer runs
 * or now belongs to a process started later). Two processes may find the same stale lock; before
 * replacing it each must create a claim named after that lock's exact contents, the same way, so
 * only one replaces it. The claim is a lock like any other: a claimer that crashed mid-takeover is
 * itself taken over by the next claim down.
 */
export function acquireFolderLock(folder: string, options: FolderLockOptions = {}): FolderLock {
  const system = options.probe ?? systemProbe();
  const probe: ProcessProbe = options.alive ? { ...system, alive: options.alive } : system;
  const me = newOwner(options.pid ?? process.pid, probe);
  const file = path.join(folder, LOCK_FILE);
  const gone = (owner: LockOwner): boolean =>
    (owner.pid === process.pid && owner.host === probe.host && !held.has(owner.token)) ||
    ownerGone(owner, probe);
  take(file, me, gone, 0, folder);
  held.add(me.token);
  return {
    release: () => {
      held.delete(me.token);
      // Only our own lock is removed; while we run, nobody else may replace it.
      if (parseOwner(read(file) ?? '')?.token === me.token) fs.rmSync(file, { force: true });
    },
  };
}

function take(
  slot: string,
  me: LockOwner,
  gone: (owner: LockOwner) => boolean,
  depth: number,
  folder: string,
): void {
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createWhole(slot, me)) return;
    const seen = read(slot);
    if (seen === undefined) continue; // Released between our try and our look: try again.
    const owner = parseOwner(seen);
    if (owner && !gone(owner)) throw new FolderInUseError(folder, owner.pid);
    if (depth >= MAX_DEPTH) break;
    // Stale: win the one claim on exactly these contents, then replace them in one step.
    const claim = `${slot}.${createHash('sha256').update(seen).digest('hex').slice(0, 12)}`;
    take(claim, me, gone, depth + 1, folder);
    try {
      // Holding the claim, nobody else may replace `seen`; it may only have been replaced before
      // we held it, by an earlier claimer (then we look again).
      if (read(slot) === seen) {
        writeWhole(slot, me);
        return;
      }
    } finally {
      fs.rmSync(claim, { force: true });
    }
  }
  throw new FolderInUseError(folder, parseOwner(read(slot) ?? '')?.pid ?? -1);
}

const tempFor = (slot: string, me: LockOwner): string => `${slot}.tmp-${me.token}`;

const errorCode = (error: unknown): unknown =>
  error instanceof Error && 'code' in error ? error.code : undefined;

/** Creates `slot` holding our owner record, whole, only if it does not exist. */
function createWhole(slot: string, me: LockOwner): boolean {
  const temp = tempFor(slot, me);
  fs.writeFileSync(temp, formatOwner(me), { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temp, slot);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    // A file system without hard links (FAT, some shares): exclusive create, then write.
    if (!['EPERM', 'ENOTSUP', 'ENOSYS', 'EOPNOTSUPP'].includes(String(errorCode(error)))) {
      throw error;
    }
    try {
      fs.writeFileSync(slot, formatOwner(me), { mode: 0o600, flag: 'wx' });
      return true;
    } catch (fallback) {
      if (errorCode(fallback) === 'EEXIST') return false;
      throw fallback;
    }
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** Replaces `slot` with our owner record in one step (rename over it). */
function writeWhole(slot: string, me: LockOwner): void {
  const temp = tempFor(slot, me);
  fs.writeFileSync(temp, formatOwner(me), { mode: 0o600, flag: 'wx' });
  try {
    fs.renameSync(temp, slot);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
}

function read(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}
