import fs from 'node:fs';
import path from 'node:path';

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

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; only ESRCH says it is gone.
    return !(error instanceof Error && 'code' in error && error.code === 'ESRCH');
  }
};

/**
 * One Marquee per data folder (issue 12, defect 4): the browser harness takes this lock as the app
 * takes Electron's single-instance lock. A lock file holds the owner's pid; a lock left by a process
 * that no longer runs (a crash, a kill) is stale and taken over.
 */
export function acquireFolderLock(
  folder: string,
  options: { pid?: number; alive?: (pid: number) => boolean } = {},
): FolderLock {
  const pid = options.pid ?? process.pid;
  const alive = options.alive ?? isAlive;
  const file = path.join(folder, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      fs.writeSync(fd, `${pid}\n`);
      fs.closeSync(fd);
      return {
        release: () => {
          // Only our own lock is removed: a stale-lock takeover may have replaced it.
          if (ownerOf(file) === pid) fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    }
    const owner = ownerOf(file);
    if (owner !== null && owner !== pid && alive(owner)) throw new FolderInUseError(folder, owner);
    // Stale (its owner is gone) or unreadable (a crash mid-write): remove it and try again.
    fs.rmSync(file, { force: true });
  }
  throw new FolderInUseError(folder, ownerOf(file) ?? -1);
}

function ownerOf(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
