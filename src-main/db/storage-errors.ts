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
 * The error the UI gets for a storage failure: its own code and plain message. Corruption and
 * anything unknown come back unchanged (the guard reports those as `internal`).
 */
export function toStorageError(error: unknown): unknown {
  const kind = classifyStorageError(error);
  if (kind === null || kind === 'corrupt') return error;
  return new CodedError(kind, MESSAGES[kind]);
}
