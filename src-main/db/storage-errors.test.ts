import { describe, expect, it } from 'vitest';
import { classifyStorageError, DAMAGED_MESSAGE, toStorageError } from './storage-errors';

const err = (code: string): Error => Object.assign(new Error(code), { code });

describe('storage error classification', () => {
  it.each([
    ['SQLITE_CORRUPT', 'corrupt'],
    ['SQLITE_CORRUPT_INDEX', 'corrupt'],
    ['SQLITE_NOTADB', 'corrupt'],
    ['SQLITE_FULL', 'disk_full'],
    ['ENOSPC', 'disk_full'],
    ['SQLITE_IOERR', 'storage_io'],
    ['SQLITE_IOERR_WRITE', 'storage_io'],
    ['SQLITE_IOERR_FSYNC', 'storage_io'],
    ['SQLITE_BUSY', 'storage_busy'],
    ['SQLITE_BUSY_SNAPSHOT', 'storage_busy'],
    ['SQLITE_LOCKED', 'storage_busy'],
    ['SQLITE_READONLY', 'storage_readonly'],
    ['SQLITE_CANTOPEN', 'storage_readonly'],
    ['EACCES', 'storage_readonly'],
    ['EPERM', 'storage_readonly'],
  ])('%s is %s', (code, kind) => {
    expect(classifyStorageError(err(code))).toBe(kind);
  });

  it('leaves other failures alone', () => {
    expect(classifyStorageError(new Error('x'))).toBeNull();
    expect(classifyStorageError(err('SQLITE_CONSTRAINT_CHECK'))).toBeNull();
    const plain = new Error('boom');
    expect(toStorageError(plain)).toBe(plain);
  });

  it('gives the UI a code and a plain message for a full disk', () => {
    expect(toStorageError(err('SQLITE_FULL'))).toMatchObject({
      code: 'disk_full',
      message: 'The disk is full. Free some space and Marquee will save again.',
    });
  });

  it('tells damage met after start-up as such, with what a restart does about it', () => {
    expect(toStorageError(err('SQLITE_CORRUPT'))).toMatchObject({
      code: 'storage_io',
      message: DAMAGED_MESSAGE,
    });
  });
});
