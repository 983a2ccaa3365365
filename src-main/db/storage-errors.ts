import fs from 'node:fs';
import { CodedError } from '../../src-shared/ipc/errors';
import { errorCode } from '../base/errors';

/**
 * What a storage failure means. Only `corrupt` may move a database aside; the others are
 * conditions of the disk or of another process that pass (issue 12, defect 3).
 */
export type StorageFailure =
  'corrupt' | 'disk_full' | 'storage_io' | 'storage_busy' | 'storage_readonly';

/** Classifies a better-sqlite3 (`SQLITE_*`, extended codes included) or Node fs (`E*`) error. */
export function classifyStorageError(error: unknown): StorageFailure | null {
  const code = errorCode(error);
  if (code === undefined) return null;
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return 'corrupt';
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT') return 'disk_full';
  if (code.startsWith('SQLITE_IOERR') || code === 'EIO') return 'storage_io';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'storage_busy';
  if (
    code.startsWith('SQLITE_READONLY') ||
    code.startsWith('SQLITE_CANTOPEN') ||
    code === 'SQLITE_PERM' ||
    code === 'EACCES' ||
    code === 'EPERM' ||
    code === 'EROFS'
  )
    return 'storage_readonly';
  return null;
}

const MESSAGES: Record<Exclude<StorageFailure, 'corrupt'>, string> = {
  disk_full: 'The disk is full. Free some space and Marquee will save again.',
  storage_io:
    'Marquee could not read or write its data on the disk. Check the disk, then try again.',
  storage_busy:
    'Marquee’s data is in use by another Marquee right now. Try again in a moment, or close the other one.',
  storage_readonly:
    'Marquee may not write to its data folder. Check the folder’s permissions, then try again.',
};

/** The plain sentence for a storage condition. */
export function storageMessage(failure: Exclude<StorageFailure, 'corrupt'>): string {
  return MESSAGES[failure];
}

/**
 * What the UI hears when a read meets damage after start-up (SQLITE_CORRUPT). The next start
 * reads every record of the library and checks every index, so it finds the damage, keeps a copy
 * of the damaged file and repairs it (a damaged cache is kept aside and rebuilt).
 */
export const DAMAGED_MESSAGE =
  'Marquee found damage in its data on the disk. Restart Marquee: it keeps a copy of the damaged file, then repairs it.';

/**
 * The error the UI gets for a storage failure: its own code and plain message; corruption is
 * told as damage that a restart repairs. Anything unknown comes back unchanged (the guard
 * reports it as `internal`).
 */
export function toStorageError(error: unknown): unknown {
  const kind = classifyStorageError(error);
  if (kind === null) return error;
  if (kind === 'corrupt') return new CodedError('storage_io', DAMAGED_MESSAGE);
  return new CodedError(kind, MESSAGES[kind]);
}

/** Under this much free space SQLite cannot make its shared-memory file (32 KiB) or grow a WAL. */
export const LOW_SPACE_BYTES = 1024 * 1024;

/**
 * An I/O error on a disk with almost no room left is the disk being full: SQLite reports a
 * shared-memory file it could not size as `SQLITE_IOERR_SHMSIZE`, not `SQLITE_FULL`, so the
 * free space of `dir` decides. `freeBytes` is for tests.
 */
export function refineFailure(
  failure: Exclude<StorageFailure, 'corrupt'>,
  dir: string,
  freeBytes: (dir: string) => number = freeSpace,
): Exclude<StorageFailure, 'corrupt'> {
  if (failure !== 'storage_io') return failure;
  try {
    return freeBytes(dir) < LOW_SPACE_BYTES ? 'disk_full' : failure;
  } catch {
    return failure;
  }
}

function freeSpace(dir: string): number {
  const stats = fs.statfsSync(dir);
  return stats.bavail * stats.bsize;
}
